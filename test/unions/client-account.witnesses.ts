/** Witnesses of the client's account, contact-channel and session operations. */
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import * as Client from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import type { ContactChannel } from "../../src/model/contact-channel.ts"
import { type ClientEnv, clientWitness, clientWitnessOfAnyError, configureProject, lastCode, type Witness } from "./witness.ts"

const password = "a long enough password"
const otherPassword = "another long password"
const tooLong = "x".repeat(71)
const callbackUrl = "http://localhost:3000/handler/email-verification"
const untrustedUrl = "https://untrusted.example.com/handler/email-verification"
/** A code of the right length that no e-mail carries. */
const unknownCode = "a".repeat(45)
const someId = "00000000-0000-4000-8000-0000000000dd"

/** Signs `email` up with the password (it becomes the signed-in user). */
const signUp = (email: string) => Client.signUpWithPassword({ email, password })

/** A signed-up user whose primary e-mail was sent a verification code; the state is the code. */
const mailedCode = (email: string) =>
  Effect.gen(function*() {
    yield* signUp(email)
    yield* Client.sendVerificationEmail({ callbackUrl })
    return yield* lastCode(email)
  })

/** A signed-up user; `email` signs in someone else (who signed up first). */
const besideHolderOf = (email: string) =>
  Effect.andThen(signUp(email), signUp(`other-${email}`))

/** After `setup` (which signs a user in), that user adds the channel `value`; the state is the channel. */
const withSecondChannel = (
  setup: Effect.Effect<unknown, unknown, ClientEnv>,
  value: string
): Effect.Effect<ContactChannel, unknown, ClientEnv> =>
  Effect.andThen(setup, Client.createContactChannel({ value }))

/** The operations that take an e-mail verification code. */
type CodeOperation = "verifyEmail" | "checkVerificationCode"
const codeOperations: ReadonlyArray<CodeOperation> = ["verifyEmail", "checkVerificationCode"]

/** One witness per code operation: `setup` gives the code, the call sends it. */
const forCodes = (error: string, how: string, setup: (operation: CodeOperation) => Effect.Effect<string, unknown, ClientEnv>) =>
  codeOperations.map((operation): Witness =>
    clientWitnessOfAnyError(operation, error, { how, setup: setup(operation), call: (op, code) => op(code) })
  )

/** Waits (on the real clock) until the single-use fault of the emulator has caught its request. */
const faultTaken = Effect.gen(function*() {
  const emu = yield* Emulator
  for (let round = 0; round < 1000; round++) {
    if (emu.env.faults.current.every((entry) => entry.remaining === 0)) return
    yield* Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, 1)))
  }
  return yield* Effect.die(new Error("the delayed request never reached the emulator"))
})

/** A signed-up user; the state is the id of the session the client holds. */
const currentSessionId: Effect.Effect<string, unknown, ClientEnv> = Effect.gen(function*() {
  yield* signUp("current-session@example.com")
  const current = (yield* Client.listSessions()).find((session) => session.isCurrentSession)
  if (current === undefined) return yield* Effect.fail(new Error("no session is marked current"))
  return current.id
})

export const witnesses: ReadonlyArray<Witness> = [
  // ---- bad input, refused before anything is sent
  clientWitness("updatePassword", "InvalidInput", {
    how: "a new password longer than the request schema's 70 characters",
    setup: signUp("long-update@example.com"),
    call: (op) => op({ oldPassword: password, newPassword: tooLong })
  }),
  clientWitness("setPassword", "InvalidInput", {
    how: "a password longer than the request schema's 70 characters",
    setup: Effect.void,
    call: (op) => op({ password: tooLong })
  }),
  clientWitness("updateUser", "InvalidInput", {
    how: "a selected team id that is not a UUID",
    setup: Effect.void,
    call: (op) => op({ selectedTeamId: "not-a-uuid" })
  }),
  clientWitness("createContactChannel", "InvalidInput", {
    how: "a value that is not an e-mail address",
    setup: Effect.void,
    call: (op) => op({ value: "not an address" })
  }),
  clientWitness("updateContactChannel", "InvalidInput", {
    how: "a new value that is not an e-mail address",
    setup: Effect.void,
    call: (op) => op(someId, { value: "not an address" })
  }),
  clientWitness("sendContactChannelVerification", "InvalidInput", {
    how: "a callback URL that is not a URL",
    setup: Effect.void,
    call: (op) => op(someId, { callbackUrl: "not a url" })
  }),
  clientWitness("sendVerificationEmail", "InvalidInput", {
    how: "a callback URL that is not a URL",
    setup: Effect.void,
    call: (op) => op({ callbackUrl: "not a url" })
  }),
  ...codeOperations.map((operation): Witness =>
    clientWitnessOfAnyError(operation, "InvalidInput", {
      how: "a code that is not 45 characters long",
      setup: Effect.void,
      call: (op) => op("short")
    })
  ),

  // ---- password change and password set
  clientWitness("updatePassword", "PasswordAuthenticationNotEnabled", {
    how: "the project turned password sign-in off after the user signed up",
    setup: Effect.andThen(signUp("update-off@example.com"), configureProject({ credentialEnabled: false })),
    call: (op) => op({ oldPassword: password, newPassword: otherPassword })
  }),
  clientWitness("updatePassword", "PasswordTooShort", {
    how: "a new password of 5 characters",
    setup: signUp("update-short@example.com"),
    call: (op) => op({ oldPassword: password, newPassword: "short" })
  }),
  clientWitness("updatePassword", "PasswordConfirmationMismatch", {
    how: "the old password is not the user's",
    setup: signUp("update-wrong@example.com"),
    call: (op) => op({ oldPassword: "not the old password", newPassword: otherPassword })
  }),
  clientWitness("updatePassword", "UserDoesNotHavePassword", {
    how: "an anonymous user has no password to change",
    client: { allowAnonymousUser: true },
    setup: Client.signUpAnonymously(),
    call: (op) => op({ oldPassword: password, newPassword: otherPassword })
  }),
  clientWitness("updatePassword", "SchemaError", {
    how: "called while nobody is signed in (`auth.user must be defined`)",
    setup: Effect.void,
    call: (op) => op({ oldPassword: password, newPassword: otherPassword })
  }),
  clientWitness("setPassword", "PasswordAuthenticationNotEnabled", {
    how: "the project has password sign-in off",
    client: { allowAnonymousUser: true },
    setup: Effect.andThen(Client.signUpAnonymously(), configureProject({ credentialEnabled: false })),
    call: (op) => op({ password })
  }),
  clientWitness("setPassword", "PasswordTooShort", {
    how: "a password of 5 characters",
    client: { allowAnonymousUser: true },
    setup: Client.signUpAnonymously(),
    call: (op) => op({ password: "short" })
  }),
  clientWitness("setPassword", "SchemaError", {
    how: "called while nobody is signed in (`auth.user must be defined`)",
    setup: Effect.void,
    call: (op) => op({ password })
  }),

  // ---- the user
  clientWitness("updateUser", "UserWithEmailAlreadyExists", {
    how: "a new primary e-mail another user signs in with",
    setup: besideHolderOf("taken-primary@example.com"),
    call: (op) => op({ primaryEmail: "taken-primary@example.com" })
  }),
  clientWitness("updateUser", "TeamMembershipNotFound", {
    how: "a selected team the user is not a member of",
    setup: signUp("not-a-member@example.com"),
    call: (op) => op({ selectedTeamId: someId })
  }),

  // ---- contact channels
  clientWitness("createContactChannel", "ContactChannelAlreadyUsedForAuthBySomeoneElse", {
    how: "a sign-in channel with an address another user signs in with",
    setup: besideHolderOf("taken-create@example.com"),
    call: (op) => op({ value: "taken-create@example.com", usedForAuth: true })
  }),
  clientWitness("updateContactChannel", "ContactChannelAlreadyUsedForAuthBySomeoneElse", {
    how: "a channel changed to sign in with an address another user signs in with",
    setup: withSecondChannel(besideHolderOf("taken-update@example.com"), "spare@example.com"),
    call: (op, channel) => op(channel.id, { value: "taken-update@example.com", usedForAuth: true })
  }),
  clientWitness("sendContactChannelVerification", "RedirectUrlNotWhitelisted", {
    how: "a callback URL on a domain the project does not trust",
    setup: withSecondChannel(signUp("channel-redirect@example.com"), "second@example.com"),
    call: (op, channel) => op(channel.id, { callbackUrl: untrustedUrl })
  }),
  clientWitness("sendVerificationEmail", "RedirectUrlNotWhitelisted", {
    how: "a callback URL on a domain the project does not trust",
    setup: signUp("primary-redirect@example.com"),
    call: (op) => op({ callbackUrl: untrustedUrl })
  }),
  clientWitness("sendVerificationEmail", "EmailAlreadyVerified", {
    how: "the primary e-mail was verified with the code of an earlier e-mail",
    setup: Effect.flatMap(mailedCode("verified@example.com"), (code) => Client.verifyEmail(code)),
    call: (op) => op({ callbackUrl })
  }),
  clientWitness("sendVerificationEmail", "NoPrimaryEmail", {
    how: "the user removed their primary e-mail",
    setup: Effect.andThen(signUp("no-primary@example.com"), Client.updateUser({ primaryEmail: null })),
    call: (op) => op({ callbackUrl })
  }),
  clientWitness("sendVerificationEmail", "SchemaError", {
    how: "the primary e-mail has no dot in its domain, which the legacy endpoint's strict e-mail refuses",
    setup: Effect.andThen(signUp("dotless-primary@example.com"), Client.createContactChannel({ value: "someone@localhost", isPrimary: true })),
    call: (op) => op({ callbackUrl })
  }),
  clientWitness("sendVerificationEmail", "EmailIsNotPrimaryEmail", {
    how: "another device changes the primary e-mail between the channel list and the send",
    emulator: { faults: [{ method: "POST", path: "/contact-channels/send-verification-code", action: { _tag: "Delay", millis: 1000 }, times: 1 }] },
    setup: withSecondChannel(signUp("moving-primary@example.com"), "next-primary@example.com"),
    call: (op, next) =>
      Effect.gen(function*() {
        const fiber = yield* Effect.forkChild(op({ callbackUrl }))
        yield* faultTaken
        yield* Client.updateContactChannel(next.id, { isPrimary: true })
        yield* TestClock.adjust("1 second")
        return yield* Fiber.join(fiber)
      })
  }),

  // ---- e-mail verification codes
  ...forCodes("VerificationCodeNotFound", "a 45-character code no e-mail carries", () => Effect.succeed(unknownCode)),
  ...forCodes("VerificationCodeExpired", "the e-mailed code is used after its 7 days", (operation) =>
    Effect.tap(mailedCode(`expired-${operation}@example.com`), () => TestClock.adjust("8 days"))),
  ...forCodes("VerificationCodeAlreadyUsed", "the e-mailed code already verified the address", (operation) =>
    Effect.tap(mailedCode(`used-${operation}@example.com`), (code) => Client.verifyEmail(code))),
  ...forCodes("VerificationCodeMaxAttemptsReached", "the e-mailed code was checked 20 times already", (operation) =>
    Effect.tap(mailedCode(`attempts-${operation}@example.com`), (code) =>
      Effect.repeat(Client.checkVerificationCode(code), { times: 19 }))),

  // ---- sessions
  clientWitness("revokeSession", "CannotDeleteCurrentSession", {
    how: "the session named is the one the call is made with",
    setup: currentSessionId,
    call: (op, id) => op(id)
  }),
  clientWitness("revokeSession", "CannotGetOwnUserWithoutUser", {
    how: "called while nobody is signed in (`user_id=me` names nobody)",
    setup: Effect.void,
    call: (op) => op(someId)
  })
]
