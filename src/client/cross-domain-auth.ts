/**
 * Cross-domain auth handoff (official: the client app's `_createCrossDomainAuthRedirectUrl`, used
 * when a handler page lives on another trusted domain): the signed-in app asks the service for a
 * one-time code bound to its session and sends the browser to the returned URL; the other domain,
 * which made the PKCE verifier, redeems it with `completeOAuthSignIn` and continues the same session.
 */
import * as Effect from "effect/Effect"
import { RedirectUrlNotWhitelisted, UserAuthenticationRequired } from "../errors/catalogue.ts"
import { CrossDomainAuthorizeResponse } from "../wire/cross-domain-auth.ts"
import { StackClientCore } from "./context.ts"
import { clientEndpoint } from "./runtime.ts"
import { readCrossDomainAuthorizeResponse } from "../model/generated/readers.ts"

/** What the receiving domain asks for. */
export interface CrossDomainAuthRedirectOptions {
  /** The receiving domain's OAuth callback page (trusted); its exchange must repeat it exactly. */
  readonly redirectUri: string
  /** The receiving domain's random state, echoed beside the code. */
  readonly state: string
  /** The S256 challenge of the receiving domain's PKCE verifier (`pkceChallenge(verifier)`). */
  readonly codeChallenge: string
  /** Where the receiving domain goes once signed in (trusted); answered by the exchange. */
  readonly afterCallbackRedirectUrl?: string | undefined
}

const handoffErrors = [RedirectUrlNotWhitelisted, UserAuthenticationRequired] as const

/**
 * The URL (on the receiving domain, with `code` and `state`) that hands the signed-in session
 * over. An untrusted `redirectUri` or `afterCallbackRedirectUrl` is `RedirectUrlNotWhitelisted`;
 * a session without its refresh token is a 400 status error.
 */
export const createCrossDomainAuthRedirectUrl = /*#__PURE__*/ Effect.fnUntraced(function*(options: CrossDomainAuthRedirectOptions) {
  const { runtime } = yield* StackClientCore
  const answer = yield* runtime.withSession(
    clientEndpoint("POST", "/auth/oauth/cross-domain/authorize", readCrossDomainAuthorizeResponse, handoffErrors, {
      body: {
        redirect_uri: options.redirectUri,
        state: options.state,
        code_challenge: options.codeChallenge,
        code_challenge_method: "S256",
        ...(options.afterCallbackRedirectUrl === undefined ? {} : { after_callback_redirect_url: options.afterCallbackRedirectUrl })
      }
    })
  )
  return answer.redirect_url
})

/** Every operation of this module, for the StackClient object. */
export const crossDomainAuthOperations = { createCrossDomainAuthRedirectUrl }
