/**
 * A software WebAuthn authenticator for tests: an ES256 key, "none" attestation, CBOR-encoded
 * attestation objects and signed assertions, as a browser would hand them to the SDK.
 */
import * as Crypto from "node:crypto"

type Cbor = number | string | Uint8Array | ReadonlyArray<Cbor> | ReadonlyMap<Cbor, Cbor>

const head = (major: number, length: number): Uint8Array => {
  if (length < 24) return Uint8Array.of((major << 5) | length)
  if (length < 256) return Uint8Array.of((major << 5) | 24, length)
  if (length < 65536) return Uint8Array.of((major << 5) | 25, length >> 8, length & 0xff)
  return Uint8Array.of((major << 5) | 26, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff)
}

/** Minimal CBOR (RFC 8949): unsigned and negative integers, byte and text strings, arrays, maps. */
export const cbor = (value: Cbor): Uint8Array => {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value)
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  if (value instanceof Map) {
    return Buffer.concat([head(5, value.size), ...[...value.entries()].flatMap(([k, v]) => [cbor(k), cbor(v)])])
  }
  const items = value as ReadonlyArray<Cbor>
  return Buffer.concat([head(4, items.length), ...items.map(cbor)])
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url")
const sha256 = (data: Uint8Array | string) => Crypto.createHash("sha256").update(data).digest()

/** One authenticator holding one discoverable credential. */
export const makeAuthenticator = (origin: string) => {
  const { privateKey, publicKey } = Crypto.generateKeyPairSync("ec", { namedCurve: "P-256" })
  const jwk = publicKey.export({ format: "jwk" })
  const credentialId = Crypto.randomBytes(16)
  let counter = 0
  let userHandle = ""
  const coseKey = cbor(new Map<Cbor, Cbor>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x ?? "", "base64url")],
    [-3, Buffer.from(jwk.y ?? "", "base64url")]
  ]))

  const authData = (rpId: string, flags: number, attested?: Uint8Array) => {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([sha256(rpId), Uint8Array.of(flags), count, ...(attested === undefined ? [] : [attested])])
  }

  return {
    credentialId: b64url(credentialId),
    /** RegistrationResponseJSON for creation options (`rp.id` already replaced). */
    register: (options: { readonly challenge: string; readonly rp: { readonly id: string }; readonly user: { readonly id: string } }, overrides: { readonly origin?: string } = {}) => {
      userHandle = options.user.id
      const clientData = JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin: overrides.origin ?? origin, crossOrigin: false })
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(credentialId.length)
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey])
      // UP (0x01) | UV (0x04) | AT (0x40)
      const attestationObject = cbor(new Map<Cbor, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData(options.rp.id, 0x45, attested)]]))
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key",
        response: { clientDataJSON: b64url(clientData), attestationObject: b64url(attestationObject), transports: ["internal"] },
        clientExtensionResults: {},
        authenticatorAttachment: "platform"
      }
    },
    /** AuthenticationResponseJSON for request options (`rpId` already replaced). */
    authenticate: (options: { readonly challenge: string; readonly rpId?: string }) => {
      counter++
      const clientData = JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false })
      const data = authData(options.rpId ?? "", 0x05)
      const signature = Crypto.sign("sha256", Buffer.concat([data, sha256(clientData)]), privateKey)
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform"
      }
    }
  }
}
