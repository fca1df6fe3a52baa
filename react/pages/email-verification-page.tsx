/** `/handler/email-verification`: verifies an address with the link of a verification e-mail. */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { useState } from "react"
import { checkRedirectUrl, verifyEmail } from "../../src/client/index.ts"
import { Navigation } from "../../src/urls/navigation.ts"
import { readReturnTo } from "../../src/urls/return-to.ts"
import { currentParam } from "../components/urls.ts"
import { ConfirmArrival, useConfirmedAction } from "./arrival.tsx"

/** Where to go after verifying: `after_auth_return_to` when the link kept it and the redirect check trusts it. */
const continueTarget = Effect.gen(function*() {
  const current = yield* (yield* Navigation).current
  const target = readReturnTo(current)
  if (Option.isNone(target)) return undefined
  const trusted = yield* Effect.option(checkRedirectUrl(target.value, current))
  return Option.getOrUndefined(Option.map(trusted, (url) => url.href))
})

/**
 * Verifies the address on the user's click (a link anyone can send must not change an account by
 * being opened, and mail scanners that fetch links do not use the code up), then offers to continue
 * where the user was going.
 */
export const EmailVerificationPage = () => {
  const [next, setNext] = useState<string | undefined>(undefined)
  const action = useConfirmedAction(() =>
    Effect.flatMap(currentParam("code"), verifyEmail).pipe(
      Effect.andThen(continueTarget),
      Effect.tap((target) => Effect.sync(() => setNext(target)))
    )
  )
  return (
    <ConfirmArrival
      title="E-mail verification"
      prompt="Confirm that this e-mail address is yours."
      confirm="Verify my e-mail address"
      working="Verifying…"
      done="Your e-mail address is verified."
      action={action}
    >
      {next === undefined ? null : <p><a className="stackfx-button" href={next}>Continue</a></p>}
    </ConfirmArrival>
  )
}
