/**
 * `StackTheme`: the kit's CSS variables, a light and a dark palette, and the stylesheet every themed
 * page uses (each component adds its own, see kit-styles.tsx). The colour mode follows
 * `prefers-color-scheme` unless `colorMode` pins it.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState, useSyncExternalStore } from "react"
import { kitSheets, KitStyle, themeSheet } from "./kit-styles.tsx"
import { PrimitiveBaseStyle } from "./ui/styles.tsx"

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
  /** Status badges that need attention (an unverified address). */
  readonly warning: string
  /** Hover and selected backgrounds of menu items, options and quiet buttons. */
  readonly subtle: string
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
  success: "#047857",
  warning: "#92400e",
  subtle: "#eef0f4"
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
  success: "#6ee7b7",
  warning: "#fcd34d",
  subtle: "#374151"
}

const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

/** The declarations `--stackfx-<name>:<value>;` of a palette. */
export const paletteVariables = (palette: ThemePalette): string =>
  Object.entries(palette).map(([name, value]) => `--stackfx-${kebab(name)}:${value};`).join("")

/** The palettes' variables: light by default, dark under `prefers-color-scheme: dark` or `data-stackfx-mode="dark"`. */
const paletteStyles = (light: ThemePalette, dark: ThemePalette): string =>
  `.stackfx-theme,.stackfx-theme[data-stackfx-mode=light]{${paletteVariables(light)}color-scheme:light}` +
  `@media (prefers-color-scheme:dark){.stackfx-theme:not([data-stackfx-mode=light]){${paletteVariables(dark)}color-scheme:dark}}` +
  `.stackfx-theme[data-stackfx-mode=dark]{${paletteVariables(dark)}color-scheme:dark}`

/**
 * The kit's whole stylesheet for the given palettes (a page needing it outside React). `StackTheme`
 * renders the palettes and the theme's sheet, each component its own sheet (kit-styles.tsx).
 */
export const themeStyles = (light: ThemePalette = lightPalette, dark: ThemePalette = darkPalette): string =>
  paletteStyles(light, dark) + kitSheets.map((sheet) => sheet.css).join("")

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
  /**
   * Where the person's light/dark choice is remembered (`localStorage`, default
   * `"stackfx-color-mode"`); a remembered choice wins over `colorMode`. `null`: not remembered.
   */
  readonly storageKey?: string | null
  /** The themed content. */
  readonly children?: ReactNode
}

/** The colour mode in use and a way to change it (`UserButton`'s colour-mode item uses it). */
export interface ColorModeState {
  readonly mode: ColorMode
  readonly setMode: (mode: ColorMode) => void
}

/** The `localStorage` key of the remembered colour mode, unless `StackTheme` names another. */
export const defaultColorModeKey = "stackfx-color-mode"

const isColorMode = (value: unknown): value is ColorMode => value === "system" || value === "light" || value === "dark"

/** The remembered colour mode, if storage holds one and can be read (private modes may refuse). */
const storedMode = (key: string): ColorMode | undefined => {
  if (typeof localStorage === "undefined") return undefined
  try {
    const value = localStorage.getItem(key)
    return isColorMode(value) ? value : undefined
  } catch {
    return undefined
  }
}

const storeMode = (key: string, mode: ColorMode): void => {
  try {
    localStorage.setItem(key, mode)
  } catch {
    // Storage refused (quota, private mode): the choice holds for this page only.
  }
}

/**
 * A server-rendered page paints before React runs: this script, first in the theme's element, puts
 * the remembered mode on it while the HTML is parsed, so a dark choice never flashes light.
 */
const restoreScript = (key: string): string =>
  `(function(s){try{var m=localStorage.getItem(${JSON.stringify(key)}),e=s.parentElement;` +
  `if(m==="light"||m==="dark")e.setAttribute("data-stackfx-mode",m);else if(m==="system")e.removeAttribute("data-stackfx-mode")}catch(x){}})(document.currentScript)`

const noSubscription = () => () => {}

/**
 * True while rendering HTML on a server or hydrating it, false in a client render: the restore
 * script belongs in server HTML only (a client-made script never runs, and React warns about it).
 */
const useInServerHtml = (): boolean => useSyncExternalStore(noSubscription, () => false, () => true)

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
export const StackTheme = ({ colorMode = "system", light, dark, fill = false, storageKey = defaultColorModeKey, children }: StackThemeProps) => {
  // The remembered mode from a client's first render (no flash); while hydrating, the server's
  // (nothing remembered there: the restore script has set the attribute), then the remembered one.
  const stored = useSyncExternalStore(noSubscription, () => (storageKey === null ? undefined : storedMode(storageKey)), () => undefined)
  const [chosen, setChosen] = useState<ColorMode | undefined>(undefined)
  const mode: ColorMode = chosen ?? stored ?? colorMode
  const setMode = useCallback((next: ColorMode) => {
    setChosen(next)
    if (storageKey !== null) storeMode(storageKey, next)
  }, [storageKey])
  const state = useMemo(() => ({ mode, setMode }), [mode, setMode])
  const inServerHtml = useInServerHtml()
  return (
    <ColorModeContext.Provider value={state}>
      <div
        className={fill ? "stackfx-theme stackfx-fill" : "stackfx-theme"}
        data-stackfx-mode={mode === "system" ? undefined : mode}
        // The restore script may have set the mode before hydration; the client's first render agrees.
        suppressHydrationWarning
      >
        {storageKey === null || !inServerHtml ? null : <script dangerouslySetInnerHTML={{ __html: restoreScript(storageKey) }} />}
        {/* The primitives' precedence first, then the theme's sheet: every later sheet follows both (kit-styles.tsx). */}
        <PrimitiveBaseStyle />
        <KitStyle sheet={themeSheet} />
        {/* The palettes follow the props: a hoisted sheet would outlive a change (React never removes one). */}
        <style>{paletteStyles({ ...lightPalette, ...light }, { ...darkPalette, ...dark })}</style>
        {children}
      </div>
    </ColorModeContext.Provider>
  )
}
