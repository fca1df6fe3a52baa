/** Fixture replay for magic links / one-time codes, password reset, update and set, anonymous sign-up. */
import * as Effect from "effect/Effect"
import { type Bindings, type Case, type Harness, keysOf, live, old, plain, replaySuite, signedIn, uniqueEmail } from "./emulator-setups.ts"

const callback = "http://localhost:3000/handler/magic-link-callback"

/** A fresh address to send a sign-in code to. */
const freshAddress = (h: Harness) => Effect.succeed({ ...keysOf(h), email: uniqueEmail("otp") } satisfies Bindings)

/** A sign-in code e-mailed to a fresh address; `toBody` turns the code into the recorded body value. */
const sentCode = (toBody: (code: string) => string) => (h: Harness) =>
  Effect.gen(function*() {
    const email = uniqueEmail("otp")
    yield* h.call("POST", "/auth/otp/send-sign-in-code", { json: { email, callback_url: callback } })
    const code = (yield* h.emu.outbox(email)).at(-1)?.code ?? ""
    return { ...keysOf(h), email, overrides: { "body.code": toBody(code) } } satisfies Bindings
  })

/** A password-reset code of a signed-up user (`used`: spent by a first reset). */
const resetCode = (used: boolean) => (h: Harness) =>
  Effect.gen(function*() {
    const bindings = yield* signedIn(h)
    const email = bindings.email ?? ""
    yield* h.call("POST", "/auth/password/send-reset-code", {
      json: { email, callback_url: "http://localhost:3000/handler/password-reset" }
    })
    const code = (yield* h.emu.outbox(email)).at(-1)?.code ?? ""
    if (used) yield* h.call("POST", "/auth/password/reset", { json: { code, password: "Used-Passw0rd-123" } })
    return { ...bindings, jwt: undefined, token: undefined, code, overrides: { "body.code": code } } satisfies Bindings
  })

const unknownCode = (h: Harness) => Effect.succeed({ ...keysOf(h), code: "z".repeat(45) } satisfies Bindings)

const cases: ReadonlyArray<Case> = [
  live("auth-otp-send-sign-in-code.json", freshAddress),
  live("auth-otp-send-sign-in-code-redirect-url-not-whitelisted.json", freshAddress),
  live("auth-otp-sign-in-check-code.json", sentCode((code) => code.slice(0, 6).toUpperCase() + code.slice(6))),
  live("auth-otp-sign-in-new-user.json", sentCode((code) => code.slice(0, 6).toUpperCase() + code.slice(6))),
  live("auth-otp-sign-in-invalid-code.json", sentCode((code) => `ZZZZZZ${code.slice(6)}`)),
  live("auth-password-reset-check-code-invalid.json", unknownCode),
  live("auth-password-reset-check-code.json", resetCode(false)),
  live("auth-password-reset-success.json", resetCode(false)),
  live("auth-password-reset-code-already-used.json", resetCode(true)),
  live("auth-password-send-reset-code.json", signedIn),
  live("auth-password-set-already-has-password.json", signedIn),
  live("auth-password-update-not-signed-in.json", plain),
  live("auth-password-update-wrong-old-password.json", signedIn),
  live("auth-anonymous-sign-up.json", plain),
  old("auth-otp-send-sign-in-code.json", freshAddress),
  old("auth-otp-send-sign-in-code-redirect-url-not-whitelisted.json", freshAddress),
  old("auth-otp-sign-in-new-user.json", sentCode((code) => code)),
  old("auth-otp-sign-in-invalid-code.json", sentCode((code) => `ABC123${code.slice(6)}`)),
  old("auth-password-reset-check-code.json", resetCode(false)),
  old("auth-password-reset-success.json", resetCode(false)),
  old("auth-password-send-reset-code.json", signedIn),
  old("auth-password-set-already-has-password.json", signedIn),
  old("auth-password-update-not-signed-in-schema-error.json", plain),
  old("auth-password-update-wrong-old-password.json", signedIn)
]

replaySuite("emulator fixture replay: codes and passwords", cases)
