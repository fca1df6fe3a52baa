/**
 * Anonymous sign-up (current service): a user with no credentials, who can
 * later add them. Later calls need `allowAnonymousUser` on the client, or the service answers
 * `AnonymousAuthenticationNotAllowed`.
 */
import * as Effect from "effect/Effect"
import { readPasswordSignInTokens } from "../../model/generated/readers.ts"
import { clientEndpoint } from "../runtime.ts"
import { StackClientCore } from "../context.ts"

/** The anonymous sign-up operation of StackClient. */
/** Creates an anonymous user and signs it in. */
export const signUpAnonymously = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const { runtime, startSession } = yield* StackClientCore
  const tokens = yield* runtime.anonymous(clientEndpoint("POST", "/auth/anonymous/sign-up", readPasswordSignInTokens, [], { body: {} }))
  return yield* startSession(tokens, true)
})
/** Every operation of this module, for the StackClient object. */
export const anonymousAuthOperations = { signUpAnonymously }
