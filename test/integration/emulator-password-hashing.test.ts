/**
 * Password hashing in the emulator: the service's algorithm and cost by default (bcrypt, cost 10,
 * as `hashPassword` of Stack Auth's shared package), a documented switch to fast hashing (bcrypt's
 * lowest cost, 4) for tests and load runs, and every stored kind still checked on sign-in.
 */
import { assert, describe, it } from "@effect/vitest"
import bcrypt from "bcryptjs"
import * as Effect from "effect/Effect"
import { parseCliArgs, usage } from "../../src/emulator/cli.ts"
import { findUser } from "../../src/emulator/state.ts"
import { Emulator } from "../../src/emulator/index.ts"
import { type Harness, harnessFor, makeHarness } from "./emulator-harness.ts"

const storedHash = (h: Harness, userId: string) =>
  h.emu.withState((data) => Effect.succeed(findUser(data, h.keys.projectId, userId)?.passwordHash ?? null))

const signInStatus = (h: Harness, email: string, password: string) =>
  Effect.map(h.call("POST", "/auth/password/sign-in", { json: { email, password } }), (response) => response.status)

const password = "hashing-test-password"

/** Signs up, checks the stored hash's cost and that sign-in takes the password and only it; the hash. */
const signsUpWithCost = (h: Harness, cost: string) =>
  Effect.gen(function*() {
    const user = yield* h.signUp({ password })
    const hash = (yield* storedHash(h, user.userId)) ?? ""
    assert.match(hash, new RegExp(`^\\$2[aby]\\$${cost}\\$.{53}$`))
    assert.strictEqual(yield* signInStatus(h, user.email, password), 200)
    assert.strictEqual(yield* signInStatus(h, user.email, "wrong-password-here"), 400)
    return hash
  })

describe("emulator password hashing", () => {
  it.effect("by default, new passwords are hashed like the service: bcrypt at cost 10", () =>
    Effect.gen(function*() {
      const h = yield* Effect.flatMap(Emulator.make(), harnessFor)
      const hash = yield* signsUpWithCost(h, "10")
      assert.isTrue(bcrypt.compareSync(password, hash), "a bcrypt hash the service's library reads")
    }), 30_000)

  it.effect("passwordHashing: \"fast\" hashes at bcrypt's lowest cost (4); sign-in works the same", () =>
    Effect.asVoid(Effect.flatMap(makeHarness({ passwordHashing: "fast" }), (h) => signsUpWithCost(h, "04"))), 30_000)

  it.effect("a password of 72 UTF-8 bytes or more (within 70 characters) is refused like the service (500), never hashed truncated", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ passwordHashing: "fast" })
      const email = "long-password@example.com"
      const long = yield* h.call("POST", "/auth/password/sign-up", { json: { email, password: "é".repeat(40) } })
      assert.strictEqual(long.status, 500)
      // Nothing was created: the same address signs up with an ordinary password.
      const ok = yield* h.call("POST", "/auth/password/sign-up", { json: { email, password: "é".repeat(35) } })
      assert.strictEqual(ok.status, 200)
      // Signing in with such a password is an ordinary wrong password, for known and unknown e-mails.
      assert.strictEqual(yield* signInStatus(h, email, "é".repeat(40)), 400)
      assert.strictEqual(yield* signInStatus(h, "nobody@example.com", "é".repeat(40)), 400)
    }))

  it.effect("a user imported with a bcrypt password_hash signs in with that password", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ passwordHashing: "fast" })
      const email = "imported@example.com"
      const created = yield* h.call("POST", "/users", {
        accessType: "server",
        json: { primary_email: email, primary_email_auth_enabled: true, password_hash: bcrypt.hashSync("imported-password", 10) }
      })
      assert.strictEqual(created.status, 201)
      assert.strictEqual(yield* signInStatus(h, email, "imported-password"), 200)
      assert.strictEqual(yield* signInStatus(h, email, "not-the-password"), 400)
    }), 30_000)

  it.effect("passwords saved by earlier emulators (scrypt) still sign in", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ passwordHashing: "fast" })
      const user = yield* h.signUp({ password: "earlier-password" })
      // `scrypt$N$r$p$salt$hash` of "earlier-password", as emulators before bcrypt wrote it.
      const legacy = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$CBoNnLDQ7eFJ7tx0mHNmsnStjgL9qfHv98cewUcOFIs="
      yield* h.configure((data) => {
        const record = data.users[user.userId]
        if (record !== undefined) data.users[user.userId] = { ...record, passwordHash: legacy }
      })
      assert.strictEqual(yield* signInStatus(h, user.email, "earlier-password"), 200)
      assert.strictEqual(yield* signInStatus(h, user.email, "other-password"), 400)
    }), 30_000)

  it.effect("the CLI's --fast-password-hashing switch, listed in --help", () =>
    Effect.gen(function*() {
      assert.strictEqual((yield* parseCliArgs(["--fast-password-hashing"])).passwordHashing, "fast")
      assert.strictEqual((yield* parseCliArgs([])).passwordHashing, "service")
      assert.include(usage, "--fast-password-hashing")
    }))
})
