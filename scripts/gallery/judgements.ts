/**
 * One honest line per pair of docs/kit-comparison.md, by shot name: written after looking at the
 * pairs of the 2026-11-27 run (light and dark, 1280 and 360 px). Re-read them after a rerun.
 */
export const judgements: Readonly<Record<string, string>> = {
  "sign-in": "The official card is calmer: tabs show one method at a time and there is one dark primary button; ours shows the password form and the code form at once with two primary buttons, so it reads busier (kit helper's page).",
  "sign-up": "Same pattern as sign-in: the official tabs keep the page short; ours is complete but longer at 360 px.",
  "forgot-password": "Even: one field and one button each; the official adds a way back to sign-in under the title, ours frames the form in a card.",
  "password-reset": "With a malformed code the official page renders nothing (its code check fails first); ours shows the form and says what is wrong on submit. Ours is clearer.",
  "email-verification": "Both wait for a click before verifying (nothing happens on arrival); the official is a bare question with Cancel, ours a titled card with one button. Even.",
  "magic-link-callback": "Same as e-mail verification: both ask for the click; even.",
  "team-invitation": "Both offer sign-in; ours also offers account creation but draws a card inside the page card (a doubled frame), so the official looks cleaner.",
  "oauth-callback": "Both show an error without a code; neither is a page a person should normally see.",
  "error": "Even: a heading and the message.",
  "user-menu": "After the kit's menu work both are tidy menus with the user on top; ours adds Light / Dark / System and a project-admin link, so it is longer but still clear. Even.",
  "team-switcher": "The official switcher is a styled listbox with team avatars and 'Create a team'; ours is still the browser's native select (its open list is the browser's own) beside a 'New team' link, so the official is clearer here (kit helper's finding 7).",
  "settings-profile": "Ours shows the name field and the picture with a preview and an explicit Save; the official edits in place behind pencil icons, more compact but less discoverable. Ours is as clear.",
  "settings-auth": "Ours shows every action and the status as outlined badges (readable in dark mode); the official is more compact, with the row actions behind a ⋯ menu and each setting's action on the right. At 360 px ours is taller; at a glance the official is tidier.",
  "settings-notifications": "Ours: one switch per category with 'Always sent' on the one that cannot be turned off; the official uses checkboxes. Even.",
  "settings-sessions": "Ours marks this device with a badge and says what revoking does; the official's table squeezes four columns into 360 px but shows relative times ('33 seconds ago'), which ours does not. Even.",
  "settings-api-keys": "The official has a full data table (search, filters, CSV export, paging), richer for many keys but heavy for two; ours is a simple list with status badges. Ours is clearer for the usual handful of keys.",
  "settings-settings": "Both put sign-out and deletion here; ours adds 'Sign out everywhere' and a red-outlined danger zone. Even to slightly clearer.",
  "settings-team": "Ours names members (never a raw id), lists pending invitations and team API keys in labelled groups; the official is more compact with pencil icons and a members table. Even; ours is longer.",
  "settings-team-creation": "Even: one field and a button.",
  "dialog-add-email": "Ours opens a dialog (with 'Use it to sign in'); the official adds the address inline, so it has no dialog to compare.",
  "dialog-password": "Both open a form for the current and new passwords; ours in a modal dialog with Cancel first.",
  "dialog-api-key": "Both ask for a description and an expiry; ours then shows the key once with Copy in the same dialog.",
  "dialog-invite": "Ours invites in a dialog; the official invites inline with a field and a button, so it has no dialog here.",
  "dialog-leave-team": "Both confirm; ours names the team in the question and the button is red.",
  "dialog-delete-account": "Ours confirms in a dialog with a red button; the official hides deletion in a 'Danger zone' disclosure, which the gallery does not open, so there is no official image."
}
