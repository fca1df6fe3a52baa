/**
 * Authentication on the wire:
 * password, OTP, MFA, passkey and anonymous sign-in, sessions, the OAuth token endpoint and the OAuth
 * authorize query.
 *
 * Responses are as the current server sends them; fields only one era sends are optional so 2.7-era
 * bodies decode too. Request bodies declare exactly the fields the server accepts (it rejects unknown
 * properties) and leave optional fields absent unless set.
 */
import * as Schema from "effect/Schema"
import { isBearer } from "./field-checks.ts"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { EmptyBody, Json, extendStruct, structWith } from "./common.ts"
import { Email, StrictEmail, Url, UserIdOrMe, VerificationCode } from "./teams.ts"
import { Password } from "./users.ts"

// =============================================================================
// Ordered key/value pairs (form bodies, query strings)
// =============================================================================

/** Form fields or query parameters in wire order, as `HttpClientRequest.bodyUrlParams` takes them. */
export const FormFields = /*#__PURE__*/ Schema.Array(/*#__PURE__*/ Schema.Tuple([Schema.String, Schema.String]))
export type FormFields = typeof FormFields.Type

const StringRecord = /*#__PURE__*/ Schema.Record(Schema.String, Schema.String)

/**
 * Sends a wire struct's encoded object as ordered pairs: keys in the order the struct declares
 * them, absent keys left out. Decoding accepts the pairs in any order (a later duplicate wins),
 * which is how servers read forms. The struct's encoded side must be an object of strings, which
 * is what a form or a query string can carry. Its fields are read inside, not at the call site: a
 * property read among a pure call's arguments would keep the struct in bundles that never use it.
 */
export const inWireOrder = <S extends Schema.Struct<Schema.Struct.Fields> & { readonly Encoded: { readonly [key: string]: string } }>(
  struct: S
) => {
  const order = Object.keys(struct.fields)
  const rank = (key: string) => {
    const index = order.indexOf(key)
    return index < 0 ? order.length : index
  }
  return FormFields.pipe(
    Schema.decodeTo(
      StringRecord,
      SchemaTransformation.transform({
        decode: (pairs: FormFields) => Object.fromEntries(pairs),
        encode: (record: { readonly [key: string]: string }): FormFields =>
          Object.entries(record).sort(([a], [b]) => rank(a) - rank(b))
      })
    ),
    Schema.decodeTo(struct)
  )
}

// =============================================================================
// Sign-in results
// =============================================================================

/**
 * Password sign-in and sign-up, and anonymous sign-up: `{access_token, refresh_token, user_id}` (no
 * `is_new_user`).
 */
export const PasswordSignInResponse = /*#__PURE__*/ Schema.Struct({
  access_token: Schema.String,
  refresh_token: Schema.String,
  user_id: Schema.String
})
export type PasswordSignInResponse = typeof PasswordSignInResponse.Type

/** `POST /auth/anonymous/sign-up` (current server only): tokens of a new anonymous user. */
export const AnonymousSignUpResponse = PasswordSignInResponse
export type AnonymousSignUpResponse = typeof AnonymousSignUpResponse.Type

/** OTP, MFA and passkey sign-in: the password result plus `is_new_user`. */
export const CodeSignInResponse = /*#__PURE__*/ extendStruct(PasswordSignInResponse, {
  is_new_user: Schema.Boolean
})
export type CodeSignInResponse = typeof CodeSignInResponse.Type

/** Any sign-in result (every sign-in path): `is_new_user` is sent by OTP, MFA and passkey sign-in only. */
export const SignInResponse = /*#__PURE__*/ extendStruct(PasswordSignInResponse, {
  is_new_user: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean)
})
export type SignInResponse = typeof SignInResponse.Type

// =============================================================================
// Sessions (§7.12–7.14)
// =============================================================================

/** `POST /auth/sessions` (server/admin): `{refresh_token, access_token}` of a new session. */
export const SessionCreateResponse = /*#__PURE__*/ Schema.Struct({
  refresh_token: Schema.String,
  access_token: Schema.String
})
export type SessionCreateResponse = typeof SessionCreateResponse.Type

/** `POST /auth/sessions/current/refresh` (header-based refresh): `{access_token}`. */
export const AccessTokenResponse = /*#__PURE__*/ Schema.Struct({ access_token: Schema.String })
export type AccessTokenResponse = typeof AccessTokenResponse.Type

/** Upper bound of `expires_in_millis` (`body.expires_in_millis must be less than or equal to 31708800000`). */
export const maxSessionExpiresInMillis = 31_708_800_000

/** `POST /auth/sessions` body (server/admin). The server defaults `expires_in_millis` to 365 days. */
export const SessionCreateBody = /*#__PURE__*/ Schema.Struct({
  user_id: UserIdOrMe,
  expires_in_millis: /*#__PURE__*/ Schema.optionalKey(
    /*#__PURE__*/ Schema.Number.check(/*#__PURE__*/ Schema.isGreaterThanOrEqualTo(0), /*#__PURE__*/ Schema.isLessThanOrEqualTo(maxSessionExpiresInMillis))
  ),
  /** Current server only: marks the session as an impersonation (dashboard "impersonate user"). */
  is_impersonation: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean)
})
export type SessionCreateBody = typeof SessionCreateBody.Type

/** `DELETE /auth/sessions/current` body: the SDK sends `{}` (the server ignores it). */
export const SignOutBody = EmptyBody
export type SignOutBody = typeof SignOutBody.Type

// =============================================================================
// Password (§7.1–7.7)
// =============================================================================

/**
 * `POST /auth/password/sign-up` body. The current server makes `verification_callback_url` optional
 * (no verification e-mail without it); 2.7-era servers require it.
 */
export const PasswordSignUpBody = /*#__PURE__*/ Schema.Struct({
  email: StrictEmail,
  password: Password,
  verification_callback_url: /*#__PURE__*/ Schema.optionalKey(Url)
})
export type PasswordSignUpBody = typeof PasswordSignUpBody.Type

/** `POST /auth/password/sign-in` body. */
export const PasswordSignInBody = /*#__PURE__*/ Schema.Struct({ email: Email, password: Password })
export type PasswordSignInBody = typeof PasswordSignInBody.Type

/** `POST /auth/password/send-reset-code` body: the e-mailed link is `callback_url?code=...`. */
export const SendResetCodeBody = /*#__PURE__*/ Schema.Struct({ email: Email, callback_url: Url })
export type SendResetCodeBody = typeof SendResetCodeBody.Type

/**
 * `POST /auth/password/send-reset-code` result. The text (`maybe, only if user with e-mail exists`)
 * is the same for unknown e-mails; it is informative only, so any string is accepted.
 */
export const SendResetCodeResponse = /*#__PURE__*/ Schema.Struct({ success: Schema.String })
export type SendResetCodeResponse = typeof SendResetCodeResponse.Type

/** `POST /auth/password/reset` body (`reset/check-code` takes `{code}` only). */
export const PasswordResetBody = /*#__PURE__*/ Schema.Struct({ code: VerificationCode, password: Password })
export type PasswordResetBody = typeof PasswordResetBody.Type

/** `POST /auth/password/update` body (signed-in user). */
export const PasswordUpdateBody = /*#__PURE__*/ Schema.Struct({ old_password: Password, new_password: Password })
export type PasswordUpdateBody = typeof PasswordUpdateBody.Type

/** `POST /auth/password/set` body (signed-in user without a password). */
export const PasswordSetBody = /*#__PURE__*/ Schema.Struct({ password: Password })
export type PasswordSetBody = typeof PasswordSetBody.Type

// =============================================================================
// OTP / magic link (§7.8, §7.9)
// =============================================================================

/** `POST /auth/otp/send-sign-in-code` body (strict e-mail, as for sign-up). */
export const OtpSendSignInCodeBody = /*#__PURE__*/ Schema.Struct({ email: StrictEmail, callback_url: Url })
export type OtpSendSignInCodeBody = typeof OtpSendSignInCodeBody.Type

/** `POST /auth/otp/send-sign-in-code` result: the 39-character nonce (OTP + nonce = the code). */
export const OtpSendSignInCodeResponse = /*#__PURE__*/ Schema.Struct({ nonce: Schema.String })
export type OtpSendSignInCodeResponse = typeof OtpSendSignInCodeResponse.Type

/** `POST /auth/otp/sign-in` (and `/check-code`) body: the link code, or OTP + nonce (45 characters). */
export const OtpSignInBody = /*#__PURE__*/ Schema.Struct({ code: VerificationCode })
export type OtpSignInBody = typeof OtpSignInBody.Type

// =============================================================================
// MFA (§7.10, §9)
// =============================================================================

/** `POST /auth/mfa/sign-in` body: the attempt code of `MULTI_FACTOR_AUTHENTICATION_REQUIRED` and a TOTP. */
export const MfaSignInBody = /*#__PURE__*/ Schema.Struct({
  code: VerificationCode,
  type: /*#__PURE__*/ Schema.Literal("totp"),
  totp: Schema.String
})
export type MfaSignInBody = typeof MfaSignInBody.Type

// =============================================================================
// Anonymous sign-up (current server)
// =============================================================================

/** `POST /auth/anonymous/sign-up` body: `{}`. */
export const AnonymousSignUpBody = EmptyBody
export type AnonymousSignUpBody = typeof AnonymousSignUpBody.Type

// =============================================================================
// Passkeys (§7.11, §10)
// =============================================================================

/** The RP id the server puts in passkey options; the client must replace it by the page's hostname. */
export const passkeyRpIdSentinel = "THIS_VALUE_WILL_BE_REPLACED.example.com"

/**
 * Keys of WebAuthn options beyond the typed ones. `options_json` is handed to the browser's WebAuthn
 * call whole, so it must survive decoding and encoding losslessly: every options object below is a
 * struct of the members the SDK reads plus this rest, which keeps all other members as JSON.
 */
const JsonRest = [/*#__PURE__*/ Schema.Record(Schema.String, Json)] as const

/** `options_json.rp` of a registration: `id` is the sentinel, `name` the project's display name. */
export const PasskeyRelyingParty = /*#__PURE__*/ Schema.StructWithRest(
  /*#__PURE__*/ Schema.Struct({ id: Schema.String, name: Schema.String }),
  JsonRest
)

/** `options_json.user` of a registration: `id` is base64url of the user id's UTF-8 bytes. */
export const PasskeyUserEntity = /*#__PURE__*/ Schema.StructWithRest(
  /*#__PURE__*/ Schema.Struct({ id: Schema.String, name: Schema.String, displayName: Schema.String }),
  JsonRest
)

/** PublicKeyCredentialCreationOptionsJSON (simplewebauthn), typed where the SDK reads it. */
export const PasskeyRegistrationOptions = /*#__PURE__*/ Schema.StructWithRest(
  /*#__PURE__*/ Schema.Struct({
    rp: PasskeyRelyingParty,
    user: PasskeyUserEntity,
    challenge: Schema.String
  }),
  JsonRest
)
export type PasskeyRegistrationOptions = typeof PasskeyRegistrationOptions.Type

/** PublicKeyCredentialRequestOptionsJSON (simplewebauthn), typed where the SDK reads it. */
export const PasskeyAuthenticationOptions = /*#__PURE__*/ Schema.StructWithRest(
  /*#__PURE__*/ Schema.Struct({
    challenge: Schema.String,
    /** Optional in WebAuthn; this server always sends the sentinel. */
    rpId: /*#__PURE__*/ Schema.optionalKey(Schema.String)
  }),
  JsonRest
)
export type PasskeyAuthenticationOptions = typeof PasskeyAuthenticationOptions.Type

/** `POST /auth/passkey/initiate-passkey-registration` result (`code` lives 65 s). */
export const PasskeyRegistrationInitiationResponse = /*#__PURE__*/ Schema.Struct({
  options_json: PasskeyRegistrationOptions,
  code: Schema.String
})
export type PasskeyRegistrationInitiationResponse = typeof PasskeyRegistrationInitiationResponse.Type

/** `POST /auth/passkey/initiate-passkey-authentication` result (`code` lives 65 s). */
export const PasskeyAuthenticationInitiationResponse = /*#__PURE__*/ Schema.Struct({
  options_json: PasskeyAuthenticationOptions,
  code: Schema.String
})
export type PasskeyAuthenticationInitiationResponse = typeof PasskeyAuthenticationInitiationResponse.Type

/** Body of both passkey initiations: `{}`. */
export const PasskeyInitiationBody = EmptyBody
export type PasskeyInitiationBody = typeof PasskeyInitiationBody.Type

/** `POST /auth/passkey/register` body: the browser's RegistrationResponseJSON and the initiation code. */
export const PasskeyRegisterBody = /*#__PURE__*/ Schema.Struct({ credential: Json, code: VerificationCode })
export type PasskeyRegisterBody = typeof PasskeyRegisterBody.Type

/** `POST /auth/passkey/register` result: the credential id. */
export const PasskeyRegisterResponse = /*#__PURE__*/ Schema.Struct({ user_handle: Schema.String })
export type PasskeyRegisterResponse = typeof PasskeyRegisterResponse.Type

/** `POST /auth/passkey/sign-in` body: the browser's AuthenticationResponseJSON and the initiation code. */
export const PasskeySignInBody = /*#__PURE__*/ Schema.Struct({ authentication_response: Json, code: VerificationCode })
export type PasskeySignInBody = typeof PasskeySignInBody.Type

// =============================================================================
// OAuth token endpoint (§5)
// =============================================================================

/** `token_type`: `Bearer`, compared case-insensitively as OAuth clients do. */
export const BearerTokenType = /*#__PURE__*/ Schema.String.check(
  /*#__PURE__*/ Schema.makeFilter(isBearer, { expected: "\"Bearer\"", readerCheck: "isBearer" })
)

/** The grant types Stack accepts (anything else is a SCHEMA_ERROR). */
export const GrantType = /*#__PURE__*/ Schema.Literals(["authorization_code", "refresh_token"])
export type GrantType = typeof GrantType.Type

/** Members of every token-endpoint success. `expires_in` is nominal (~3600 s), not the JWT's lifetime. */
const tokenResponseFields = {
  access_token: Schema.String,
  token_type: BearerTokenType,
  expires_in: /*#__PURE__*/ Schema.optionalKey(Schema.Number),
  scope: /*#__PURE__*/ Schema.optionalKey(Schema.String)
}

/**
 * The deprecated camelCase duplicates the server still sends next to `is_new_user` and
 * `after_callback_redirect_url`. Declared so they round-trip; read the snake_case ones.
 */
const deprecatedDuplicateFields = {
  newUser: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  afterCallbackRedirectUrl: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String))
}

/**
 * Refresh grant success. The current server adds `after_callback_redirect_url` (null) and its
 * camelCase duplicate; no `refresh_token` is returned (no rotation), but one is tolerated.
 */
export const RefreshGrantResponse = /*#__PURE__*/ structWith(tokenResponseFields, {
  refresh_token: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  after_callback_redirect_url: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String))
}, deprecatedDuplicateFields)
export type RefreshGrantResponse = typeof RefreshGrantResponse.Type

/**
 * Authorization-code grant success: the refresh token, whether the user is new, and the
 * `after_callback_redirect_url` given to the authorize request (or null).
 */
export const AuthorizationCodeGrantResponse = /*#__PURE__*/ structWith(tokenResponseFields, {
  refresh_token: Schema.String,
  is_new_user: Schema.Boolean,
  after_callback_redirect_url: /*#__PURE__*/ Schema.NullOr(Schema.String)
}, deprecatedDuplicateFields)
export type AuthorizationCodeGrantResponse = typeof AuthorizationCodeGrantResponse.Type

/**
 * Refresh grant body, fields in the order the SDK sends them (§5.1). `client_id` is the project id,
 * `client_secret` the publishable client key (required: without it the server answers
 * `INVALID_OAUTH_CLIENT_ID_OR_SECRET`).
 */
export const RefreshGrantBody = /*#__PURE__*/ Schema.Struct({
  refresh_token: Schema.NonEmptyString,
  grant_type: /*#__PURE__*/ Schema.Literal("refresh_token"),
  client_id: Schema.String,
  client_secret: Schema.String
})
export type RefreshGrantBody = typeof RefreshGrantBody.Type

/**
 * Authorization-code grant body, fields in the order the SDK sends them (§5.2). `redirect_uri` must
 * equal the authorize request's, `code_verifier` is the PKCE verifier.
 */
export const AuthorizationCodeGrantBody = /*#__PURE__*/ Schema.Struct({
  redirect_uri: Url,
  code_verifier: Schema.NonEmptyString,
  code: Schema.NonEmptyString,
  grant_type: /*#__PURE__*/ Schema.Literal("authorization_code"),
  client_id: Schema.String,
  client_secret: Schema.String
})
export type AuthorizationCodeGrantBody = typeof AuthorizationCodeGrantBody.Type

/** The refresh grant as `application/x-www-form-urlencoded` fields, in §5.1 order. */
export const RefreshGrantForm = /*#__PURE__*/ inWireOrder(RefreshGrantBody)

/** The authorization-code grant as `application/x-www-form-urlencoded` fields, in §5.2 order. */
export const AuthorizationCodeGrantForm = /*#__PURE__*/ inWireOrder(AuthorizationCodeGrantBody)

/**
 * The OAuth library's own error body (token endpoint only, no `x-stack-known-error` header), e.g.
 * `{"error": "invalid_request", "error_description": "Missing parameter: \`refresh_token\`"}`.
 * RFC 6749 §5.2 makes the description optional, so it is.
 */
export const OAuthErrorBody = /*#__PURE__*/ Schema.Struct({
  error: Schema.String,
  error_description: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  error_uri: /*#__PURE__*/ Schema.optionalKey(Schema.String)
})
export type OAuthErrorBody = typeof OAuthErrorBody.Type

// =============================================================================
// OAuth authorize (§6.1)
// =============================================================================

/** `authenticate` signs in; `link` attaches the provider account to the signed-in user. */
export const OAuthFlowType = /*#__PURE__*/ Schema.Literals(["authenticate", "link"])
export type OAuthFlowType = typeof OAuthFlowType.Type

/**
 * Query of `GET /auth/oauth/authorize/{provider}`, parameters in the order the SDK sets them. The
 * server rejects unknown parameters.
 */
export const OAuthAuthorizeQuery = /*#__PURE__*/ Schema.Struct({
  /** The project id. */
  client_id: Schema.String,
  /** The publishable client key. */
  client_secret: Schema.String,
  /** The app's OAuth callback page (absolute), without `code` and `state` parameters. */
  redirect_uri: Url,
  scope: /*#__PURE__*/ Schema.Literal("legacy"),
  state: Schema.NonEmptyString,
  grant_type: /*#__PURE__*/ Schema.Literal("authorization_code"),
  code_challenge: Schema.NonEmptyString,
  /** The SDK uses S256; the server also accepts plain. */
  code_challenge_method: /*#__PURE__*/ Schema.Literals(["S256", "plain"]),
  response_type: /*#__PURE__*/ Schema.Literal("code"),
  /** Defaults to `authenticate` on the server. */
  type: /*#__PURE__*/ Schema.optionalKey(OAuthFlowType),
  /** Where the server redirects on OAuth errors (deprecated name, still what the SDK sends). */
  error_redirect_url: /*#__PURE__*/ Schema.optionalKey(Url),
  /** Newer name of `error_redirect_url`; wins if both are present. */
  error_redirect_uri: /*#__PURE__*/ Schema.optionalKey(Url),
  after_callback_redirect_url: /*#__PURE__*/ Schema.optionalKey(Url),
  /** `type=link` only: the user's current access token. */
  token: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  /** `type=link` only: extra provider scopes, space-separated. */
  provider_scope: /*#__PURE__*/ Schema.optionalKey(Schema.String)
})
export type OAuthAuthorizeQuery = typeof OAuthAuthorizeQuery.Type

/** The authorize query as ordered parameters (§6.1 order). */
export const OAuthAuthorizeParams = /*#__PURE__*/ inWireOrder(OAuthAuthorizeQuery)

/** `GET /auth/oauth/authorize/{provider}?stack_response_mode=json`: where to send the browser (no cookie is set). */
export const OAuthAuthorizeLocation = /*#__PURE__*/ Schema.Struct({
  location: Schema.String
})
export type OAuthAuthorizeLocation = typeof OAuthAuthorizeLocation.Type
