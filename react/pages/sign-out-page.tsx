/** `/handler/sign-out`. */
import * as Effect from "effect/Effect"
import { redirectToPage, signOut } from "../../src/client/index.ts"
import { Arrival, useOnArrival } from "./arrival.tsx"

/** Signs out, then goes to the after-sign-out page. */
export const SignOutPage = () => (
  <Arrival title="Signing out" working="Signing out…" done="Signed out." action={useOnArrival(() => Effect.andThen(signOut(), redirectToPage("afterSignOut", { replace: true })))} />
)
