/** `/handler/sign-up`. */
import { SignUp } from "../components/sign-in.tsx"
import { Page } from "./page.tsx"

/** Every sign-up method the project enables; a signed-in visitor goes on where they were going. */
export const SignUpPage = () => <Page bare><SignUp automaticRedirect /></Page>
