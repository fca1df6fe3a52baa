/**
 * The shared stylesheet of the kit's UI primitives, rendered by each primitive as a React 19
 * hoisted `<style>`: React keeps one copy in the document however many primitives show, so a page
 * pays only for the primitives it uses. Colours come from the theme's CSS variables (`--stackfx-*`,
 * see theme.tsx, whose palettes also set the `color-scheme` native controls follow).
 */

/**
 * What every primitive needs. (The theme's `color-scheme`, which native controls and scrollbars
 * follow, comes with its palettes.) Doubled class: stronger than the theme's `.stackfx-theme input`
 * padding and border.
 */
const baseRules =
  ".stackfx-visually-hidden.stackfx-visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0}"

/**
 * Rules of each primitive, by name: the `href` React deduplicates on. Sums of literals, not `join`
 * calls: `StackTheme` renders the base sheet, and a call would keep every sheet in each bundle.
 */
const rules = {
  base: baseRules,
  dialog:
    ".stackfx-dialog{color:var(--stackfx-text);background:var(--stackfx-background);border:1px solid var(--stackfx-border);" +
    "border-radius:calc(var(--stackfx-radius,8px) * 1.5);padding:0;width:min(28rem,calc(100vw - 2rem));max-height:calc(100dvh - 2rem);" +
    "box-shadow:0 20px 50px rgb(0 0 0 / .25)}" +
    ".stackfx-dialog::backdrop{background:rgb(17 24 39 / .55)}" +
    ".stackfx-dialog-body{display:flex;flex-direction:column;gap:.75rem;padding:1.25rem}" +
    ".stackfx-dialog-title{margin:0;font-size:1.125rem;line-height:1.4}" +
    ".stackfx-dialog-description{margin:0;color:var(--stackfx-muted)}" +
    ".stackfx-dialog-actions{display:flex;gap:.5rem;justify-content:flex-end;flex-wrap:wrap;margin-top:.5rem}" +
    ".stackfx-dialog form{margin:0}" +
    ".stackfx-theme .stackfx-dialog-form{display:flex;flex-direction:column;gap:.75rem}" +
    ".stackfx-button.stackfx-danger{background:var(--stackfx-danger);color:var(--stackfx-background)}",
  notice:
    ".stackfx-notice:empty{display:block;height:0;margin:0;padding:0;border:0}" +
    ".stackfx-notice:not(:empty){display:flex;gap:.5rem;align-items:flex-start;margin:.5rem 0;padding:.55rem .75rem;" +
    "border-radius:var(--stackfx-radius,8px);border:1px solid currentColor;background:var(--stackfx-surface)}" +
    ".stackfx-notice-saved{color:var(--stackfx-success)}.stackfx-notice-failed{color:var(--stackfx-danger)}" +
    ".stackfx-notice-text{color:var(--stackfx-text)}",
  badge:
    ".stackfx-badge{display:inline-flex;align-items:center;gap:.25rem;padding:.05rem .5rem;border-radius:999px;" +
    "font-size:.75rem;font-weight:600;line-height:1.5;border:1px solid currentColor;white-space:nowrap;background:var(--stackfx-background)}" +
    ".stackfx-badge-accent{color:var(--stackfx-accent)}.stackfx-badge-success{color:var(--stackfx-success)}" +
    ".stackfx-badge-warning{color:var(--stackfx-warning)}.stackfx-badge-danger{color:var(--stackfx-danger)}" +
    ".stackfx-badge-neutral{color:var(--stackfx-muted)}",
  filePicker:
    ".stackfx-file{display:flex;flex-direction:column;gap:.25rem}" +
    ".stackfx-file-row{display:flex;align-items:center;gap:.6rem;flex-wrap:wrap}" +
    ".stackfx-file-button{display:inline-flex;align-items:center;gap:.4rem;padding:.45rem .85rem;border:1px solid var(--stackfx-border);" +
    "border-radius:var(--stackfx-radius,8px);background:var(--stackfx-surface);color:var(--stackfx-text);cursor:pointer}" +
    ".stackfx-file:has(input:focus-visible) .stackfx-file-button{outline:2px solid var(--stackfx-accent);outline-offset:2px}" +
    ".stackfx-file:has(input:disabled) .stackfx-file-button{opacity:.6;cursor:default}" +
    ".stackfx-file-name,.stackfx-file-hint{color:var(--stackfx-muted);font-size:.875rem}",
  switch:
    ".stackfx-switch{display:inline-flex;align-items:center;gap:.6rem;background:none;border:0;padding:.15rem 0;color:var(--stackfx-text);font:inherit;cursor:pointer;text-align:left}" +
    ".stackfx-switch:disabled{opacity:.6;cursor:default}" +
    ".stackfx-switch-track{flex:none;position:relative;width:2.25rem;height:1.25rem;border-radius:999px;background:var(--stackfx-border);transition:background .15s}" +
    ".stackfx-switch-track::after{content:'';position:absolute;top:.15rem;left:.15rem;width:.95rem;height:.95rem;border-radius:50%;background:var(--stackfx-background);transition:transform .15s}" +
    ".stackfx-switch[aria-checked=true] .stackfx-switch-track{background:var(--stackfx-accent)}" +
    ".stackfx-switch[aria-checked=true] .stackfx-switch-track::after{transform:translateX(1rem)}" +
    "@media (prefers-reduced-motion:reduce){.stackfx-switch-track,.stackfx-switch-track::after{transition:none}}",
  skeleton:
    ".stackfx-skeleton{display:flex;flex-direction:column;gap:.6rem}" +
    ".stackfx-skeleton-line{height:.9rem;border-radius:4px;background:var(--stackfx-border);opacity:.6;animation:stackfx-pulse 1.2s ease-in-out infinite}" +
    "@keyframes stackfx-pulse{50%{opacity:.3}}" +
    "@media (prefers-reduced-motion:reduce){.stackfx-skeleton-line{animation:none}}"
} as const

/** A primitive's stylesheet name. */
export type StyleName = keyof typeof rules

/** A stylesheet rendered once per document whatever renders it: `href` names it (React 19 hoists and deduplicates). */
export const HoistedStyle = ({ href, css }: { readonly href: string; readonly css: string }) => (
  <style href={href} precedence="stackfx">{css}</style>
)

/**
 * The primitives' base sheet. `StackTheme` renders it before its own sheets, so the primitives'
 * precedence comes first in the document and the kit's rules follow them (see kit-styles.tsx).
 */
export const PrimitiveBaseStyle = () => <HoistedStyle href="stackfx-ui-base" css={baseRules} />

/** The `<style>` elements of the base sheet and of `name` (hoisted and deduplicated by React 19). */
export const PrimitiveStyles = ({ name }: { readonly name: StyleName }) => (
  <>
    <PrimitiveBaseStyle />
    <HoistedStyle href={`stackfx-ui-${name}`} css={rules[name]} />
  </>
)
