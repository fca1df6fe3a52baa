/**
 * `/handler/team-invitation`: accepts an invitation (`?code=`). A signed-out visitor is offered
 * sign-in and sign-up, both coming back here (`after_auth_return_to`) to accept.
 */
import * as Effect from "effect/Effect"
import { acceptTeamInvitation, getTeamInvitationDetails } from "../../src/client/index.ts"
import { queryKey } from "../cache.ts"
import { useStackQuery, useUser } from "../hooks.ts"
import { ErrorText, Note } from "../components/form.tsx"
import { currentParam, useHandlerUrls } from "../components/urls.ts"
import { ConfirmArrival, useConfirmedAction } from "./arrival.tsx"
import { Page } from "./page.tsx"
import { SignInToContinue } from "./sign-in-to-continue.tsx"

/**
 * Names the team and joins it on the user's click: anyone can send an invitation link, and opening
 * it must not make someone a member of a team they never chose.
 */
const Accept = () => {
  const urls = useHandlerUrls()
  const details = useStackQuery(queryKey("teamInvitationDetails"), Effect.flatMap(currentParam("code"), getTeamInvitationDetails))
  const action = useConfirmedAction(() => Effect.flatMap(currentParam("code"), acceptTeamInvitation))
  if (details.error !== undefined && action.phase === "waiting") {
    return <Page title="Team invitation"><ErrorText error={details.error} /></Page>
  }
  if (details.data === undefined) return <Page title="Team invitation"><Note>Looking up the invitation…</Note></Page>
  return (
    <ConfirmArrival
      title="Team invitation"
      prompt={<>You are invited to join <strong>{details.data.teamDisplayName}</strong>.</>}
      confirm="Join the team"
      cancelHref={urls.home}
      working="Joining the team…"
      done="You joined the team."
      action={action}
    />
  )
}

/** Accepts the invitation for the signed-in user, or asks the visitor to sign in or up first. */
export const TeamInvitationPage = () =>
  useUser() === null
    ? <SignInToContinue title="You are invited to a team" signIn="Sign in to accept">Sign in, or create an account, and you will join the team.</SignInToContinue>
    : <Accept />
