/** `/handler/sign-in`. */
import { SignIn } from "../components/sign-in.tsx"
import { Page } from "./page.tsx"

/** Every sign-in method the project enables. */
export const SignInPage = () => <Page bare><SignIn /></Page>
