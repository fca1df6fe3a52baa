/**
 * The `WebAuthn` service in a real browser, with @simplewebauthn/browser, loaded on the first passkey
 * ceremony (a dynamic import, so bundlers leave it out of the page's first load): the relying party is the
 * page's hostname; the server's options are decoded into the library's option types (members the
 * library does not know are left out); any failure of the ceremony becomes `PasskeyWebAuthnError`
 * with the browser's message and error name.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { WebAuthn, webAuthnError } from "../client/auth/passkey.ts"
import { Json } from "../wire/common.ts"

const Transport = /*#__PURE__*/ Schema.Literals(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"])
const Descriptor = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  type: Schema.Literal("public-key"),
  transports: Schema.optionalKey(Schema.mutable(Schema.Array(Transport)))
})
const Hint = /*#__PURE__*/ Schema.Literals(["hybrid", "security-key", "client-device"])
const UserVerification = /*#__PURE__*/ Schema.Literals(["discouraged", "preferred", "required"])

/** PublicKeyCredentialCreationOptionsJSON as @simplewebauthn/browser types it. */
const CreationOptions = /*#__PURE__*/ Schema.Struct({
  rp: Schema.Struct({ id: Schema.optionalKey(Schema.String), name: Schema.String }),
  user: Schema.Struct({ id: Schema.String, name: Schema.String, displayName: Schema.String }),
  challenge: Schema.String,
  pubKeyCredParams: Schema.mutable(Schema.Array(Schema.Struct({ alg: Schema.Number, type: Schema.Literal("public-key") }))),
  timeout: Schema.optionalKey(Schema.Number),
  excludeCredentials: Schema.optionalKey(Schema.mutable(Schema.Array(Descriptor))),
  authenticatorSelection: Schema.optionalKey(Schema.Struct({
    authenticatorAttachment: Schema.optionalKey(Schema.Literals(["cross-platform", "platform"])),
    requireResidentKey: Schema.optionalKey(Schema.Boolean),
    residentKey: Schema.optionalKey(Schema.Literals(["discouraged", "preferred", "required"])),
    userVerification: Schema.optionalKey(UserVerification)
  })),
  hints: Schema.optionalKey(Schema.mutable(Schema.Array(Hint))),
  attestation: Schema.optionalKey(Schema.Literals(["direct", "enterprise", "indirect", "none"]))
})

/** PublicKeyCredentialRequestOptionsJSON as @simplewebauthn/browser types it. */
const RequestOptions = /*#__PURE__*/ Schema.Struct({
  challenge: Schema.String,
  timeout: Schema.optionalKey(Schema.Number),
  rpId: Schema.optionalKey(Schema.String),
  allowCredentials: Schema.optionalKey(Schema.mutable(Schema.Array(Descriptor))),
  userVerification: Schema.optionalKey(UserVerification),
  hints: Schema.optionalKey(Schema.mutable(Schema.Array(Hint)))
})

/** The library, fetched when a ceremony first needs it. */
const library = Effect.tryPromise({
  try: () => import("@simplewebauthn/browser"),
  catch: (error) => webAuthnError(`Could not load the passkey support: ${String(error)}`, "NotSupportedError")
})

const failure = (error: unknown) =>
  error instanceof Error ? webAuthnError(error.message, error.name) : webAuthnError(String(error), "UnknownError")

/** The library's answer as JSON, for the wire. */
const asJson = (value: object) =>
  Schema.decodeUnknownEffect(Json)(JSON.parse(JSON.stringify(value))).pipe(
    Effect.mapError(() => webAuthnError("The browser's WebAuthn answer is not JSON", "EncodingError"))
  )

/** `WebAuthn` over `navigator.credentials`, for browsers. */
export const layerBrowserWebAuthn: Layer.Layer<WebAuthn> = Layer.succeed(WebAuthn, WebAuthn.of({
  rpId: Effect.sync(() => globalThis.location?.hostname ?? "localhost"),
  register: (options) =>
    Effect.gen(function*() {
      const optionsJSON = yield* Schema.decodeUnknownEffect(CreationOptions)(options).pipe(
        Effect.mapError((error) => webAuthnError(`The server's passkey options are not usable: ${error.message}`, "TypeError"))
      )
      const { startRegistration } = yield* library
      const response = yield* Effect.tryPromise({ try: () => startRegistration({ optionsJSON }), catch: failure })
      return yield* asJson(response)
    }),
  authenticate: (options) =>
    Effect.gen(function*() {
      const optionsJSON = yield* Schema.decodeUnknownEffect(RequestOptions)(options).pipe(
        Effect.mapError((error) => webAuthnError(`The server's passkey options are not usable: ${error.message}`, "TypeError"))
      )
      const { startAuthentication } = yield* library
      const response = yield* Effect.tryPromise({ try: () => startAuthentication({ optionsJSON }), catch: failure })
      return yield* asJson(response)
    })
}))
