/** Fixture replay for the multi-factor sign-in (attempt code + TOTP). */
import * as Effect from "effect/Effect"
import { totpAt } from "../../src/emulator/totp.ts"
import { json } from "./emulator-harness.ts"
import { type Bindings, type Case, type Harness, live, old, replaySuite, totpSecret, withTotp } from "./emulator-setups.ts"

/** A password sign-in of a TOTP user, answered with an attempt code. */
const attempt = (h: Harness) =>
  Effect.gen(function*() {
    const bindings = yield* withTotp(h)
    const answer = yield* json(yield* h.call("POST", "/auth/password/sign-in", { json: { email: bindings.email, password: bindings.password } }))
    const details = typeof answer === "object" && answer !== null ? Reflect.get(answer, "details") : undefined
    const code = typeof details === "object" && details !== null ? String(Reflect.get(details, "attempt_code")) : ""
    return { ...bindings, jwt: undefined, token: undefined, code }
  })

/**
 * The current code, from a window with at least 5 s left: the replay runs on the real clock and the
 * service accepts the current window only, so a code taken in a window's last moment could expire
 * before the request arrives.
 */
const currentTotp = Effect.gen(function*() {
  const left = 30_000 - (Date.now() % 30_000)
  if (left < 5_000) yield* Effect.sleep(left + 50)
  return totpAt(totpSecret, Date.now())
})

const withTotpCode = (valid: boolean, spent = false) => (h: Harness) =>
  Effect.gen(function*() {
    const bindings = yield* attempt(h)
    const totp = valid ? yield* currentTotp : "000000"
    if (spent) yield* h.call("POST", "/auth/mfa/sign-in", { json: { code: bindings.code, type: "totp", totp } })
    return { ...bindings, overrides: { "body.code": bindings.code, "body.totp": totp } } satisfies Bindings
  })

const cases: ReadonlyArray<Case> = [
  live("auth-mfa-sign-in-success.json", withTotpCode(true)),
  live("auth-mfa-sign-in-invalid-totp.json", withTotpCode(false)),
  live("auth-mfa-sign-in-attempt-code-already-used.json", withTotpCode(true, true)),
  old("auth-mfa-sign-in-success.json", withTotpCode(true)),
  old("auth-mfa-sign-in-invalid-totp.json", withTotpCode(false))
]

replaySuite("emulator fixture replay: multi-factor sign-in", cases)
