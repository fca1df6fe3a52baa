/** `/handler/sign-up`. */
import { SignUp } from "../components/sign-in.tsx"
import { Page } from "./page.tsx"

/** Every sign-up method the project enables. */
export const SignUpPage = () => <Page bare><SignUp /></Page>
