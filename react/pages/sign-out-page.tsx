/**
 * `/handler/sign-out`. Any page can link here, so it asks before signing out; the app's own sign-out
 * buttons (the user menu, account settings) call `signOut` directly and never need this page.
 */
import * as Effect from "effect/Effect"
import { redirectToPage, signOut } from "../../src/client/index.ts"
import { useHandlerUrls } from "../components/urls.ts"
import { ConfirmArrival, useConfirmedAction } from "./arrival.tsx"

/** Asks, signs out, then goes to the after-sign-out page. */
export const SignOutPage = () => {
  const urls = useHandlerUrls()
  const action = useConfirmedAction(() => Effect.andThen(signOut(), redirectToPage("afterSignOut", { replace: true })))
  return (
    <ConfirmArrival
      title="Sign out"
      prompt="Do you want to sign out on this device?"
      confirm="Sign out"
      cancelHref={urls.home}
      working="Signing out…"
      done="Signed out."
      action={action}
    />
  )
}
