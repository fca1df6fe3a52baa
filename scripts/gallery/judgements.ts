/**
 * One honest line per pair of docs/kit-comparison.md, by shot name: written after looking at the
 * pairs of the 2026-11-27 runs (the second at 19:00 UTC, after the kit's last commits) (light and dark, 1280 and 360 px). Re-read them after a rerun.
 */
export const judgements: Readonly<Record<string, string>> = {
  "sign-in": "Both now show one method at a time in tabs under the OAuth and passkey buttons; the official's dark buttons and 'Or continue with' are starker, ours has quiet outlined provider buttons and one accent 'Sign in'. Even; ours keeps the forgot-password link in view, the official asks for it only after the password tab.",
  "sign-up": "Same layout as sign-in on both sides (tabs); ours asks for the password twice, so it is a field longer at 360 px. Even.",
  "forgot-password": "Even: one field and one button each; the official adds a way back to sign-in under the title, ours frames the form in a card.",
  "password-reset": "With a malformed code the official page renders nothing (its code check fails first); ours shows the form and says what is wrong on submit. Ours is clearer.",
  "email-verification": "Both wait for a click before verifying (nothing happens on arrival); the official is a bare question with Cancel, ours a titled card with one button. Even.",
  "magic-link-callback": "Same as e-mail verification: both ask for the click; even.",
  "team-invitation": "Both offer sign-in; ours also offers account creation and is now one card (no doubled frame), but its two buttons stack tightly under the text on the left, while the official's centred question with Cancel / Sign in is calmer. Slightly less clear.",
  "oauth-callback": "Both show an error without a code; neither is a page a person should normally see.",
  "error": "Even: one card with a heading, the message and a way home.",
  "user-menu": "After the kit's menu work both are tidy menus with the user on top; ours adds Light / Dark / System and a project-admin link, so it is longer but still clear. Even.",
  "team-switcher": "Both are styled listboxes with team avatars and 'Create a team'; ours shows the selection ('No team' with a dot) in a filled trigger, the official an outlined 'Select team'. Even.",
  "settings-profile": "Ours shows the name field and the picture with a preview and an explicit Save; the official edits in place behind pencil icons, more compact but less discoverable. Ours is as clear.",
  "settings-auth": "Now as compact as the official: each group's action on the right of its title, one ⋯ menu per address, outlined badges (readable in dark mode). Ours says what each setting does in a line; the official greys out passkey and OTP with a reason. Even; at 360 px ours is still taller (the badges wrap under the address).",
  "settings-notifications": "Ours: one switch per category with 'Always sent' on the one that cannot be turned off; the official uses checkboxes. Even.",
  "settings-sessions": "Both say when in words ('now', '32 seconds ago'); ours marks this device with a badge and the exact time on hover, the official's table has four columns that squeeze at 360 px. Ours is as clear; it shows less at once for many sessions.",
  "settings-api-keys": "The official has a full data table (search, filters, CSV export, paging), richer for many keys but heavy for two; ours is a simple list with status badges. Ours is clearer for the usual handful of keys.",
  "settings-settings": "Both put sign-out and deletion here; ours adds 'Sign out everywhere' and a red-outlined danger zone with its button on the right. Even to slightly clearer.",
  "settings-team": "Ours names members (never a raw id) and keeps each field with an explicit Save; the official is more compact, with pencil icons and the actions on the right. Ours is longer; the official reads faster.",
  "settings-team-creation": "Even: one field and a button.",
  "dialog-add-email": "Ours opens a dialog (with 'Use it to sign in'); the official adds the address inline, so it has no dialog to compare.",
  "dialog-password": "Both open a form for the current and new passwords; ours in a modal dialog with Cancel first.",
  "dialog-api-key": "Both ask for a description and an expiry; ours then shows the key once with Copy in the same dialog.",
  "dialog-invite": "Ours invites in a dialog; the official invites inline with a field and a button, so it has no dialog here.",
  "dialog-leave-team": "Both confirm; ours names the team in the question and the button is red.",
  "dialog-delete-account": "Ours confirms in a modal dialog with a red button; the official opens a 'Danger zone' disclosure in place with an IRREVERSIBLE warning and Delete / Cancel. Both are clear; ours takes the focus, the official keeps the page.",
  "email-actions": "Both open a small menu from the row's ⋯ button; the official greys out an action that does not apply ('Set as primary' on an unverified address), ours leaves it out and marks Remove in red. Even."
}
