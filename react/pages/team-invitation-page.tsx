/**
 * `/handler/team-invitation`: accepts an invitation (`?code=`). A signed-out visitor is offered
 * sign-in and sign-up, both coming back here (`after_auth_return_to`) to accept.
 */
import * as Effect from "effect/Effect"
import { acceptTeamInvitation } from "../../src/client/index.ts"
import { signInTargetWithReturnTo } from "../../src/urls/return-to.ts"
import { useUser } from "../hooks.ts"
import { MessageCard } from "../components/message-card.tsx"
import { currentParam, useHandlerUrls } from "../components/urls.ts"
import { Arrival, useOnArrival } from "./arrival.tsx"
import { usePageLocation } from "../page-location.ts"
import { Page } from "./page.tsx"

const Accept = () => (
  <Arrival title="Team invitation" working="Joining the team…" done="You joined the team." action={useOnArrival(() => Effect.flatMap(currentParam("code"), acceptTeamInvitation))} />
)

/** Accepts the invitation for the signed-in user, or asks the visitor to sign in or up first. */
export const TeamInvitationPage = () => {
  const user = useUser()
  const urls = useHandlerUrls()
  const here = usePageLocation()?.href ?? ""
  if (user !== null) return <Accept />
  return (
    <Page>
      <MessageCard
        title="You are invited to a team"
        actions={
          <div className="stackfx-row">
            <a className="stackfx-button" href={signInTargetWithReturnTo(urls.signIn, here)}>Sign in to accept</a>
            <a className="stackfx-button stackfx-secondary" href={signInTargetWithReturnTo(urls.signUp, here)}>Create an account</a>
          </div>
        }
      >
        Sign in, or create an account, and you will join the team.
      </MessageCard>
    </Page>
  )
}
