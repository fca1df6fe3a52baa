/**
 * Password hashing with a real KDF (node:crypto scrypt), so a saved state file never holds clear
 * passwords. Format: `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>`.
 */
import * as Crypto from "node:crypto"
import * as Effect from "effect/Effect"

// N = 2^14 is scrypt's interactive-login setting: ~15 ms per hash, fine for tests that sign up often.
const cost = { N: 16_384, r: 8, p: 1 } as const
const keyLength = 32

const scrypt = (password: string, salt: Buffer, params: { N: number; r: number; p: number }) =>
  Effect.callback<Buffer>((resume) => {
    Crypto.scrypt(password, salt, keyLength, { ...params, maxmem: 64 * 1024 * 1024 }, (error, derived) => {
      resume(error === null ? Effect.succeed(derived) : Effect.die(error))
    })
  })

/** Hashes a password with a fresh random salt. */
export const hashPassword = (password: string): Effect.Effect<string> =>
  Effect.gen(function*() {
    const salt = Crypto.randomBytes(16)
    const derived = yield* scrypt(password, salt, cost)
    return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString("base64")}$${derived.toString("base64")}`
  })

const parse = (hash: string) => {
  const match = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(hash)
  if (match === null) return undefined
  const [, n, r, p, salt, derived] = match
  if (n === undefined || r === undefined || p === undefined || salt === undefined || derived === undefined) {
    return undefined
  }
  return { N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(salt, "base64"), derived: Buffer.from(derived, "base64") }
}

/** Whether a stored hash is one this module can verify. */
export const isSupportedHash = (hash: string): boolean => parse(hash) !== undefined

/**
 * Whether `password` matches `hash`. Compares in constant time, and still runs the KDF when there is
 * no usable hash, so an unknown e-mail takes as long as a wrong password (like the server).
 */
export const verifyPassword = (password: string, hash: string | null): Effect.Effect<boolean> =>
  Effect.gen(function*() {
    const parsed = hash === null ? undefined : parse(hash)
    if (parsed === undefined) {
      yield* scrypt(password, Crypto.randomBytes(16), cost)
      return false
    }
    const derived = yield* scrypt(password, parsed.salt, parsed)
    return derived.length === parsed.derived.length && Crypto.timingSafeEqual(derived, parsed.derived)
  })
