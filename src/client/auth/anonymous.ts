/**
 * Anonymous sign-up (current service, LIVE-DIFFERENCES.md §6): a user with no credentials, who can
 * later add them. Later calls need `allowAnonymousUser` on the client, or the service answers
 * `AnonymousAuthenticationNotAllowed`.
 */
import * as Effect from "effect/Effect"
import { json } from "../../http/endpoint.ts"
import { camelize } from "../../model/camel.ts"
import { AnonymousSignUpResponse } from "../../wire/auth.ts"
import type { ClientContext } from "../context.ts"

const Tokens = camelize(AnonymousSignUpResponse)

/** The anonymous sign-up operation of StackClient. */
export const makeAnonymousAuth = (ctx: ClientContext) => {
  /** Creates an anonymous user and signs it in. */
  const signUpAnonymously = Effect.fn("StackClient.signUpAnonymously")(function*() {
    const tokens = yield* ctx.runtime.anonymous({
      method: "POST",
      path: "/auth/anonymous/sign-up",
      level: "client",
      body: { _tag: "Json", value: {} },
      response: json(Tokens),
      errors: []
    })
    return yield* ctx.startSession(tokens, true)
  })
  return { signUpAnonymously }
}
