/** `/handler/sign-in`. */
import { SignIn } from "../components/sign-in.tsx"
import { Page } from "./page.tsx"

/** Every sign-in method the project enables; a signed-in visitor goes on where they were going. */
export const SignInPage = () => <Page bare><SignIn automaticRedirect /></Page>
