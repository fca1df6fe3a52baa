/**
 * The kit's stylesheets, one per component or group of components that show together, each
 * rendered by what uses it as a React 19 hoisted `<style>`: React puts it in the document's head
 * once however many components render it (server HTML and streamed boundaries included), so a page
 * carries only the rules of what it renders. Colours, sizes and spaces are the theme's variables.
 *
 * Order decides between rules of equal specificity. React keeps the sheets of one precedence in
 * the order they were first rendered and the precedences in the order each first appeared.
 * `StackTheme` renders the primitives' base sheet (precedence `stackfx`, ui/styles.tsx) and then
 * {@link themeSheet} (precedence `stackfx-kit`) before its children, so the sheets here always
 * follow the primitives' and the theme's. That is the cascade of the single stylesheet the kit had
 * before they were split. No two of these sheets give the same element the same property with the
 * same specificity, so they may come in any order among themselves, except the team switcher's,
 * which its component always renders after the menu's.
 */

/** A stylesheet: its `href` (the name React deduplicates on) and its rules. */
export interface KitSheet {
  readonly href: string
  readonly css: string
}

/** Renders `sheet` once into the document's head, after the theme's rules. */
export const KitStyle = ({ sheet }: { readonly sheet: KitSheet }) => (
  <style href={sheet.href} precedence="stackfx-kit">{sheet.css}</style>
)

/**
 * What every themed page may use, `StackTheme`'s own (apps use these classes in their markup too):
 * scales, elements, cards, buttons, text, forms, lists, pages.
 */
export const themeSheet: KitSheet = {
  href: "stackfx-kit-theme",
  css:
    // Scales: type (xs…xl) and spacing (1…6), radius, shadow, font; every one a variable to override.
    ".stackfx-theme{--stackfx-radius:8px;--stackfx-font:system-ui,-apple-system,'Segoe UI',sans-serif;" +
    "--stackfx-text-xs:.75rem;--stackfx-text-sm:.875rem;--stackfx-text-md:1rem;--stackfx-text-lg:1.25rem;--stackfx-text-xl:1.5rem;" +
    "--stackfx-space-1:.25rem;--stackfx-space-2:.5rem;--stackfx-space-3:.75rem;--stackfx-space-4:1rem;--stackfx-space-5:1.5rem;--stackfx-space-6:2rem;" +
    "--stackfx-shadow:0 8px 24px rgb(0 0 0/.16);" +
    "font-family:var(--stackfx-font);font-size:var(--stackfx-text-md);line-height:1.5;color:var(--stackfx-text);background:var(--stackfx-background)}" +
    ".stackfx-theme *,.stackfx-theme *::before,.stackfx-theme *::after{box-sizing:border-box}" +
    ".stackfx-theme h1{font-size:var(--stackfx-text-xl);line-height:1.25;margin:0 0 var(--stackfx-space-4)}" +
    ".stackfx-theme h2{font-size:var(--stackfx-text-lg);line-height:1.3;margin:0 0 var(--stackfx-space-3)}" +
    ".stackfx-theme h3{font-size:var(--stackfx-text-md);margin:0 0 var(--stackfx-space-2)}" +
    ".stackfx-theme :focus-visible{outline:2px solid var(--stackfx-accent);outline-offset:2px}" +
    ".stackfx-theme [tabindex='-1']:focus{outline:none}" +
    ".stackfx-card{background:var(--stackfx-surface);border:1px solid var(--stackfx-border);border-radius:calc(var(--stackfx-radius)*1.5);" +
    "padding:var(--stackfx-space-5);max-width:26rem;margin:var(--stackfx-space-6) auto}" +
    ".stackfx-card>h1,.stackfx-card>h2,.stackfx-auth h1,.stackfx-auth h2{text-align:center}" +
    // Buttons: the primary action filled with the accent; secondary ones outlined and quiet.
    ".stackfx-button{display:inline-flex;align-items:center;justify-content:center;gap:var(--stackfx-space-2);min-height:2.5rem;" +
    "padding:var(--stackfx-space-2) var(--stackfx-space-4);border:1px solid transparent;border-radius:var(--stackfx-radius);" +
    "background:var(--stackfx-accent);color:var(--stackfx-accent-text);cursor:pointer;font:inherit;font-weight:600;text-decoration:none}" +
    ".stackfx-button:hover:not(:disabled){filter:brightness(1.08)}" +
    ".stackfx-button:disabled,.stackfx-button[aria-disabled=true]{opacity:.55;cursor:not-allowed}" +
    ".stackfx-theme .stackfx-secondary{background:var(--stackfx-background);color:var(--stackfx-text);border-color:var(--stackfx-border);font-weight:500}" +
    ".stackfx-theme .stackfx-secondary:hover:not(:disabled){background:var(--stackfx-subtle);filter:none}" +
    ".stackfx-link{background:none;border:0;padding:0;color:var(--stackfx-accent);text-decoration:underline;cursor:pointer;font:inherit}" +
    ".stackfx-theme a:not(.stackfx-button):not([role=menuitem]){color:var(--stackfx-accent)}" +
    // Text: errors, notes, hints, pending.
    ".stackfx-error{color:var(--stackfx-danger);margin:var(--stackfx-space-2) 0}.stackfx-error:empty{display:none}" +
    ".stackfx-note{color:var(--stackfx-muted);margin:var(--stackfx-space-2) 0}" +
    ".stackfx-hint{color:var(--stackfx-muted);font-size:var(--stackfx-text-sm);margin:0}" +
    ".stackfx-pending::before{content:'';display:inline-block;width:.9em;height:.9em;margin-right:var(--stackfx-space-2);vertical-align:-.1em;" +
    "border:2px solid var(--stackfx-border);border-top-color:var(--stackfx-accent);border-radius:50%;animation:stackfx-spin .8s linear infinite}" +
    "@keyframes stackfx-spin{to{transform:rotate(360deg)}}" +
    "@media (prefers-reduced-motion:reduce){.stackfx-pending::before{animation:none}}" +
    // Forms.
    ".stackfx-theme form{display:flex;flex-direction:column;gap:var(--stackfx-space-3);margin:var(--stackfx-space-3) 0}" +
    ".stackfx-field{display:flex;flex-direction:column;gap:var(--stackfx-space-1)}" +
    ".stackfx-field label{font-size:var(--stackfx-text-sm);font-weight:600}" +
    ".stackfx-theme input,.stackfx-theme select{font:inherit;min-height:2.5rem;padding:var(--stackfx-space-2) var(--stackfx-space-3);color:var(--stackfx-text);" +
    "background:var(--stackfx-background);border:1px solid var(--stackfx-border);border-radius:var(--stackfx-radius);width:100%}" +
    ".stackfx-theme input[aria-invalid=true]{border-color:var(--stackfx-danger);box-shadow:0 0 0 1px var(--stackfx-danger)}" +
    ".stackfx-theme input:disabled{opacity:.6;cursor:not-allowed}" +
    ".stackfx-row{display:flex;gap:var(--stackfx-space-2);align-items:center;flex-wrap:wrap}" +
    ".stackfx-empty{color:var(--stackfx-muted);text-align:center;padding:var(--stackfx-space-4);border:1px dashed var(--stackfx-border);border-radius:var(--stackfx-radius)}" +
    // Pages.
    ".stackfx-fill{min-height:100vh}" +
    ".stackfx-full-page{min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:var(--stackfx-space-4)}" +
    ".stackfx-full-page>.stackfx-card{width:100%}" +
    "@media (max-width:480px){.stackfx-card{padding:var(--stackfx-space-4);margin:var(--stackfx-space-4) auto}}"
}

/** The sign-in card's: the OAuth and passkey buttons, the divider, the method tabs, the footer. */
export const authSheet: KitSheet = {
  href: "stackfx-kit-auth",
  css:
    ".stackfx-divider{display:flex;align-items:center;gap:var(--stackfx-space-2);color:var(--stackfx-muted);font-size:var(--stackfx-text-sm);margin:var(--stackfx-space-4) 0}" +
    ".stackfx-divider::before,.stackfx-divider::after{content:'';flex:1;border-top:1px solid var(--stackfx-border)}" +
    ".stackfx-oauth-group{display:flex;flex-direction:column;gap:var(--stackfx-space-2)}" +
    ".stackfx-oauth-button,.stackfx-passkey .stackfx-button{width:100%}" +
    ".stackfx-passkey{margin-top:var(--stackfx-space-2)}" +
    ".stackfx-provider-mark{flex:none}" +
    ".stackfx-auth form .stackfx-button[type=submit]{width:100%}" +
    ".stackfx-auth-footer{text-align:center;font-size:var(--stackfx-text-sm)}" +
    ".stackfx-extra-info{font-size:var(--stackfx-text-xs);color:var(--stackfx-muted);text-align:center;margin-top:var(--stackfx-space-4)}" +
    "[role=tablist].stackfx-tabs{display:flex;gap:var(--stackfx-space-1);padding:var(--stackfx-space-1);background:var(--stackfx-background);" +
    "border:1px solid var(--stackfx-border);border-radius:var(--stackfx-radius)}" +
    ".stackfx-tabs [role=tab]{flex:1;border:0;background:none;color:var(--stackfx-muted);font:inherit;font-size:var(--stackfx-text-sm);font-weight:600;" +
    "padding:var(--stackfx-space-1) var(--stackfx-space-2);border-radius:calc(var(--stackfx-radius) - 2px);cursor:pointer}" +
    ".stackfx-tabs [role=tab][aria-selected=true]{background:var(--stackfx-surface);color:var(--stackfx-text);box-shadow:0 1px 2px rgb(0 0 0/.12)}"
}

/** Status badges, over the primitives' badge sheet (the kit draws a badge only through `Badge`). */
export const badgeSheet: KitSheet = {
  href: "stackfx-kit-badge",
  css:
    ".stackfx-badge{display:inline-flex;align-items:center;padding:0 var(--stackfx-space-2);border-radius:999px;font-size:var(--stackfx-text-xs);" +
    "font-weight:600;line-height:1.6;border:1px solid var(--stackfx-border);color:var(--stackfx-muted)}" +
    ".stackfx-badge-success{color:var(--stackfx-success);border-color:currentColor}" +
    ".stackfx-badge-warning{color:var(--stackfx-warning);border-color:currentColor}" +
    ".stackfx-badge-accent{color:var(--stackfx-accent);border-color:currentColor}"
}

/** Avatars: a picture or initials, round (people) or square (teams). */
export const avatarSheet: KitSheet = {
  href: "stackfx-kit-avatar",
  css:
    ".stackfx-avatar{display:inline-flex;flex:none;align-items:center;justify-content:center;border-radius:50%;" +
    "background:var(--stackfx-accent);color:var(--stackfx-accent-text);font-weight:700;overflow:hidden;line-height:1}" +
    ".stackfx-avatar-square{border-radius:calc(var(--stackfx-radius)*.75)}" +
    ".stackfx-avatar-border{box-shadow:0 0 0 2px var(--stackfx-border)}" +
    ".stackfx-avatar-empty{background:var(--stackfx-subtle);color:var(--stackfx-muted)}" +
    ".stackfx-avatar img{width:100%;height:100%;object-fit:cover}"
}

/** Popups: the user menu, the team listbox and the actions menus. */
export const menuSheet: KitSheet = {
  href: "stackfx-kit-menu",
  css:
    ".stackfx-menu{position:relative;display:inline-block}" +
    ".stackfx-menu-trigger{display:inline-flex;align-items:center;gap:var(--stackfx-space-2);min-height:2.5rem;padding:var(--stackfx-space-1);" +
    "border:1px solid transparent;border-radius:999px;background:none;color:var(--stackfx-text);font:inherit;cursor:pointer;text-align:left;max-width:100%}" +
    ".stackfx-menu-trigger:hover,.stackfx-menu-trigger[aria-expanded=true]{background:var(--stackfx-subtle)}" +
    ".stackfx-user-info{display:flex;flex-direction:column;min-width:0;padding-right:var(--stackfx-space-2)}" +
    ".stackfx-user-name{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}" +
    ".stackfx-user-email{font-size:var(--stackfx-text-sm);color:var(--stackfx-muted);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}" +
    ".stackfx-popup{position:absolute;right:0;top:calc(100% + var(--stackfx-space-1));z-index:20;min-width:14rem;max-width:min(20rem,calc(100vw - 1rem));" +
    "background:var(--stackfx-surface);border:1px solid var(--stackfx-border);border-radius:var(--stackfx-radius);box-shadow:var(--stackfx-shadow);padding:var(--stackfx-space-1)}" +
    ".stackfx-menu-header{display:flex;align-items:center;gap:var(--stackfx-space-2);padding:var(--stackfx-space-2);border-bottom:1px solid var(--stackfx-border);margin-bottom:var(--stackfx-space-1)}" +
    ".stackfx-popup [role=menu]{display:flex;flex-direction:column;margin:0;padding:0;list-style:none}" +
    ".stackfx-menu-item{display:flex;align-items:center;gap:var(--stackfx-space-2);width:100%;min-height:2.25rem;" +
    "padding:var(--stackfx-space-1) var(--stackfx-space-2);background:none;border:0;border-radius:calc(var(--stackfx-radius) - 2px);" +
    "color:var(--stackfx-text);font:inherit;text-align:left;text-decoration:none;cursor:pointer}" +
    ".stackfx-menu-item:hover,.stackfx-menu-item:focus{background:var(--stackfx-subtle);outline:none}" +
    ".stackfx-menu-item[aria-disabled=true]{opacity:.55;cursor:not-allowed}" +
    "[role=menuitemradio].stackfx-menu-item::after{content:'';margin-left:auto;width:.5rem;height:.5rem;border-radius:50%}" +
    "[role=menuitemradio][aria-checked=true]::after{background:var(--stackfx-accent)}" +
    ".stackfx-menu-icon{display:inline-flex;width:1.25rem;justify-content:center}" +
    ".stackfx-menu-separator{height:1px;background:var(--stackfx-border);margin:var(--stackfx-space-1) 0}"
}

/** The team switcher's trigger and listbox (after {@link menuSheet}, whose trigger it restyles). */
export const teamSwitcherSheet: KitSheet = {
  href: "stackfx-kit-team-switcher",
  css:
    // The listbox's options look like the menus' items (menuSheet), in a sheet only the switcher renders.
    ".stackfx-popup [role=listbox]{display:flex;flex-direction:column;margin:0;padding:0;list-style:none}" +
    ".stackfx-popup [role=option]{display:flex;align-items:center;gap:var(--stackfx-space-2);width:100%;min-height:2.25rem;" +
    "padding:var(--stackfx-space-1) var(--stackfx-space-2);background:none;border:0;border-radius:calc(var(--stackfx-radius) - 2px);" +
    "color:var(--stackfx-text);font:inherit;text-align:left;text-decoration:none;cursor:pointer}" +
    ".stackfx-popup [role=option]:hover,.stackfx-popup [role=option].stackfx-active{background:var(--stackfx-subtle);outline:none}" +
    "[role=option].stackfx-menu-item::after{content:'';margin-left:auto;width:.5rem;height:.5rem;border-radius:50%}" +
    "[role=option][aria-selected=true]::after{background:var(--stackfx-accent)}" +
    ".stackfx-team-switcher .stackfx-popup{left:0;right:auto}" +
    ".stackfx-team-trigger{border:1px solid var(--stackfx-border);border-radius:var(--stackfx-radius);background:var(--stackfx-background);padding:var(--stackfx-space-1) var(--stackfx-space-2);min-width:11rem}" +
    ".stackfx-team-trigger::after{content:'';margin-left:auto;border:5px solid transparent;border-top-color:currentColor;transform:translateY(25%)}" +
    ".stackfx-menu-empty{padding:var(--stackfx-space-2);font-size:var(--stackfx-text-sm)}" +
    ".stackfx-create-option{border-top:1px solid var(--stackfx-border);border-radius:0;margin-top:var(--stackfx-space-1);color:var(--stackfx-accent)}"
}

/** Dialogs (native `<dialog>`), over the primitives' dialog sheet. */
export const dialogSheet: KitSheet = {
  href: "stackfx-kit-dialog",
  css:
    ".stackfx-dialog{border:1px solid var(--stackfx-border);border-radius:calc(var(--stackfx-radius)*1.5);background:var(--stackfx-surface);color:var(--stackfx-text);" +
    "padding:var(--stackfx-space-5);width:min(26rem,calc(100vw - 2rem));box-shadow:var(--stackfx-shadow)}" +
    ".stackfx-dialog::backdrop{background:rgb(0 0 0/.45)}" +
    ".stackfx-dialog-actions{display:flex;gap:var(--stackfx-space-2);justify-content:flex-end;flex-wrap:wrap}"
}

/** Every sheet of the kit, the theme's first. */
/** A handler page's frame (`Page`). */
export const pageSheet: KitSheet = {
  href: "stackfx-kit-page",
  css: ".stackfx-page{max-width:32rem;margin:0 auto;padding:var(--stackfx-space-6) var(--stackfx-space-4)}" +
    "@media (max-width:480px){.stackfx-page{padding:var(--stackfx-space-4) var(--stackfx-space-3)}}"
}

export const kitSheets: ReadonlyArray<KitSheet> = [themeSheet, pageSheet, badgeSheet, authSheet, avatarSheet, menuSheet, teamSwitcherSheet, dialogSheet]
