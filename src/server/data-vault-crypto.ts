/**
 * The data vault's client-side encryption, in the format the official SDK stores, so a value
 * written by either SDK reads back in the other: the key is hashed and the value encrypted with
 * keys derived from the store's secret, so the service sees neither.
 *
 * - derived key: PBKDF2-SHA-256 (100 000 iterations) of the key, salted with the JSON text
 *   `["stack-crypto-helper-iterated-hash", purpose, base64(salt=""), base64(extra=secret)]`;
 * - hashed key: base64 of one PBKDF2 iteration of that derived key with the hash purpose;
 * - value: AES-256-GCM under an HKDF-SHA-256 key (random 16-byte salt, JSON `info`), stored as
 *   base64 of `01 00 | salt | 12-byte iv | ciphertext`.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

const hashPurpose = "stack-data-vault-client-side-encryption-key-hash"
const secretPurpose = "stack-data-vault-client-side-encryption-value-encryption-key-hash"
const valuePurpose = "stack-data-vault-client-side-encryption-value-encryption-value-encryption"

/** A stored value could not be decrypted with this secret and key (or is not a vault value). */
export class DataVaultDecryptionFailed extends Schema.TaggedError<DataVaultDecryptionFailed>()("DataVaultDecryptionFailed", {
  message: Schema.String
}) {}

type Bytes = Uint8Array<ArrayBuffer>

const utf8 = (text: string): Bytes => new TextEncoder().encode(text)
const toBase64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""))
const fromBase64 = (text: string): Bytes => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

const iteratedHash = async (value: Bytes, purpose: string, extra: Bytes, iterations: number): Promise<Bytes> => {
  const input = await crypto.subtle.importKey("raw", value, "PBKDF2", false, ["deriveBits"])
  const salt = utf8(JSON.stringify(["stack-crypto-helper-iterated-hash", purpose, "", toBase64(extra)]))
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", salt, iterations, hash: "SHA-256" }, input, 256))
}

const derivedKey = (secret: string, key: string) => iteratedHash(utf8(key), secretPurpose, utf8(secret), 100_000)

const aesKey = async (secret: Bytes, salt: Bytes) => {
  const base = await crypto.subtle.importKey("raw", secret, "HKDF", false, ["deriveKey"])
  const info = utf8(JSON.stringify(["stack-crypto-helper-derived-symmetric-key", valuePurpose, "binary-key", toBase64(salt)]))
  return crypto.subtle.deriveKey({ name: "HKDF", salt, hash: "SHA-256", info }, base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"])
}

/** The key as the service stores it (it cannot tell the key from it). */
export const hashVaultKey = (secret: string, key: string): Effect.Effect<string> =>
  Effect.promise(async () => toBase64(await iteratedHash(await derivedKey(secret, key), hashPurpose, utf8(secret), 1)))

/** The value encrypted for the service. */
export const encryptVaultValue = (secret: string, key: string, value: string): Effect.Effect<string> =>
  Effect.promise(async () => {
    const salt = crypto.getRandomValues(new Uint8Array(16))
    const iv = crypto.getRandomValues(new Uint8Array(12))
    const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await aesKey(await derivedKey(secret, key), salt), utf8(value)))
    return toBase64(new Uint8Array([0x01, 0x00, ...salt, ...iv, ...cipher]))
  })

/** The value back from what the service stored. */
export const decryptVaultValue = (secret: string, key: string, stored: string): Effect.Effect<string, DataVaultDecryptionFailed> =>
  Effect.tryPromise({
    try: async () => {
      const bytes = fromBase64(stored)
      if (bytes.length < 30 || bytes[0] !== 0x01 || bytes[1] !== 0x00) throw new Error("not a data vault value")
      const key256 = await aesKey(await derivedKey(secret, key), bytes.slice(2, 18))
      return new TextDecoder().decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(18, 30) }, key256, bytes.slice(30)))
    },
    catch: () => new DataVaultDecryptionFailed({ message: "Data vault client-side decryption failed. Are you sure you're using the correct secret?" })
  })
