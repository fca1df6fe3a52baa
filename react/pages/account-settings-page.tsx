/** `/handler/account-settings`: the account settings over the whole page, never inside the narrow sign-in card. */
import { AccountSettings } from "../components/account-settings.tsx"

/** The signed-in user's account settings (signed out: to sign-in and back). */
export const AccountSettingsPage = () => <main><AccountSettings fullPage /></main>
