/**
 * `/handler/cli-auth-confirm`: approves a terminal program's sign-in (`?login_code=`, from
 * `promptCliLogin`; official: `CliAuthConfirmation`). The signed-in user confirms with a click, since
 * anyone can send such a link and approving it hands the program a session of this account. A
 * signed-out visitor is offered sign-in and sign-up, both coming back here.
 */
import * as Effect from "effect/Effect"
import { completeCliLogin } from "../../src/client/index.ts"
import { signInTargetWithReturnTo } from "../../src/urls/return-to.ts"
import { useUser } from "../hooks.ts"
import { MessageCard } from "../components/message-card.tsx"
import { currentParam, useHandlerUrls } from "../components/urls.ts"
import { usePageLocation } from "../page-location.ts"
import { ConfirmArrival, useConfirmedAction } from "./arrival.tsx"
import { Page } from "./page.tsx"

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
  const urls = useHandlerUrls()
  const location = usePageLocation()
  const here = location?.href ?? ""
  if (location !== undefined && (location.searchParams.get("login_code") ?? "") === "") {
    return (
      <Page>
        <MessageCard title="Invalid CLI Authorization Link">
          This link is missing its login code. Return to the command line and start the sign-in again.
        </MessageCard>
      </Page>
    )
  }
  if (user !== null) return <Confirm />
  return (
    <Page>
      <MessageCard
        title="Authorize CLI Application"
        actions={
          <div className="stackfx-row">
            <a className="stackfx-button" href={signInTargetWithReturnTo(urls.signIn, here)}>Sign in to continue</a>
            <a className="stackfx-button stackfx-secondary" href={signInTargetWithReturnTo(urls.signUp, here)}>Create an account</a>
          </div>
        }
      >
        A command line application wants to sign in as you. Sign in, or create an account, to authorize it.
      </MessageCard>
    </Page>
  )
}
