/**
 * The WebAuthn options @simplewebauthn/browser takes, as schemas: the generated readers of
 * src/model/generated/readers.ts (`readCreationOptions`, `readRequestOptions`) decode the server's
 * passkey options into them (members the library does not know are left out).
 */
import * as Schema from "effect/Schema"

const Transport = /*#__PURE__*/ Schema.Literals(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"])
const Descriptor = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  type: Schema.Literal("public-key"),
  transports: Schema.optionalKey(Schema.mutable(Schema.Array(Transport)))
})
const Hint = /*#__PURE__*/ Schema.Literals(["hybrid", "security-key", "client-device"])
const UserVerification = /*#__PURE__*/ Schema.Literals(["discouraged", "preferred", "required"])

/** PublicKeyCredentialCreationOptionsJSON as @simplewebauthn/browser types it. */
export const CreationOptions = /*#__PURE__*/ Schema.Struct({
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
export const RequestOptions = /*#__PURE__*/ Schema.Struct({
  challenge: Schema.String,
  timeout: Schema.optionalKey(Schema.Number),
  rpId: Schema.optionalKey(Schema.String),
  allowCredentials: Schema.optionalKey(Schema.mutable(Schema.Array(Descriptor))),
  userVerification: Schema.optionalKey(UserVerification),
  hints: Schema.optionalKey(Schema.mutable(Schema.Array(Hint)))
})
