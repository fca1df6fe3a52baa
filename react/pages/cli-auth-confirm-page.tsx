/**
 * `/handler/cli-auth-confirm`: approves a terminal program's sign-in (`?login_code=`, from
 * `promptCliLogin`; official: `CliAuthConfirmation`). The signed-in user confirms with a click, since
 * anyone can send such a link and approving it hands the program a session of this account. A
 * signed-out visitor is offered sign-in and sign-up, both coming back here.
 */
import * as Effect from "effect/Effect"
import { completeCliLogin } from "../../src/client/index.ts"
import { useUser } from "../hooks.ts"
import { currentParam, useHandlerUrls } from "../components/urls.ts"
import { usePageLocation } from "../page-location.ts"
import { ConfirmArrival, useConfirmedAction } from "./arrival.tsx"
import { PageCard, SignInToContinue } from "./sign-in-to-continue.tsx"

const Confirm = () => {
  const urls = useHandlerUrls()
  const action = useConfirmedAction(() => Effect.flatMap(currentParam("login_code"), completeCliLogin))
  return (
    <ConfirmArrival
      title="Authorize CLI Application"
      prompt="A command line application is requesting access to your account. Authorize it only if you started it yourself."
      confirm="Authorize"
      cancelHref={urls.home}
      working="Authorizing…"
      done="The CLI application has been authorized. You can close this window and return to the command line."
      action={action}
    />
  )
}

/** Approves the CLI sign-in for the signed-in user, or asks the visitor to sign in or up first. */
export const CliAuthConfirmPage = () => {
  const user = useUser()
  const location = usePageLocation()
  if (location !== undefined && (location.searchParams.get("login_code") ?? "") === "") {
    return (
      <PageCard title="Invalid CLI Authorization Link">
        This link is missing its login code. Return to the command line and start the sign-in again.
      </PageCard>
    )
  }
  if (user !== null) return <Confirm />
  return (
    <SignInToContinue title="Authorize CLI Application" signIn="Sign in to continue">
      A command line application wants to sign in as you. Sign in, or create an account, to authorize it.
    </SignInToContinue>
  )
}
