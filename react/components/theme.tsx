/**
 * `StackTheme`: the kit's stylesheet, themed by CSS variables, with a light and a dark palette. The
 * colour mode follows `prefers-color-scheme` unless `colorMode` pins it.
 */
import { createContext, type ReactNode, useContext, useState } from "react"

/** A colour mode: follow the system, or pin light or dark. */
export type ColorMode = "system" | "light" | "dark"

/** The CSS variables a theme may set (without the `--stackfx-` prefix). */
export interface ThemePalette {
  readonly background: string
  readonly surface: string
  readonly text: string
  readonly muted: string
  readonly border: string
  readonly accent: string
  readonly accentText: string
  readonly danger: string
  readonly success: string
}

/** The light palette (contrast ratios of text on background and surface above 4.5:1). */
export const lightPalette: ThemePalette = {
  background: "#ffffff",
  surface: "#f9fafb",
  text: "#111827",
  muted: "#4b5563",
  border: "#d1d5db",
  accent: "#4338ca",
  accentText: "#ffffff",
  danger: "#b91c1c",
  success: "#047857"
}

/** The dark palette (contrast ratios of text on background and surface above 4.5:1). */
export const darkPalette: ThemePalette = {
  background: "#111827",
  surface: "#1f2937",
  text: "#f9fafb",
  muted: "#d1d5db",
  border: "#4b5563",
  accent: "#a5b4fc",
  accentText: "#111827",
  danger: "#fca5a5",
  success: "#6ee7b7"
}

const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

/** The declarations `--stackfx-<name>:<value>;` of a palette. */
export const paletteVariables = (palette: ThemePalette): string =>
  Object.entries(palette).map(([name, value]) => `--stackfx-${kebab(name)}:${value};`).join("")

/** The kit's stylesheet for the given palettes: light by default, dark under `prefers-color-scheme: dark` or `data-stackfx-mode="dark"`. */
export const themeStyles = (light: ThemePalette = lightPalette, dark: ThemePalette = darkPalette): string =>
  [
    `.stackfx-theme,.stackfx-theme[data-stackfx-mode=light]{${paletteVariables(light)}}`,
    `@media (prefers-color-scheme:dark){.stackfx-theme:not([data-stackfx-mode=light]){${paletteVariables(dark)}}}`,
    `.stackfx-theme[data-stackfx-mode=dark]{${paletteVariables(dark)}}`,
    ".stackfx-theme{--stackfx-radius:8px;--stackfx-font:system-ui,sans-serif;font-family:var(--stackfx-font);",
    "color:var(--stackfx-text);background:var(--stackfx-background)}",
    ".stackfx-theme :focus-visible{outline:2px solid var(--stackfx-accent);outline-offset:2px}",
    ".stackfx-card{background:var(--stackfx-surface);border:1px solid var(--stackfx-border);",
    "border-radius:var(--stackfx-radius);padding:1.25rem;max-width:24rem;margin:2rem auto}",
    ".stackfx-card h2{margin-top:0}",
    ".stackfx-button{padding:.5rem .9rem;border:0;border-radius:var(--stackfx-radius);",
    "background:var(--stackfx-accent);color:var(--stackfx-accent-text);cursor:pointer;font:inherit}",
    ".stackfx-button:disabled{opacity:.6;cursor:default}",
    ".stackfx-error{color:var(--stackfx-danger)}.stackfx-note{color:var(--stackfx-muted)}",
    ".stackfx-error:empty{display:none}",
    ".stackfx-theme a:not(.stackfx-button){color:var(--stackfx-accent)}",
    "a.stackfx-button{display:inline-block;text-decoration:none}",
    ".stackfx-theme form{display:flex;flex-direction:column;gap:.6rem;margin:.75rem 0}",
    ".stackfx-field{display:flex;flex-direction:column;gap:.25rem}",
    ".stackfx-theme input,.stackfx-theme select{font:inherit;padding:.5rem;color:var(--stackfx-text);background:var(--stackfx-background);",
    "border:1px solid var(--stackfx-border);border-radius:var(--stackfx-radius)}",
    ".stackfx-link{background:none;border:0;padding:0;color:var(--stackfx-accent);text-decoration:underline;cursor:pointer;font:inherit}",
    ".stackfx-secondary{background:var(--stackfx-surface);color:var(--stackfx-text);border:1px solid var(--stackfx-border)}",
    ".stackfx-row{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}",
    ".stackfx-list{list-style:none;padding:0;margin:.5rem 0;display:flex;flex-direction:column;gap:.4rem}",
    ".stackfx-section{border-top:1px solid var(--stackfx-border);padding-top:.75rem;margin-top:1rem}",
    ".stackfx-divider{display:flex;align-items:center;gap:.5rem;color:var(--stackfx-muted);margin:.75rem 0}",
    ".stackfx-divider::before,.stackfx-divider::after{content:'';flex:1;border-top:1px solid var(--stackfx-border)}",
    ".stackfx-oauth-group{display:flex;flex-direction:column;gap:.4rem}",
    ".stackfx-passkey .stackfx-button{width:100%;margin-top:.4rem}",
    ".stackfx-auth .stackfx-error:empty{display:none}",
    ".stackfx-oauth-button{display:flex;gap:.5rem;align-items:center;justify-content:center;width:100%}",
    ".stackfx-avatar{display:inline-flex;align-items:center;justify-content:center;width:2rem;height:2rem;border-radius:50%;",
    "background:var(--stackfx-accent);color:var(--stackfx-accent-text);font-weight:700;overflow:hidden}",
    ".stackfx-avatar img{width:100%;height:100%;object-fit:cover}",
    ".stackfx-menu{position:relative;display:inline-block}",
    ".stackfx-menu [role=menu]{position:absolute;right:0;z-index:10;min-width:12rem;background:var(--stackfx-surface);",
    "border:1px solid var(--stackfx-border);border-radius:var(--stackfx-radius);padding:.25rem;display:flex;flex-direction:column}",
    ".stackfx-menu [role=menuitem]{background:none;border:0;text-align:left;padding:.5rem;color:var(--stackfx-text);font:inherit;cursor:pointer;border-radius:var(--stackfx-radius)}",
    ".stackfx-menu [role=menuitem]:hover,.stackfx-menu [role=menuitem]:focus{background:var(--stackfx-background)}",
    ".stackfx-page{max-width:32rem;margin:0 auto;padding:2rem 1rem}",
    ".stackfx-fill{min-height:100vh}"
  ].join("")

/** Props of `StackTheme`. */
export interface StackThemeProps {
  /** `"system"` (default) follows `prefers-color-scheme`; `"light"` or `"dark"` pins the mode. */
  readonly colorMode?: ColorMode
  /** Overrides of the light palette. */
  readonly light?: Partial<ThemePalette>
  /** Overrides of the dark palette. */
  readonly dark?: Partial<ThemePalette>
  /** Fill the viewport's height with the theme's background (whole pages). */
  readonly fill?: boolean
  /** The themed content. */
  readonly children?: ReactNode
}

/** The colour mode in use and a way to change it (`UserButton`'s colour-mode item uses it). */
export interface ColorModeState {
  readonly mode: ColorMode
  readonly setMode: (mode: ColorMode) => void
}

const ColorModeContext = createContext<ColorModeState | undefined>(undefined)

/** The nearest `StackTheme`'s colour mode, or undefined outside one. */
export const useColorMode = (): ColorModeState | undefined => useContext(ColorModeContext)

/**
 * Themes its children with the kit's stylesheet and CSS variables, light or dark. `colorMode` is
 * where it starts; components inside can change it (`useColorMode`).
 *
 * @example
 * <StackTheme colorMode="dark" light={{ accent: "#0f766e" }}><SignIn /></StackTheme>
 */
export const StackTheme = ({ colorMode = "system", light, dark, fill = false, children }: StackThemeProps) => {
  const [mode, setMode] = useState<ColorMode>(colorMode)
  return (
    <ColorModeContext.Provider value={{ mode, setMode }}>
      <div className={fill ? "stackfx-theme stackfx-fill" : "stackfx-theme"} data-stackfx-mode={mode === "system" ? undefined : mode}>
        <style>{themeStyles({ ...lightPalette, ...light }, { ...darkPalette, ...dark })}</style>
        {children}
      </div>
    </ColorModeContext.Provider>
  )
}
