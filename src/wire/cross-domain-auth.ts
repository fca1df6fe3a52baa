/**
 * Cross-domain auth handoff on the wire (`POST /auth/oauth/cross-domain/authorize`, backend
 * 2.8.86): a signed-in app hands its session to another trusted domain through a one-time OAuth
 * authorization code, redeemed with PKCE at the token endpoint (`grant_type=authorization_code`),
 * which answers the same session's refresh token.
 */
import * as Schema from "effect/Schema"

/** A PKCE S256 challenge as the service accepts it (RFC 7636 characters, 43 to 128 of them). */
export const PkceChallenge = /*#__PURE__*/ Schema.String.check(/*#__PURE__*/ Schema.isPattern(/^[A-Za-z0-9._~-]{43,128}$/))

/** `POST /auth/oauth/cross-domain/authorize` body (client access, signed in, with `x-stack-refresh-token`). */
export const CrossDomainAuthorizeBody = /*#__PURE__*/ Schema.Struct({
  /** Where the code goes (a trusted URL of the other domain); the exchange must repeat it. */
  redirect_uri: Schema.String,
  /** Echoed back beside the code (1 to 512 characters). */
  state: /*#__PURE__*/ Schema.String.check(/*#__PURE__*/ Schema.isMinLength(1), /*#__PURE__*/ Schema.isMaxLength(512)),
  code_challenge: PkceChallenge,
  /** Only `S256` (the default). */
  code_challenge_method: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Literal("S256")),
  /** Where the other domain goes after redeeming the code (trusted); answered by the exchange. */
  after_callback_redirect_url: /*#__PURE__*/ Schema.optionalKey(Schema.String)
})
export type CrossDomainAuthorizeBody = typeof CrossDomainAuthorizeBody.Type

/** `POST /auth/oauth/cross-domain/authorize` answer: `redirect_uri` with `code` and `state`. */
export const CrossDomainAuthorizeResponse = /*#__PURE__*/ Schema.Struct({
  redirect_url: Schema.String
})
export type CrossDomainAuthorizeResponse = typeof CrossDomainAuthorizeResponse.Type
