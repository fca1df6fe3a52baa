/**
 * Password hashing. By default like the service: bcrypt at cost 10 (`hashPassword` of Stack Auth's
 * shared package, also bcryptjs), so sign-up and sign-in take as long as they do there and a saved
 * state file never holds clear passwords. `passwordHashing: "fast"` (CLI `--fast-password-hashing`)
 * hashes at bcrypt's lowest cost, 4 (64 times less work), for tests and load runs; the hashes are
 * still bcrypt, so a state saved either way signs in either way.
 *
 * Checked on sign-in: bcrypt hashes (ours, or imported through `password_hash`, cost ≤ 16 like the
 * service) and `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>` ones written by earlier emulators.
 */
import * as Crypto from "node:crypto"
import bcrypt from "bcryptjs"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"

/** How new passwords are hashed: `service` (bcrypt cost 10, the default) or `fast` (bcrypt cost 4). */
export type PasswordHashing = "service" | "fast"

/** bcrypt costs of each setting. */
export const bcryptCost: Readonly<Record<PasswordHashing, number>> = { service: 10, fast: 4 }

/** The setting of the emulator answering the current request (provided by `app.ts`). */
export const CurrentPasswordHashing = /*#__PURE__*/ Context.Reference<PasswordHashing>(
  "stackfx/emulator/CurrentPasswordHashing",
  { defaultValue: () => "service" }
)

/** The highest bcrypt cost the service accepts in an imported hash. */
const maxBcryptCost = 16

const bcryptPattern = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/

const scryptPattern = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/

type ParsedHash =
  | { readonly _tag: "Bcrypt"; readonly hash: string }
  | { readonly _tag: "Scrypt"; readonly N: number; readonly r: number; readonly p: number; readonly salt: Buffer; readonly derived: Buffer }

const parse = (hash: string): ParsedHash | undefined => {
  const bcryptMatch = bcryptPattern.exec(hash)
  if (bcryptMatch !== null) return Number(bcryptMatch[1]) <= maxBcryptCost ? { _tag: "Bcrypt", hash } : undefined
  const match = scryptPattern.exec(hash)
  if (match === null) return undefined
  const [, n, r, p, salt, derived] = match
  if (n === undefined || r === undefined || p === undefined || salt === undefined || derived === undefined) return undefined
  return { _tag: "Scrypt", N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(salt, "base64"), derived: Buffer.from(derived, "base64") }
}

const scrypt = (password: string, salt: Buffer, params: { N: number; r: number; p: number }, keyLength: number) =>
  Effect.callback<Buffer>((resume) => {
    Crypto.scrypt(password, salt, keyLength, { ...params, maxmem: 64 * 1024 * 1024 }, (error, derived) => {
      resume(error === null ? Effect.succeed(derived) : Effect.die(error))
    })
  })

/** bcrypt reads at most 72 bytes; the service refuses to hash longer passwords (an assertion: a 500). */
const bcryptMaxBytes = 72

/**
 * Hashes a password with a fresh random salt, at the current request's setting. A password of 72
 * UTF-8 bytes or more (possible within 70 characters) is a defect, answered 500 like the service,
 * rather than hashed truncated (which would let any password sharing its first 72 bytes sign in).
 */
export const hashPassword = (password: string): Effect.Effect<string> =>
  Effect.gen(function*() {
    if (Buffer.byteLength(password, "utf8") >= bcryptMaxBytes) return yield* Effect.die(new Error("Password is too long for bcrypt"))
    return yield* bcryptHash(password)
  })

const bcryptHash = (password: string): Effect.Effect<string> =>
  Effect.gen(function*() {
    const cost = bcryptCost[yield* CurrentPasswordHashing]
    return yield* Effect.promise(() => bcrypt.hash(password, cost))
  })

/** Whether a stored hash is one this module can verify. */
export const isSupportedHash = (hash: string): boolean => parse(hash) !== undefined

/**
 * Whether `password` matches `hash`. Compares in constant time, and still hashes when there is no
 * usable hash, so an unknown e-mail takes as long as a wrong password (like the server).
 */
export const verifyPassword = (password: string, hash: string | null): Effect.Effect<boolean> =>
  Effect.gen(function*() {
    const parsed = hash === null ? undefined : parse(hash)
    if (parsed === undefined) {
      // The same work as a real check, whatever the password's length (no 500 for unknown e-mails).
      yield* bcryptHash("no such password")
      return false
    }
    if (parsed._tag === "Bcrypt") return yield* Effect.promise(() => bcrypt.compare(password, parsed.hash))
    const derived = yield* scrypt(password, parsed.salt, parsed, parsed.derived.length)
    return derived.length === parsed.derived.length && Crypto.timingSafeEqual(derived, parsed.derived)
  })
