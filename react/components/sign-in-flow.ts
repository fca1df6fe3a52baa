/**
 * What every sign-in component shares: run a sign-in, then go where the user was going (the
 * after-sign-in page, or `after_auth_return_to` through the redirect check); a user with an
 * authenticator gets the MFA step instead, whichever way they signed in.
 */
import * as Effect from "effect/Effect"
import { createContext, useContext, useEffect } from "react"
import type { SignInResult } from "../../src/client/index.ts"
import { redirectAfterSignIn } from "../../src/client/index.ts"
import { useMutationInvalidating } from "../hooks.ts"
import { sessionQueries } from "../invalidations.ts"

/** The attempt code of a `MultiFactorAuthenticationRequired` failure (undefined for any other). */
export const mfaAttemptCode = (error: unknown): string | undefined => {
  if (typeof error !== "object" || error === null || !("_tag" in error) || error._tag !== "MultiFactorAuthenticationRequired") return undefined
  const details = "details" in error ? error.details : undefined
  const code = typeof details === "object" && details !== null && "attempt_code" in details ? details.attempt_code : undefined
  return typeof code === "string" ? code : undefined
}

/**
 * Where the MFA step shows. Inside an `AuthPage` the step replaces the whole card (whichever method
 * asked for it), so a person never sees the code form next to the still-usable password and OAuth
 * forms; a sign-in component used on its own shows the step in its place.
 */
export const MfaStepContext = createContext<((attemptCode: string) => void) | undefined>(undefined)

/**
 * A sign-in action that redirects after success; `attemptCode` is set when the MFA step must follow
 * here (inside an `AuthPage`, the card takes the step instead and `attemptCode` stays undefined).
 * The session's queries are refreshed either way.
 */
export const useSignInAction = <Args extends ReadonlyArray<unknown>, E, R>(
  signIn: (...args: Args) => Effect.Effect<SignInResult, E, R>
) => {
  const action = useMutationInvalidating(
    (...args: Args) => Effect.flatMap(signIn(...args), (result) => redirectAfterSignIn(result)),
    sessionQueries
  )
  const showStep = useContext(MfaStepContext)
  const attemptCode = mfaAttemptCode(action.error)
  useEffect(() => {
    if (attemptCode !== undefined) showStep?.(attemptCode)
  }, [attemptCode, showStep])
  return { ...action, attemptCode: showStep === undefined ? attemptCode : undefined }
}
