/**
 * Witnesses of the client's sign-in, sign-up, code and redirect operations, the layers that build a
 * client core, and the client families not witnessed elsewhere (a key the project requires, the
 * access-token errors, a known error the call does not declare, a code the catalogue does not know).
 */
import { assert } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import * as Client from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import * as Reply from "../../src/emulator/reply.ts"
import { defineRoute } from "../../src/emulator/router.ts"
import { totpAt } from "../../src/emulator/totp.ts"
import { layerMemoryTokenStore } from "../../src/session/token-store.ts"
import { resolveHandlerUrls } from "../../src/urls/handler-urls.ts"
import { makeAuthenticator } from "../integration/webauthn-fake.ts"
import { type ClientEnv, clientWitness, clientWitnessOfAnyError, configureProject, lastCode, whileTimePasses, withRefusedRefresh, withTokens, type Witness } from "./witness.ts"
import type { ProjectConfigRecord } from "../../src/emulator/state.ts"

type Operation = Parameters<typeof clientWitness>[0]

const email = "auth-witness@example.com"
const password = "a long enough password"
const callbackUrl = "http://localhost:3000/handler/callback"
const untrustedUrl = "https://evil.example.com/handler/callback"
const appPage = "http://localhost:3000/page"
const totpSecret = Buffer.from("twenty bytes of key!").toString("base64")
/** 45 characters, the length of every code, never issued. */
const neverIssued = "0".repeat(45)

// ---------------------------------------------------------------------------------------------
// Arrangements

const signUp = Client.signUpWithPassword({ email, password })

/** A user with TOTP, signed out. */
const mfaUser = Effect.gen(function*() {
  yield* signUp
  yield* Client.updateUser({ totpSecretBase64: totpSecret })
  yield* Client.signOut()
})

/** The attempt code of a password sign-in of a user with TOTP. */
const mfaAttempt = Effect.gen(function*() {
  yield* mfaUser
  const required = yield* Effect.flip(Client.signInWithPassword({ email, password }))
  if (required._tag !== "MultiFactorAuthenticationRequired") return yield* Effect.fail(required)
  return required.details.attempt_code
})

const magicLinkCode = Effect.andThen(Client.sendMagicLinkEmail({ email, callbackUrl }), lastCode(email))

const resetCode = Effect.gen(function*() {
  yield* signUp
  yield* Client.signOut()
  yield* Client.sendForgotPasswordEmail({ email, callbackUrl })
  return yield* lastCode(email)
})

/** Runs `effect` with the redirect waits of the navigation passed. */
const settled = <A, E, R>(effect: Effect.Effect<A, E, R>) => whileTimePasses(effect, "5 seconds")

/** `effect` on the page `url` of an in-memory navigation. */
const onPage = (url: string) => <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.provide(settled(effect), Client.layerTestNavigation(url))

/** A page whose `after_auth_return_to` leaves the site. */
const returningToEvil = `${appPage}?after_auth_return_to=${encodeURIComponent("https://evil.example.com/")}`

const signedUpAuth = Effect.andThen(signUp, Client.getAuthJson())

// ---------------------------------------------------------------------------------------------
// Verification codes: the same four failures for every operation that checks or consumes one

interface CodeFlow<K extends Operation> {
  readonly operation: K
  /** Issues a code (setup). */
  readonly issue: Effect.Effect<string, unknown, ClientEnv>
  /** Uses the code up (setup). */
  readonly use: (code: string) => Effect.Effect<unknown, unknown, ClientEnv>
  /** How long until the code expires. */
  readonly lifetime: "5 minutes" | "7 days"
  readonly call: (op: (typeof Client)[K], code: string) => Effect.Effect<unknown, unknown, ClientEnv>
}

/** 20 wrong guesses sharing the code's last 39 characters: each counts as an attempt on the code. */
const guessedAt = <R>(code: string, guess: (code: string) => Effect.Effect<unknown, unknown, R>) =>
  Effect.as(Effect.repeat(Effect.ignore(guess(`${code.startsWith("zzzzzz") ? "yyyyyy" : "zzzzzz"}${code.slice(6)}`)), { times: 19 }), code)

const codeWitnesses = <K extends Operation>(flow: CodeFlow<K>): ReadonlyArray<Witness> => [
  clientWitnessOfAnyError<K, string>(flow.operation, "VerificationCodeNotFound", {
    how: "a code the service never issued",
    setup: flow.issue,
    call: (op) => flow.call(op, neverIssued)
  }),
  clientWitnessOfAnyError<K, string>(flow.operation, "VerificationCodeExpired", {
    how: `the code is used after its lifetime (${flow.lifetime})`,
    setup: Effect.tap(flow.issue, () => TestClock.adjust(flow.lifetime)),
    call: flow.call
  }),
  clientWitnessOfAnyError<K, string>(flow.operation, "VerificationCodeAlreadyUsed", {
    how: "the code was used already",
    setup: Effect.tap(flow.issue, flow.use),
    call: flow.call
  }),
  clientWitnessOfAnyError<K, string>(flow.operation, "VerificationCodeMaxAttemptsReached", {
    how: "20 wrong guesses with the code's nonce came first",
    setup: Effect.flatMap(flow.issue, (code) => guessedAt(code, (guess) => flow.call(Client[flow.operation], guess))),
    call: flow.call
  })
]

// ---------------------------------------------------------------------------------------------
// Passkeys: a software authenticator, and what may happen while the user is at the browser prompt

type Ceremony = "registration" | "authentication"
const challengeType = { registration: "passkey_registration_challenge", authentication: "passkey_authentication_challenge" } as const
const ceremonyPath = { registration: "/auth/passkey/register", authentication: "/auth/passkey/sign-in" } as const

/** What happens to the outstanding challenge code during the ceremony. */
interface Outstanding {
  readonly code: string
  /** Sends the ceremony's request with `code` and an empty credential. */
  readonly send: (code: string) => Effect.Effect<Response>
  /** Deletes the code from the service's store. */
  readonly remove: Effect.Effect<void>
}
type Meanwhile = (outstanding: Outstanding) => Effect.Effect<void>

/**
 * `call` with a WebAuthn service over a software authenticator on `origin`; `meanwhile` runs while
 * the browser prompt is open, `fail` makes the prompt fail instead.
 */
const withAuthenticator = (options: {
  readonly origin?: string
  readonly meanwhile?: Meanwhile
  readonly fail?: boolean
  readonly wrongChallenge?: boolean
} = {}) =>
<A, E, R>(call: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const emu = yield* Emulator
    const { accessToken } = yield* Client.getAuthJson()
    const authenticator = makeAuthenticator(options.origin ?? "http://localhost:3000")
    // A new Request per attempt: a body can be read once.
    const send = (ceremony: Ceremony) => (code: string) =>
      Effect.suspend(() => emu.handle(
        new Request(`${emu.info.baseUrl}/api/v1${ceremonyPath[ceremony]}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-stack-project-id": emu.info.projectId,
            "x-stack-access-type": "client",
            "x-stack-publishable-client-key": emu.info.publishableClientKey,
            ...(accessToken === null ? {} : { "x-stack-access-token": accessToken })
          },
          body: JSON.stringify(ceremony === "registration" ? { code, credential: {} } : { code, authentication_response: {} })
        })
      ))
    const prompt = <J>(ceremony: Ceremony, respond: () => J) =>
      Effect.gen(function*() {
        if (options.fail === true) return yield* Client.webAuthnError("The operation either timed out or was not allowed.", "NotAllowedError")
        if (options.meanwhile !== undefined) {
          const code = yield* emu.withState((data) =>
            Effect.sync(() => Object.values(data.verificationCodes).filter((r) => r.type === challengeType[ceremony]).at(-1)?.code ?? "")
          )
          const remove = emu.withState((data) =>
            Effect.sync(() => {
              for (const [id, record] of Object.entries(data.verificationCodes)) if (record.code === code) delete data.verificationCodes[id]
            })
          )
          yield* options.meanwhile({ code, send: send(ceremony), remove })
        }
        return respond()
      })
    const challenge = (c: string) => (options.wrongChallenge === true ? `${c}x` : c)
    const webAuthn = Client.WebAuthn.of({
      rpId: Effect.succeed("localhost"),
      register: (o) => prompt("registration", () => authenticator.register({ ...o, challenge: challenge(o.challenge) })),
      authenticate: (o) => prompt("authentication", () => authenticator.authenticate(o))
    })
    return yield* Effect.provideService(call, Client.WebAuthn, webAuthn)
  })

/** The WebAuthn service over `authenticator`, answering every prompt. */
const webAuthnOf = (authenticator: ReturnType<typeof makeAuthenticator>) =>
  Client.WebAuthn.of({
    rpId: Effect.succeed("localhost"),
    register: (o) => Effect.sync(() => authenticator.register(o)),
    authenticate: (o) => Effect.sync(() => authenticator.authenticate(o))
  })

/** The signed-up user with a passkey, signed out. */
const passkeyUser = Effect.gen(function*() {
  yield* signUp
  const authenticator = makeAuthenticator("http://localhost:3000")
  yield* Effect.provideService(Client.registerPasskey(), Client.WebAuthn, webAuthnOf(authenticator))
  return authenticator
})

/** The four code failures of a passkey ceremony, arranged while its prompt is open. */
const ceremonyCodeWitnesses = <K extends "registerPasskey" | "signInWithPasskey">(
  operation: K,
  setup: Effect.Effect<unknown, unknown, ClientEnv>,
  run: (op: (typeof Client)[K]) => Effect.Effect<unknown, unknown, Client.StackClientCore | Client.WebAuthn>
): ReadonlyArray<Witness> => {
  const during = (error: string, how: string, meanwhile: Meanwhile) =>
    clientWitnessOfAnyError(operation, error, { how, setup, call: (op) => withAuthenticator({ meanwhile })(run(op)) })
  return [
    during("VerificationCodeNotFound", "the challenge code is deleted while the prompt is open", (o) => o.remove),
    during("VerificationCodeExpired", "the user answers the prompt after the challenge's 65 seconds", () => TestClock.adjust("66 seconds")),
    during("VerificationCodeAlreadyUsed", "another request used the challenge code while the prompt was open", (o) => Effect.asVoid(o.send(o.code))),
    during(
      "VerificationCodeMaxAttemptsReached",
      "20 guesses with the challenge's nonce came while the prompt was open",
      (o) => Effect.asVoid(guessedAt(o.code, o.send))
    )
  ]
}

// ---------------------------------------------------------------------------------------------
// OAuth: the emulator's provider, driven the way a browser would

/** Follows the authorize URL through the mock provider's consent; the callback URL the app gets. */
const oauthCallback = (authorization: Client.OAuthAuthorization) =>
  Effect.gen(function*() {
    const emu = yield* Emulator
    const get = (url: string, cookie?: string) => emu.handle(new Request(url, { headers: cookie === undefined ? {} : { cookie } }))
    const authorize = yield* get(authorization.url)
    const consentUrl = authorize.headers.get("location") ?? ""
    const cookie = (authorize.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
    const approve = new URL("approve", consentUrl)
    approve.searchParams.set("state", new URL(consentUrl).searchParams.get("state") ?? "")
    approve.searchParams.set("email", email)
    approve.searchParams.set("name", "Octo Cat")
    const approved = yield* get(approve.toString())
    const back = yield* get(approved.headers.get("location") ?? "", cookie)
    return back.headers.get("location") ?? ""
  })

/** A GitHub sign-in up to the callback: the callback URL and what the app kept. */
const oauthStarted = Effect.gen(function*() {
  const authorization = yield* Client.getOAuthAuthorizeUrl({ provider: "github", redirectUrl: callbackUrl, errorRedirectUrl: callbackUrl })
  return { authorization, callback: yield* oauthCallback(authorization) }
})

// ---------------------------------------------------------------------------------------------
// Small helpers for the tables below

const plain = <K extends Operation>(
  operation: K,
  error: string,
  how: string,
  call: (op: (typeof Client)[K]) => Effect.Effect<unknown, unknown, ClientEnv>,
  setup: Effect.Effect<unknown, unknown, ClientEnv> = Effect.void
): Witness => clientWitnessOfAnyError(operation, error, { how, setup, call: (op) => call(op) })

const withConfig = <K extends Operation>(
  operation: K,
  error: string,
  patch: Partial<ProjectConfigRecord>,
  call: (op: (typeof Client)[K]) => Effect.Effect<unknown, unknown, ClientEnv>,
  before: Effect.Effect<unknown, unknown, ClientEnv> = Effect.void
): Witness => plain(operation, error, `the project has ${Object.keys(patch).join(", ")} off`, call, Effect.andThen(before, configureProject(patch)))

/**
 * The layers that build a client core are not operations (they return a Layer), so their witness
 * is built here: building the layer with options that cannot work fails with InvalidStackOptions.
 */
const layerWitness = <E>(
  operation: "layerCore" | "layerCoreFetch" | "layerCoreWithTransport",
  layer: Layer.Layer<Client.StackClientCore, E, Client.TokenStore>
): Witness => ({
  surface: "client",
  operation,
  error: "InvalidStackOptions",
  how: "a project id with spaces",
  run: Effect.gen(function*() {
    const exit = yield* Effect.exit(Effect.scoped(Layer.build(layer.pipe(Layer.provide(layerMemoryTokenStore())))))
    const failure = exit._tag === "Failure" ? exit.cause.reasons.find((reason) => reason._tag === "Fail") : undefined
    const tag = failure?._tag === "Fail" && typeof failure.error === "object" && failure.error !== null && "_tag" in failure.error ? failure.error._tag : String(exit)
    assert.strictEqual(tag, "InvalidStackOptions", `${operation}: building with a project id with spaces`)
  })
})

const noPassword = { credentialEnabled: false }
const noSignUp = { signUpEnabled: false }
const noPasskeys = { passkeyEnabled: false }
const badOptions = { projectId: "not a project id!" }

export const witnesses: ReadonlyArray<Witness> = [
  clientWitness("signInWithPassword", "EmailPasswordMismatch", {
    how: "an address no user signs in with",
    setup: Effect.void,
    call: (signIn) => signIn({ email: "nobody@example.com", password: "not the password" })
  }),

  // Client-side checks.
  plain("checkPasswordConfirmation", "PasswordConfirmationMismatch", "the confirmation differs", (op) => op(password, `${password}!`)),
  plain("checkPasswordLength", "PasswordTooShort", "seven characters", (op) => op("1234567")),
  plain("checkPasswordLength", "PasswordTooLong", "71 characters", (op) => op("x".repeat(71))),
  plain("checkRedirectUrl", "UntrustedRedirectUrl", "another origin", (op) => op(untrustedUrl, appPage)),
  plain("checkAfterSignUpRedirect", "UntrustedRedirectUrl", "the page's after_auth_return_to leaves the site", (op) => onPage(returningToEvil)(op())),
  plain("redirectAfterSignIn", "UntrustedRedirectUrl", "the page's after_auth_return_to leaves the site", (op) =>
    onPage(returningToEvil)(op({ userId: "u", isNewUser: false }))),
  plain("redirectToPage", "UntrustedRedirectUrl", "the page's after_auth_return_to leaves the site", (op) => onPage(returningToEvil)(op("afterSignIn"))),
  plain("getUserOrRedirect", "UserNotSignedIn", "nobody is signed in: sent to the sign-in page", (op) => onPage(appPage)(op())),
  plain("getUserOrRedirect", "UntrustedRedirectUrl", "nobody is signed in and the sign-in page is on another origin", (op) =>
    onPage(appPage)(Effect.provideService(op(), Client.HandlerUrlsConfig, resolveHandlerUrls({ signIn: "https://evil.example.com/sign-in" })))),
  clientWitnessOfAnyError("getUserOrRedirect", "InvalidOAuthClientIdOrSecret", {
    how: "the access token expired and the refresh is sent with a key the project does not know",
    setup: signedUpAuth,
    call: (op, auth) => onPage(appPage)(withRefusedRefresh(op())(auth))
  }),
  clientWitnessOfAnyError("getOAuthAuthorizeUrl", "InvalidOAuthClientIdOrSecret", {
    how: "a link flow whose access token expired, refreshed with a key the project does not know",
    setup: signedUpAuth,
    call: (op, auth) => withRefusedRefresh(op({ provider: "github", redirectUrl: callbackUrl, errorRedirectUrl: callbackUrl, type: "link" }))(auth)
  }),

  // Building a client core.
  plain("fromClientJson", "InvalidStackOptions", "JSON without a project id", (op) => op({ uniqueIdentifier: "app" })),
  clientWitnessOfAnyError("fromClientJson", "ClientJsonMismatch", {
    how: "the identifier was built from other JSON",
    setup: Effect.sync(() => `witness-${crypto.randomUUID()}`).pipe(
      Effect.tap((id) => Client.fromClientJson({ uniqueIdentifier: id, projectId: "first-project" }))
    ),
    call: (op, id) => op({ uniqueIdentifier: id, projectId: "second-project" })
  }),
  plain("makeCore", "InvalidStackOptions", "a project id with spaces", (op) =>
    op(badOptions).pipe(Effect.provide(layerMemoryTokenStore()), Effect.provide(Client.layerHttpClientTransport()))),
  layerWitness("layerCore", Client.layerCore(badOptions).pipe(Layer.provide(Emulator.layer()))),
  layerWitness("layerCoreFetch", Client.layerCoreFetch(badOptions)),
  layerWitness("layerCoreWithTransport", Client.layerCoreWithTransport(badOptions).pipe(Layer.provide(Client.layerFetchTransport()))),

  // Password sign-up and sign-in.
  plain("signUpWithPassword", "InvalidInput", "a password over the request schema's 70 characters", (op) => op({ email, password: "x".repeat(71) })),
  plain("signUpWithPassword", "PasswordTooShort", "seven characters", (op) => op({ email, password: "1234567" })),
  plain("signUpWithPassword", "RedirectUrlNotWhitelisted", "a verification callback on an untrusted domain", (op) =>
    op({ email, password, verificationCallbackUrl: untrustedUrl })),
  plain("signUpWithPassword", "UserWithEmailAlreadyExists", "the address signs in to another account", (op) => op({ email, password }), Effect.andThen(signUp, Client.signOut())),
  withConfig("signUpWithPassword", "PasswordAuthenticationNotEnabled", noPassword, (op) => op({ email, password })),
  withConfig("signUpWithPassword", "SignUpNotEnabled", noSignUp, (op) => op({ email, password })),
  clientWitness("signUpWithPassword", "PublishableClientKeyRequiredForProject", {
    how: "a client without a key, the project requires one",
    client: { publishableClientKey: undefined },
    setup: configureProject({ requirePublishableClientKey: true }),
    call: (op) => op({ email, password })
  }),
  plain("signInWithPassword", "InvalidInput", "not an e-mail address", (op) => op({ email: "not an address", password })),
  plain("signInWithPassword", "MultiFactorAuthenticationRequired", "the user has TOTP", (op) => op({ email, password }), mfaUser),
  withConfig("signInWithPassword", "PasswordAuthenticationNotEnabled", noPassword, (op) => op({ email, password })),

  // Password reset.
  plain("sendForgotPasswordEmail", "InvalidInput", "not an e-mail address", (op) => op({ email: "not an address", callbackUrl })),
  withConfig("sendForgotPasswordEmail", "PasswordAuthenticationNotEnabled", noPassword, (op) => op({ email, callbackUrl })),
  plain("sendForgotPasswordEmail", "RedirectUrlNotWhitelisted", "a user's address, a callback on an untrusted domain", (op) =>
    op({ email, callbackUrl: untrustedUrl }), Effect.andThen(signUp, Client.signOut())),
  plain("verifyPasswordResetCode", "InvalidInput", "a code that is not 45 characters", (op) => op("short")),
  ...codeWitnesses({
    operation: "verifyPasswordResetCode",
    issue: resetCode,
    use: (code) => Client.resetPassword({ code, password: "a new long password" }),
    lifetime: "7 days",
    call: (op, code) => op(code)
  }),
  plain("resetPassword", "InvalidInput", "a code that is not 45 characters", (op) => op({ code: "short", password })),
  clientWitnessOfAnyError("resetPassword", "PasswordTooShort", { how: "a valid code, seven characters", setup: resetCode, call: (op, code) => op({ code, password: "1234567" }) }),
  clientWitnessOfAnyError("resetPassword", "PasswordAuthenticationNotEnabled", {
    how: "password sign-in was turned off after the e-mail",
    setup: resetCode.pipe(Effect.tap(() => configureProject(noPassword))),
    call: (op, code) => op({ code, password })
  }),
  ...codeWitnesses({
    operation: "resetPassword",
    issue: resetCode,
    use: (code) => Client.resetPassword({ code, password: "a new long password" }),
    lifetime: "7 days",
    call: (op, code) => op({ code, password })
  }),

  // Magic links.
  plain("sendMagicLinkEmail", "InvalidInput", "not an e-mail address", (op) => op({ email: "not an address", callbackUrl })),
  plain("sendMagicLinkEmail", "RedirectUrlNotWhitelisted", "a callback on an untrusted domain", (op) => op({ email, callbackUrl: untrustedUrl })),
  withConfig("sendMagicLinkEmail", "SignUpNotEnabled", noSignUp, (op) => op({ email, callbackUrl })),
  plain("sendMagicLinkEmail", "UserWithEmailAlreadyExists", "an account has the address unverified", (op) => op({ email, callbackUrl }), Effect.andThen(signUp, Client.signOut())),
  plain("checkMagicLinkCode", "InvalidInput", "a code that is not 45 characters", (op) => op("short")),
  ...codeWitnesses({ operation: "checkMagicLinkCode", issue: magicLinkCode, use: Client.signInWithMagicLink, lifetime: "7 days", call: (op, code) => op(code) }),
  plain("signInWithMagicLink", "InvalidInput", "a code that is not 45 characters", (op) => op("short")),
  ...codeWitnesses({ operation: "signInWithMagicLink", issue: magicLinkCode, use: Client.signInWithMagicLink, lifetime: "7 days", call: (op, code) => op(code) }),
  clientWitnessOfAnyError("signInWithMagicLink", "MultiFactorAuthenticationRequired", {
    how: "the address's user has TOTP",
    setup: Effect.gen(function*() {
      yield* Client.signInWithMagicLink(yield* magicLinkCode)
      yield* Client.updateUser({ totpSecretBase64: totpSecret })
      yield* Client.signOut()
      return yield* magicLinkCode
    }),
    call: (op, code) => op(code)
  }),
  clientWitnessOfAnyError("signInWithMagicLink", "UserWithEmailAlreadyExists", {
    how: "after the e-mail, another account took the address unverified",
    setup: magicLinkCode.pipe(Effect.tap(() => Effect.andThen(signUp, Client.signOut()))),
    call: (op, code) => op(code)
  }),
  clientWitnessOfAnyError("signInWithMagicLink", "SignUpNotEnabled", {
    how: "a sign-up code, and sign-up was turned off after the e-mail",
    setup: magicLinkCode.pipe(Effect.tap(() => configureProject(noSignUp))),
    call: (op, code) => op(code)
  }),

  // Multi-factor sign-in.
  clientWitnessOfAnyError("signInWithMfa", "InvalidInput", { how: "an attempt code that is not 45 characters", setup: Effect.void, call: (op) => op("short", "123456") }),
  clientWitnessOfAnyError("signInWithMfa", "InvalidTotpCode", { how: "an empty TOTP", setup: mfaAttempt, call: (op, code) => op(code, " ") }),
  ...codeWitnesses({
    operation: "signInWithMfa",
    issue: mfaAttempt,
    use: (code) => Effect.flatMap(Clock.currentTimeMillis, (now) => Client.signInWithMfa(code, totpAt(totpSecret, now))),
    lifetime: "5 minutes",
    call: (op, code) => op(code, "123456")
  }),

  // OAuth.
  clientWitnessOfAnyError("completeOAuthSignIn", "OAuthCallbackInvalid", {
    how: "a callback URL without code and state",
    setup: Client.getOAuthAuthorizeUrl({ provider: "github", redirectUrl: callbackUrl, errorRedirectUrl: callbackUrl }),
    call: (op, authorization) => op(callbackUrl, authorization)
  }),
  clientWitnessOfAnyError("completeOAuthSignIn", "InvalidAuthorizationCode", {
    how: "the callback is completed a second time (its code was exchanged)",
    setup: oauthStarted.pipe(Effect.tap((s) => Client.completeOAuthSignIn(s.callback, s.authorization))),
    call: (op, s) => op(s.callback, s.authorization)
  }),
  clientWitnessOfAnyError("completeOAuthSignIn", "InvalidOAuthClientIdOrSecret", {
    how: "the code is exchanged with a key the project does not know",
    setup: oauthStarted,
    call: (op, s) => withTokens({}, "pck_not_this_projects_key_000")(op(s.callback, s.authorization))
  }),
  clientWitnessOfAnyError("completeOAuthSignIn", "MultiFactorAuthenticationRequired", {
    how: "the provider's user has TOTP",
    setup: Effect.gen(function*() {
      const first = yield* oauthStarted
      yield* Client.completeOAuthSignIn(first.callback, first.authorization)
      yield* Client.updateUser({ totpSecretBase64: totpSecret })
      yield* Client.signOut()
      return yield* oauthStarted
    }),
    call: (op, s) => op(s.callback, s.authorization)
  }),

  // Passkeys.
  clientWitnessOfAnyError("registerPasskey", "InvalidOAuthClientIdOrSecret", {
    how: "the access token expired and the refresh is sent with a key the project does not know",
    setup: signedUpAuth,
    call: (op, auth) => withAuthenticator()(withRefusedRefresh(op())(auth))
  }),
  plain("registerPasskey", "SchemaError", "nobody is signed in", (op) => withAuthenticator()(op())),
  plain("registerPasskey", "PasskeyWebAuthnError", "the browser prompt fails (NotAllowedError)", (op) => withAuthenticator({ fail: true })(op()), signUp),
  plain("registerPasskey", "PasskeyRegistrationFailed", "the credential signs another challenge", (op) => withAuthenticator({ wrongChallenge: true })(op()), signUp),
  withConfig("registerPasskey", "PasskeyAuthenticationNotEnabled", noPasskeys, (op) => withAuthenticator()(op()), signUp),
  ...ceremonyCodeWitnesses("registerPasskey", signUp, (op) => op()),
  plain("signInWithPasskey", "PasskeyWebAuthnError", "the browser prompt fails (NotAllowedError)", (op) => withAuthenticator({ fail: true })(op())),
  plain("signInWithPasskey", "PasskeyAuthenticationFailed", "a credential the service does not know", (op) => withAuthenticator()(op())),
  withConfig("signInWithPasskey", "PasskeyAuthenticationNotEnabled", noPasskeys, (op) => withAuthenticator()(op())),
  clientWitnessOfAnyError("signInWithPasskey", "MultiFactorAuthenticationRequired", {
    how: "the passkey's user has TOTP",
    setup: Effect.gen(function*() {
      const authenticator = yield* passkeyUser
      yield* Client.updateUser({ totpSecretBase64: totpSecret })
      yield* Client.signOut()
      return authenticator
    }),
    call: (op, authenticator) => Effect.provideService(op(), Client.WebAuthn, webAuthnOf(authenticator))
  }),
  ...ceremonyCodeWitnesses("signInWithPasskey", Effect.andThen(passkeyUser, Client.signOut()), (op) => op()),

  // The access-token errors, on a call made as the signed-in user.
  clientWitness("getUserOrRedirect", "UnparsableAccessToken", {
    how: "the stored access token is not a JWT (and there is no refresh token)",
    setup: Effect.void,
    call: (op) => onPage(appPage)(withTokens({ accessToken: "not-a-jwt" })(op()))
  }),
  clientWitness("getUserOrRedirect", "AccessTokenExpired", {
    how: "only an access token is stored, and it expired",
    setup: signedUpAuth,
    call: (op, auth) => Effect.andThen(TestClock.adjust("11 minutes"), onPage(appPage)(withTokens({ accessToken: auth.accessToken })(op())))
  }),
  clientWitness("getUserOrRedirect", "InvalidProjectForAccessToken", {
    how: "the stored access token is of another project (the dashboard's)",
    emulator: { internalKeys: { publishableClientKey: "pck_internal_witness_key_0000" } },
    setup: Effect.gen(function*() {
      const emu = yield* Emulator
      const internal = Client.StackClient.layer({ projectId: "internal", publishableClientKey: "pck_internal_witness_key_0000", baseUrl: emu.info.baseUrl })
        .pipe(Layer.provide(layerMemoryTokenStore()), Layer.orDie)
      return yield* Effect.provide(Effect.andThen(signUp, Client.getAuthJson()), internal)
    }),
    call: (op, auth) => onPage(appPage)(withTokens({ accessToken: auth.accessToken })(op()))
  }),
  // A known error the call does not declare.
  clientWitness("getUserOrRedirect", "UnexpectedKnownError", {
    how: "an anonymous user, the client does not allow them (ANONYMOUS_AUTHENTICATION_NOT_ALLOWED)",
    setup: Client.signUpAnonymously(),
    call: (op) => onPage(appPage)(op())
  }),
  // A code newer than the catalogue.
  clientWitness("signInWithPassword", "UnsupportedError", {
    how: "the service answers a known-error code the catalogue does not have (a newer server)",
    emulator: {
      extraRoutes: [defineRoute({
        method: "POST",
        path: "/auth/password/sign-in",
        access: "none",
        handler: () =>
          Effect.succeed<Reply.Reply>({
            _tag: "Json",
            status: 400,
            body: { code: "SOME_ERROR_OF_A_NEWER_SERVER", error: "An error this SDK does not know." },
            headers: { "x-stack-known-error": "SOME_ERROR_OF_A_NEWER_SERVER" }
          })
      })]
    },
    setup: Effect.void,
    call: (op) => op({ email, password })
  })
]
