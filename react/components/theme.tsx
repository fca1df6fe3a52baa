/**
 * `StackTheme`: the kit's stylesheet, themed by CSS variables, with a light and a dark palette. The
 * colour mode follows `prefers-color-scheme` unless `colorMode` pins it.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState, useSyncExternalStore } from "react"

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

/** The kit's stylesheet for the given palettes: light by default, dark under `prefers-color-scheme: dark` or `data-stackfx-mode="dark"`. */
export const themeStyles = (light: ThemePalette = lightPalette, dark: ThemePalette = darkPalette): string =>
  [
    `.stackfx-theme,.stackfx-theme[data-stackfx-mode=light]{${paletteVariables(light)}color-scheme:light}`,
    `@media (prefers-color-scheme:dark){.stackfx-theme:not([data-stackfx-mode=light]){${paletteVariables(dark)}color-scheme:dark}}`,
    `.stackfx-theme[data-stackfx-mode=dark]{${paletteVariables(dark)}color-scheme:dark}`,
    // Scales: type (xs…xl) and spacing (1…6), radius, shadow, font; every one a variable to override.
    ".stackfx-theme{--stackfx-radius:8px;--stackfx-font:system-ui,-apple-system,'Segoe UI',sans-serif;",
    "--stackfx-text-xs:.75rem;--stackfx-text-sm:.875rem;--stackfx-text-md:1rem;--stackfx-text-lg:1.25rem;--stackfx-text-xl:1.5rem;",
    "--stackfx-space-1:.25rem;--stackfx-space-2:.5rem;--stackfx-space-3:.75rem;--stackfx-space-4:1rem;--stackfx-space-5:1.5rem;--stackfx-space-6:2rem;",
    "--stackfx-shadow:0 8px 24px rgb(0 0 0/.16);",
    "font-family:var(--stackfx-font);font-size:var(--stackfx-text-md);line-height:1.5;color:var(--stackfx-text);background:var(--stackfx-background)}",
    ".stackfx-theme *,.stackfx-theme *::before,.stackfx-theme *::after{box-sizing:border-box}",
    ".stackfx-theme h1{font-size:var(--stackfx-text-xl);line-height:1.25;margin:0 0 var(--stackfx-space-4)}",
    ".stackfx-theme h2{font-size:var(--stackfx-text-lg);line-height:1.3;margin:0 0 var(--stackfx-space-3)}",
    ".stackfx-theme h3{font-size:var(--stackfx-text-md);margin:0 0 var(--stackfx-space-2)}",
    ".stackfx-theme :focus-visible{outline:2px solid var(--stackfx-accent);outline-offset:2px}",
    ".stackfx-theme [tabindex='-1']:focus{outline:none}",
    ".stackfx-card{background:var(--stackfx-surface);border:1px solid var(--stackfx-border);border-radius:calc(var(--stackfx-radius)*1.5);",
    "padding:var(--stackfx-space-5);max-width:26rem;margin:var(--stackfx-space-6) auto}",
    ".stackfx-card>h1,.stackfx-card>h2,.stackfx-auth h1,.stackfx-auth h2{text-align:center}",
    // Buttons: the primary action filled with the accent; secondary ones outlined and quiet.
    ".stackfx-button{display:inline-flex;align-items:center;justify-content:center;gap:var(--stackfx-space-2);min-height:2.5rem;",
    "padding:var(--stackfx-space-2) var(--stackfx-space-4);border:1px solid transparent;border-radius:var(--stackfx-radius);",
    "background:var(--stackfx-accent);color:var(--stackfx-accent-text);cursor:pointer;font:inherit;font-weight:600;text-decoration:none}",
    ".stackfx-button:hover:not(:disabled){filter:brightness(1.08)}",
    ".stackfx-button:disabled,.stackfx-button[aria-disabled=true]{opacity:.55;cursor:not-allowed}",
    ".stackfx-theme .stackfx-secondary{background:var(--stackfx-background);color:var(--stackfx-text);border-color:var(--stackfx-border);font-weight:500}",
    ".stackfx-theme .stackfx-secondary:hover:not(:disabled){background:var(--stackfx-subtle);filter:none}",
    ".stackfx-danger-button{background:var(--stackfx-danger);color:var(--stackfx-background)}",
    ".stackfx-link{background:none;border:0;padding:0;color:var(--stackfx-accent);text-decoration:underline;cursor:pointer;font:inherit}",
    ".stackfx-theme a:not(.stackfx-button):not([role=menuitem]){color:var(--stackfx-accent)}",
    // Text: errors, notes, hints, pending.
    ".stackfx-error{color:var(--stackfx-danger);margin:var(--stackfx-space-2) 0}.stackfx-error:empty{display:none}",
    ".stackfx-note{color:var(--stackfx-muted);margin:var(--stackfx-space-2) 0}",
    ".stackfx-hint{color:var(--stackfx-muted);font-size:var(--stackfx-text-sm);margin:0}",
    ".stackfx-pending::before{content:'';display:inline-block;width:.9em;height:.9em;margin-right:var(--stackfx-space-2);vertical-align:-.1em;",
    "border:2px solid var(--stackfx-border);border-top-color:var(--stackfx-accent);border-radius:50%;animation:stackfx-spin .8s linear infinite}",
    "@keyframes stackfx-spin{to{transform:rotate(360deg)}}",
    "@media (prefers-reduced-motion:reduce){.stackfx-pending::before{animation:none}}",
    // Forms.
    ".stackfx-theme form{display:flex;flex-direction:column;gap:var(--stackfx-space-3);margin:var(--stackfx-space-3) 0}",
    ".stackfx-field{display:flex;flex-direction:column;gap:var(--stackfx-space-1)}",
    ".stackfx-field label{font-size:var(--stackfx-text-sm);font-weight:600}",
    ".stackfx-theme input,.stackfx-theme select{font:inherit;min-height:2.5rem;padding:var(--stackfx-space-2) var(--stackfx-space-3);color:var(--stackfx-text);",
    "background:var(--stackfx-background);border:1px solid var(--stackfx-border);border-radius:var(--stackfx-radius);width:100%}",
    ".stackfx-theme input[aria-invalid=true]{border-color:var(--stackfx-danger);box-shadow:0 0 0 1px var(--stackfx-danger)}",
    ".stackfx-theme input:disabled{opacity:.6;cursor:not-allowed}",
    ".stackfx-row{display:flex;gap:var(--stackfx-space-2);align-items:center;flex-wrap:wrap}",
    ".stackfx-list{list-style:none;padding:0;margin:var(--stackfx-space-2) 0;display:flex;flex-direction:column;gap:var(--stackfx-space-2)}",
    ".stackfx-section{border-top:1px solid var(--stackfx-border);padding-top:var(--stackfx-space-3);margin-top:var(--stackfx-space-4)}",
    ".stackfx-empty{color:var(--stackfx-muted);text-align:center;padding:var(--stackfx-space-4);border:1px dashed var(--stackfx-border);border-radius:var(--stackfx-radius)}",
    // Status badges.
    ".stackfx-badge{display:inline-flex;align-items:center;padding:0 var(--stackfx-space-2);border-radius:999px;font-size:var(--stackfx-text-xs);",
    "font-weight:600;line-height:1.6;border:1px solid var(--stackfx-border);color:var(--stackfx-muted)}",
    ".stackfx-badge-success{color:var(--stackfx-success);border-color:currentColor}",
    ".stackfx-badge-warning{color:var(--stackfx-warning);border-color:currentColor}",
    ".stackfx-badge-accent{color:var(--stackfx-accent);border-color:currentColor}",
    // The sign-in card.
    ".stackfx-divider{display:flex;align-items:center;gap:var(--stackfx-space-2);color:var(--stackfx-muted);font-size:var(--stackfx-text-sm);margin:var(--stackfx-space-4) 0}",
    ".stackfx-divider::before,.stackfx-divider::after{content:'';flex:1;border-top:1px solid var(--stackfx-border)}",
    ".stackfx-oauth-group{display:flex;flex-direction:column;gap:var(--stackfx-space-2)}",
    ".stackfx-oauth-button,.stackfx-passkey .stackfx-button{width:100%}",
    ".stackfx-passkey{margin-top:var(--stackfx-space-2)}",
    ".stackfx-provider-mark{flex:none}",
    ".stackfx-auth form .stackfx-button[type=submit]{width:100%}",
    ".stackfx-auth-footer{text-align:center;font-size:var(--stackfx-text-sm)}",
    ".stackfx-extra-info{font-size:var(--stackfx-text-xs);color:var(--stackfx-muted);text-align:center;margin-top:var(--stackfx-space-4)}",
    "[role=tablist].stackfx-tabs{display:flex;gap:var(--stackfx-space-1);padding:var(--stackfx-space-1);background:var(--stackfx-background);",
    "border:1px solid var(--stackfx-border);border-radius:var(--stackfx-radius)}",
    ".stackfx-tabs [role=tab]{flex:1;border:0;background:none;color:var(--stackfx-muted);font:inherit;font-size:var(--stackfx-text-sm);font-weight:600;",
    "padding:var(--stackfx-space-1) var(--stackfx-space-2);border-radius:calc(var(--stackfx-radius) - 2px);cursor:pointer}",
    ".stackfx-tabs [role=tab][aria-selected=true]{background:var(--stackfx-surface);color:var(--stackfx-text);box-shadow:0 1px 2px rgb(0 0 0/.12)}",
    // Avatars.
    ".stackfx-avatar{display:inline-flex;flex:none;align-items:center;justify-content:center;border-radius:50%;",
    "background:var(--stackfx-accent);color:var(--stackfx-accent-text);font-weight:700;overflow:hidden;line-height:1}",
    ".stackfx-avatar-square{border-radius:calc(var(--stackfx-radius)*.75)}",
    ".stackfx-avatar-border{box-shadow:0 0 0 2px var(--stackfx-border)}",
    ".stackfx-avatar-empty{background:var(--stackfx-subtle);color:var(--stackfx-muted)}",
    ".stackfx-avatar img{width:100%;height:100%;object-fit:cover}",
    // Popups: the user menu and the team listbox.
    ".stackfx-menu{position:relative;display:inline-block}",
    ".stackfx-menu-trigger{display:inline-flex;align-items:center;gap:var(--stackfx-space-2);min-height:2.5rem;padding:var(--stackfx-space-1);",
    "border:1px solid transparent;border-radius:999px;background:none;color:var(--stackfx-text);font:inherit;cursor:pointer;text-align:left;max-width:100%}",
    ".stackfx-menu-trigger:hover,.stackfx-menu-trigger[aria-expanded=true]{background:var(--stackfx-subtle)}",
    ".stackfx-user-info{display:flex;flex-direction:column;min-width:0;padding-right:var(--stackfx-space-2)}",
    ".stackfx-user-name{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}",
    ".stackfx-user-email{font-size:var(--stackfx-text-sm);color:var(--stackfx-muted);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}",
    ".stackfx-popup{position:absolute;right:0;top:calc(100% + var(--stackfx-space-1));z-index:20;min-width:14rem;max-width:min(20rem,calc(100vw - 1rem));",
    "background:var(--stackfx-surface);border:1px solid var(--stackfx-border);border-radius:var(--stackfx-radius);box-shadow:var(--stackfx-shadow);padding:var(--stackfx-space-1)}",
    ".stackfx-menu-header{display:flex;align-items:center;gap:var(--stackfx-space-2);padding:var(--stackfx-space-2);border-bottom:1px solid var(--stackfx-border);margin-bottom:var(--stackfx-space-1)}",
    ".stackfx-popup [role=menu],.stackfx-popup [role=listbox]{display:flex;flex-direction:column;margin:0;padding:0;list-style:none}",
    ".stackfx-menu-item,.stackfx-popup [role=option]{display:flex;align-items:center;gap:var(--stackfx-space-2);width:100%;min-height:2.25rem;",
    "padding:var(--stackfx-space-1) var(--stackfx-space-2);background:none;border:0;border-radius:calc(var(--stackfx-radius) - 2px);",
    "color:var(--stackfx-text);font:inherit;text-align:left;text-decoration:none;cursor:pointer}",
    ".stackfx-menu-item:hover,.stackfx-menu-item:focus,.stackfx-popup [role=option]:hover,.stackfx-popup [role=option].stackfx-active{background:var(--stackfx-subtle);outline:none}",
    ".stackfx-menu-item[aria-disabled=true]{opacity:.55;cursor:not-allowed}",
    "[role=menuitemradio].stackfx-menu-item::after,[role=option].stackfx-menu-item::after{content:'';margin-left:auto;width:.5rem;height:.5rem;border-radius:50%}",
    "[role=menuitemradio][aria-checked=true]::after,[role=option][aria-selected=true]::after{background:var(--stackfx-accent)}",
    ".stackfx-menu-icon{display:inline-flex;width:1.25rem;justify-content:center}",
    ".stackfx-menu-separator{height:1px;background:var(--stackfx-border);margin:var(--stackfx-space-1) 0}",
    ".stackfx-team-switcher .stackfx-popup{left:0;right:auto}",
    ".stackfx-team-trigger{border:1px solid var(--stackfx-border);border-radius:var(--stackfx-radius);background:var(--stackfx-background);padding:var(--stackfx-space-1) var(--stackfx-space-2);min-width:11rem}",
    ".stackfx-team-trigger::after{content:'';margin-left:auto;border:5px solid transparent;border-top-color:currentColor;transform:translateY(25%)}",
    // Dialogs (native <dialog>).
    ".stackfx-dialog{border:1px solid var(--stackfx-border);border-radius:calc(var(--stackfx-radius)*1.5);background:var(--stackfx-surface);color:var(--stackfx-text);",
    "padding:var(--stackfx-space-5);width:min(26rem,calc(100vw - 2rem));box-shadow:var(--stackfx-shadow)}",
    ".stackfx-dialog::backdrop{background:rgb(0 0 0/.45)}",
    ".stackfx-dialog-actions{display:flex;gap:var(--stackfx-space-2);justify-content:flex-end;flex-wrap:wrap}",
    ".stackfx-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}",
    ".stackfx-menu-empty{padding:var(--stackfx-space-2);font-size:var(--stackfx-text-sm)}",
    ".stackfx-create-option{border-top:1px solid var(--stackfx-border);border-radius:0;margin-top:var(--stackfx-space-1);color:var(--stackfx-accent)}",
    ".stackfx-page{max-width:32rem;margin:0 auto;padding:var(--stackfx-space-6) var(--stackfx-space-4)}",
    ".stackfx-fill{min-height:100vh}",
    ".stackfx-full-page{min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:var(--stackfx-space-4)}",
    ".stackfx-full-page>.stackfx-card{width:100%}",
    "@media (max-width:480px){.stackfx-card{padding:var(--stackfx-space-4);margin:var(--stackfx-space-4) auto}.stackfx-page{padding:var(--stackfx-space-4) var(--stackfx-space-3)}}"
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
        <style>{themeStyles({ ...lightPalette, ...light }, { ...darkPalette, ...dark })}</style>
        {children}
      </div>
    </ColorModeContext.Provider>
  )
}
