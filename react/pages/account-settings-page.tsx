/** `/handler/account-settings`. */
import { AccountSettings } from "../components/account-settings.tsx"
import { Page } from "./page.tsx"

/** The signed-in user's account settings (signed out: to sign-in and back). */
export const AccountSettingsPage = () => <Page><AccountSettings /></Page>
