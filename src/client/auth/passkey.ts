/**
 * Passkeys. The browser ceremony is the injectable `WebAuthn` service (the
 * browser layer implements it with @simplewebauthn/browser; tests with a software authenticator);
 * here: the wire calls, the relying-party sentinel and the option checks.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import {
  MultiFactorAuthenticationRequired,
  PasskeyAuthenticationFailed,
  PasskeyAuthenticationNotEnabled,
  PasskeyRegistrationFailed,
  PasskeyWebAuthnError,
  SchemaError,
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound
} from "../../errors/catalogue.ts"
import {
  readCodeSignInTokens,
  readPasskeyAuthenticationInitiationResponse,
  readPasskeyRegisterResponse,
  readPasskeyRegistrationInitiationResponse
} from "../../model/generated/readers.ts"
import type { Json } from "../../wire/common.ts"
import { type PasskeyAuthenticationOptions, type PasskeyRegistrationOptions, passkeyRpIdSentinel } from "../../wire/auth.ts"
import { StackClientCore } from "../context.ts"
import { clientEndpoint } from "../runtime.ts"
import * as Create from "../../errors/create.ts"

/** The browser's WebAuthn ceremonies, as the app's platform provides them. */
export class WebAuthn extends Context.Service<WebAuthn, {
  /** The relying-party id to use: the current page's hostname. */
  readonly rpId: Effect.Effect<string>
  /** `navigator.credentials.create` with the options; the RegistrationResponseJSON. */
  readonly register: (options: PasskeyRegistrationOptions) => Effect.Effect<Json, PasskeyWebAuthnError>
  /** `navigator.credentials.get` with the options; the AuthenticationResponseJSON. */
  readonly authenticate: (options: PasskeyAuthenticationOptions) => Effect.Effect<Json, PasskeyWebAuthnError>
}>()("stackfx/WebAuthn") {}

/** A WebAuthn error as the SDK reports it: the browser's message and error name. */
export const webAuthnError = (message: string, name: string): PasskeyWebAuthnError =>
  Create.PasskeyWebAuthnError({ message, code: name })

// The code errors are spelled out in each list: an array spread at module level is a call a bundler
// keeps, so the lists would stay in bundles that never use passkeys.
const initiateRegistrationErrors = [SchemaError, PasskeyAuthenticationNotEnabled] as const
/** An untrusted origin is PasskeyRegistrationFailed on today's service (PasskeyAuthenticationFailed was 2.7's answer). */
const registerErrors = [
  VerificationCodeNotFound,
  VerificationCodeExpired,
  VerificationCodeAlreadyUsed,
  VerificationCodeMaxAttemptsReached,
  PasskeyAuthenticationNotEnabled,
  PasskeyRegistrationFailed
] as const
const initiateSignInErrors = [PasskeyAuthenticationNotEnabled] as const
const signInErrors = [
  VerificationCodeNotFound,
  VerificationCodeExpired,
  VerificationCodeAlreadyUsed,
  VerificationCodeMaxAttemptsReached,
  PasskeyAuthenticationNotEnabled,
  PasskeyAuthenticationFailed,
  MultiFactorAuthenticationRequired
] as const

const utf8Length = (value: string) => new TextEncoder().encode(value).byteLength
const fromBase64Url = (value: string): string | undefined => {
  try {
    const base64 = value.replace(/-/g, "+").replace(/_/g, "/")
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4))
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
  } catch {
    return undefined
  }
}

const sentinelMismatch = (found: string | undefined) =>
  webAuthnError(`Expected returned RP ID from server to equal sentinel, but found ${found ?? "nothing"}`, "InvalidStateError")

/** Registers a passkey for the signed-in user (replacing an existing one); returns the credential id. */
export const registerPasskey = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const { runtime } = yield* StackClientCore
  const webAuthn = yield* WebAuthn
  const initiation = yield* runtime.withSession(
    clientEndpoint("POST", "/auth/passkey/initiate-passkey-registration", readPasskeyRegistrationInitiationResponse, initiateRegistrationErrors, {
      body: {}
    })
  )
  const options = initiation.options_json
  if (options.rp.id !== passkeyRpIdSentinel) return yield* sentinelMismatch(options.rp.id)
  // WebAuthn requires a user handle of 1 to 64 bytes.
  const userId = fromBase64Url(options.user.id)
  if (userId === undefined || utf8Length(userId) < 1 || utf8Length(userId) > 64) {
    return yield* webAuthnError("The server's passkey options have a user id that is not 1 to 64 bytes.", "TypeError")
  }
  const rpId = yield* webAuthn.rpId
  const credential = yield* webAuthn.register({ ...options, rp: { ...options.rp, id: rpId } })
  const registered = yield* runtime.withSession(
    clientEndpoint("POST", "/auth/passkey/register", readPasskeyRegisterResponse, registerErrors, { body: { credential, code: initiation.code } })
  )
  return registered.user_handle
})

/** Signs in with a passkey (discoverable credential). */
export const signInWithPasskey = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const { runtime, startSession } = yield* StackClientCore
  const webAuthn = yield* WebAuthn
  const initiation = yield* runtime.anonymous(
    clientEndpoint("POST", "/auth/passkey/initiate-passkey-authentication", readPasskeyAuthenticationInitiationResponse, initiateSignInErrors, {
      body: {}
    })
  )
  const options = initiation.options_json
  if (options.rpId !== passkeyRpIdSentinel) return yield* sentinelMismatch(options.rpId)
  const rpId = yield* webAuthn.rpId
  const response = yield* webAuthn.authenticate({ ...options, rpId })
  const tokens = yield* runtime.anonymous(
    clientEndpoint("POST", "/auth/passkey/sign-in", readCodeSignInTokens, signInErrors, { body: { authentication_response: response, code: initiation.code } })
  )
  return yield* startSession(tokens, false)
})

/** Every operation of this module, for the StackClient object. */
export const passkeyAuthOperations = { registerPasskey, signInWithPasskey }
