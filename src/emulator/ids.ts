/**
 * Random identifiers the emulator mints: UUIDs, 45-character codes and refresh tokens, API keys and
 * request ids. Kept here (not imported from `src/http`) so the emulator depends on `wire` and
 * `errors` only.
 */
import * as Crypto from "node:crypto"

const crockford = "0123456789abcdefghjkmnpqrstvwxyz"
const alphanumerics = "0123456789abcdefghijklmnopqrstuvwxyz"

/**
 * Random bytes drawn from a pool filled 4 KiB at a time: every request mints an id, and one call
 * into the system's generator per id was a measurable share of a request (bench/emulator-throughput.ts).
 * Each byte is handed out once.
 */
const pool = new Uint8Array(4096)
let poolOffset = pool.length

const randomString = (length: number, alphabet: string): string => {
  if (poolOffset + length > pool.length) {
    Crypto.randomFillSync(pool)
    poolOffset = 0
  }
  let out = ""
  // 256 is a multiple of 32 (Crockford) but not of 36; the slight bias of request ids is harmless.
  for (let i = 0; i < length; i++) out += alphabet[(pool[poolOffset + i] ?? 0) % alphabet.length]
  poolOffset += length
  return out
}

/** A lowercase UUID v4. */
export const uuid = (): string => Crypto.randomUUID()

/** A lowercase Crockford-base32 string of `length` characters. */
export const base32 = (length: number): string => randomString(length, crockford)

/** A 45-character code (verification codes, refresh tokens, MFA attempt codes): 224 random bits. */
export const secureCode = (): string => base32(45)

/** A key of an API key set: `pck_`, `ssk_` or `sak_` followed by 45 base32 characters. */
export const apiKey = (prefix: "pck" | "ssk" | "sak"): string => `${prefix}_${base32(45)}`

/** An `x-stack-request-id`: 16 lowercase alphanumerics. */
export const requestId = (): string => randomString(16, alphanumerics)

/** A JWKS key id: 12 base32 characters, like the server's. */
export const keyId = (): string => base32(12)
