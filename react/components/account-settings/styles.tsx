/**
 * The account settings' own layout: a sidebar beside the selected section (a select above it at
 * 640 px and narrower), groups separated by rules, buttons sized to their words. Colours are the
 * theme's variables.
 */
import { HoistedStyle, PrimitiveStyles } from "../ui/styles.tsx"

const css = [
  ".stackfx-settings{width:100%;box-sizing:border-box;color:var(--stackfx-text)}",
  ".stackfx-settings *,.stackfx-settings *::before,.stackfx-settings *::after{box-sizing:border-box}",
  ".stackfx-settings-full{min-height:100vh;padding:2rem clamp(1rem,4vw,3rem)}",
  ".stackfx-settings-title{font-size:1.5rem;line-height:1.3;margin:0 0 1.25rem}",
  ".stackfx-settings-layout{display:grid;grid-template-columns:15rem minmax(0,1fr);gap:2rem;align-items:start;max-width:64rem}",
  ".stackfx-settings-nav ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:.15rem}",
  ".stackfx-settings-nav a{display:flex;align-items:center;gap:.6rem;padding:.5rem .7rem;border-radius:var(--stackfx-radius,8px);",
  "color:var(--stackfx-text);text-decoration:none;min-height:2.5rem}",
  // Stronger than the theme's link colour (which a link that is no menu item gets): the sidebar reads as navigation, not links.
  ".stackfx-theme .stackfx-settings .stackfx-settings-nav a:not(.stackfx-button){color:var(--stackfx-text)}",
  ".stackfx-settings-nav a:hover{background:var(--stackfx-surface)}",
  ".stackfx-settings-nav a[aria-current=page]{background:var(--stackfx-surface);font-weight:600;box-shadow:inset 3px 0 0 var(--stackfx-accent)}",
  ".stackfx-settings-nav svg{flex:none;width:1.1rem;height:1.1rem;color:var(--stackfx-muted)}",
  ".stackfx-settings-nav-group{margin:1rem 0 .35rem;padding:0 .7rem;font-size:.75rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--stackfx-muted)}",
  ".stackfx-settings-nav .stackfx-avatar{width:1.5rem;height:1.5rem;font-size:.7rem;flex:none}",
  ".stackfx-settings-nav-label{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}",
  ".stackfx-settings .stackfx-settings-picker{display:none;flex-direction:column;gap:.25rem}",
  ".stackfx-settings-picker select{width:100%;min-height:2.75rem}",
  "@media (max-width:640px){.stackfx-settings-layout{grid-template-columns:minmax(0,1fr);gap:1rem}",
  ".stackfx-settings-nav{display:none}.stackfx-settings .stackfx-settings-picker{display:flex}",
  ".stackfx-settings-full{padding:1rem}}",
  ".stackfx-settings-panel{min-width:0}",
  ".stackfx-settings-panel>h2{font-size:1.25rem;margin:0 0 .25rem;outline:none}",
  ".stackfx-settings-panel>h2:focus-visible{outline:2px solid var(--stackfx-accent);outline-offset:4px}",
  ".stackfx-settings-lead{margin:0 0 1rem;color:var(--stackfx-muted)}",
  ".stackfx-group{border-top:1px solid var(--stackfx-border);padding:1rem 0;display:flex;flex-direction:column;gap:.75rem}",
  ".stackfx-group-head{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.6rem 1.5rem}",
  ".stackfx-group-text{flex:1 1 16rem;min-width:0;display:flex;flex-direction:column;gap:.2rem}",
  ".stackfx-group-action{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem}",
  ".stackfx-group:first-of-type{border-top:0;padding-top:.5rem}",
  ".stackfx-group h3{font-size:1rem;margin:0}",
  ".stackfx-group-title{display:flex;align-items:center;gap:.5rem;flex-wrap:wrap}",
  ".stackfx-group-description{margin:0;color:var(--stackfx-muted);font-size:.875rem}",
  ".stackfx-settings form{margin:0}",
  ".stackfx-settings form>button[type=submit]{align-self:flex-start}",
  ".stackfx-settings .stackfx-field{max-width:26rem}",
  ".stackfx-settings .stackfx-button{min-height:2.5rem}",
  ".stackfx-items{list-style:none;margin:0;padding:0;border:1px solid var(--stackfx-border);border-radius:var(--stackfx-radius,8px)}",
  ".stackfx-item{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem .75rem;padding:.7rem .85rem;border-top:1px solid var(--stackfx-border)}",
  ".stackfx-item:first-child{border-top:0}",
  ".stackfx-item-main{flex:1 1 14rem;min-width:0;display:flex;flex-direction:column;gap:.2rem}",
  ".stackfx-item-title{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;overflow-wrap:anywhere;font-weight:500}",
  ".stackfx-item-meta{color:var(--stackfx-muted);font-size:.875rem;overflow-wrap:anywhere}",
  ".stackfx-item-actions{display:flex;flex-wrap:wrap;gap:.4rem}",
  ".stackfx-item-actions .stackfx-button{padding:.35rem .7rem;min-height:2.25rem;font-size:.875rem}",
  ".stackfx-empty{margin:0;padding:1rem;border:1px dashed var(--stackfx-border);border-radius:var(--stackfx-radius,8px);color:var(--stackfx-muted);text-align:center}",
  ".stackfx-picture{display:flex;align-items:center;gap:1rem;flex-wrap:wrap}",
  ".stackfx-picture .stackfx-avatar{width:4rem;height:4rem;font-size:1.4rem}",
  ".stackfx-secret{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}",
  ".stackfx-secret code{flex:1 1 14rem;padding:.55rem .7rem;border:1px solid var(--stackfx-border);border-radius:var(--stackfx-radius,8px);",
  "background:var(--stackfx-surface);overflow-wrap:anywhere;font-size:.875rem}",
  ".stackfx-failure-panel{display:flex;flex-direction:column;gap:.6rem;align-items:flex-start;padding:1rem;border:1px solid var(--stackfx-danger);border-radius:var(--stackfx-radius,8px)}",
  ".stackfx-failure-panel p{margin:0}",
  ".stackfx-danger-zone{border:1px solid var(--stackfx-danger);border-radius:var(--stackfx-radius,8px);padding:1rem}",
  ".stackfx-settings select{min-height:2.5rem}"
].join("")

/** The account settings' stylesheet, with the primitives' base sheet. */
export const SettingsStyles = () => (
  <>
    <PrimitiveStyles name="badge" />
    <HoistedStyle href="stackfx-account-settings" css={css} />
  </>
)
