/**
 * Cross-domain auth handoff and anonymous users upgraded in place, through StackClient over the
 * emulator, in-process and over HTTP: one app hands its session to another trusted domain (the
 * receiver redeems a one-time PKCE code and continues the same session); an anonymous user who
 * signs up by password, magic link or OAuth keeps its id and metadata.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { StackClient } from "../../src/client/index.ts"
import { pkceChallenge } from "../../src/client/auth/oauth.ts"
import { StackServer } from "../../src/server/index.ts"
import { clientFor, freshEmail, lastEmailTo } from "../client/client-harness.ts"
import { runProvider } from "../client/mock-provider-dance.ts"
import { transports } from "./features-harness.ts"

const receiverCallback = "http://localhost:3001/handler/oauth-callback"

/** What the receiving domain keeps: its state and PKCE verifier. */
const receiverSecrets = Effect.gen(function*() {
  const verifier = `verifier-${crypto.randomUUID()}-${crypto.randomUUID()}`
  return { state: `state-${crypto.randomUUID()}`, codeVerifier: Redacted.make(verifier), redirectUri: receiverCallback, codeChallenge: yield* pkceChallenge(verifier) }
})

describe.each(transports)("cross-domain auth handoff (%s)", (_name, layer) => {
  it.effect("the receiving domain continues the sender's session, once", () =>
    Effect.gen(function*() {
      const sender = yield* StackClient
      const { userId } = yield* sender.signUpWithPassword({ email: freshEmail("handoff"), password: "long enough pass" })
      const secrets = yield* receiverSecrets
      const url = yield* sender.createCrossDomainAuthRedirectUrl({
        redirectUri: secrets.redirectUri,
        state: secrets.state,
        codeChallenge: secrets.codeChallenge,
        afterCallbackRedirectUrl: "http://localhost:3001/after"
      })
      const parsed = new URL(url)
      assert.strictEqual(`${parsed.origin}${parsed.pathname}`, receiverCallback)
      assert.strictEqual(parsed.searchParams.get("state"), secrets.state)

      const received = yield* Effect.gen(function*() {
        const receiver = yield* StackClient
        const result = yield* receiver.completeOAuthSignIn(url, secrets)
        const sessions = yield* receiver.listSessions()
        return { result, sessions }
      }).pipe(Effect.provide(clientFor()))
      assert.strictEqual(received.result.userId, userId)
      assert.isFalse(received.result.isNewUser)
      assert.strictEqual(received.result.afterCallbackRedirectUrl, "http://localhost:3001/after")
      // The same session, not a new one: the user still has exactly one.
      assert.strictEqual(received.sessions.length, 1)

      const again = yield* Effect.flip(
        Effect.gen(function*() {
          const receiver = yield* StackClient
          return yield* receiver.completeOAuthSignIn(url, secrets)
        }).pipe(Effect.provide(clientFor()))
      )
      assert.strictEqual(again._tag, "InvalidAuthorizationCode")
    }).pipe(Effect.provide(layer())))

  it.effect("a wrong verifier, an untrusted target and a signed-out sender are refused", () =>
    Effect.gen(function*() {
      const sender = yield* StackClient
      const secrets = yield* receiverSecrets
      const signedOut = yield* Effect.flip(sender.createCrossDomainAuthRedirectUrl({ ...secrets }))
      assert.notStrictEqual(signedOut._tag, "RedirectUrlNotWhitelisted")
      yield* sender.signUpWithPassword({ email: freshEmail("handoff"), password: "long enough pass" })
      const untrusted = yield* Effect.flip(sender.createCrossDomainAuthRedirectUrl({ ...secrets, redirectUri: "https://evil.example.com/cb" }))
      assert.strictEqual(untrusted._tag, "RedirectUrlNotWhitelisted")
      const untrustedAfter = yield* Effect.flip(
        sender.createCrossDomainAuthRedirectUrl({ ...secrets, afterCallbackRedirectUrl: "https://evil.example.com/after" })
      )
      assert.strictEqual(untrustedAfter._tag, "RedirectUrlNotWhitelisted")
      const url = yield* sender.createCrossDomainAuthRedirectUrl({ ...secrets })
      const wrong = yield* Effect.flip(
        Effect.gen(function*() {
          const receiver = yield* StackClient
          return yield* receiver.completeOAuthSignIn(url, { ...secrets, codeVerifier: Redacted.make("not-the-verifier") })
        }).pipe(Effect.provide(clientFor()))
      )
      assert.strictEqual(wrong._tag, "InvalidAuthorizationCode")
    }).pipe(Effect.provide(layer())))
})

describe.each(transports)("anonymous users upgraded in place (%s)", (_name, layer) => {
  it.effect("by password sign-up: same id, metadata and country kept", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const server = yield* StackServer
      const anonymous = yield* stack.signUpAnonymously()
      yield* server.updateUser(anonymous.userId, { displayName: "Kept", countryCode: " fr " })
      const email = freshEmail("upgrade")
      const upgraded = yield* stack.signUpWithPassword({ email, password: "long enough pass" })
      assert.strictEqual(upgraded.userId, anonymous.userId)
      const found = yield* server.getUser(anonymous.userId)
      assert.isTrue(Option.isSome(found))
      const user = Option.getOrThrow(found)
      assert.strictEqual(user.isAnonymous, false)
      assert.strictEqual(user.displayName, "Kept")
      assert.strictEqual(user.primaryEmail, email)
      assert.strictEqual(user.countryCode, "FR")
    }).pipe(Effect.provide(layer())))

  it.effect("by magic link: same id, e-mail verified", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const anonymous = yield* stack.signUpAnonymously()
      const email = freshEmail("upgrade-otp")
      yield* stack.sendMagicLinkEmail({ email, callbackUrl: "http://localhost:3000/handler/magic-link-callback" })
      const mail = yield* lastEmailTo(email)
      const code = new URL(mail?.link ?? "http://x").searchParams.get("code") ?? ""
      const signedIn = yield* stack.signInWithMagicLink(code)
      assert.strictEqual(signedIn.userId, anonymous.userId)
      assert.isTrue(signedIn.isNewUser)
      const user = yield* stack.getUserOrFail()
      assert.strictEqual(user.id, anonymous.userId)
      assert.strictEqual(user.isAnonymous, false)
      assert.strictEqual(user.primaryEmail, email)
      assert.isTrue(user.primaryEmailVerified)
    }).pipe(Effect.provide(layer())))

  it.effect("by OAuth: same id, the provider connected", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const anonymous = yield* stack.signUpAnonymously()
      const email = freshEmail("upgrade-oauth")
      const authorization = yield* stack.getOAuthAuthorizeUrl({
        provider: "github",
        redirectUrl: "http://localhost:3000/handler/oauth-callback",
        errorRedirectUrl: "http://localhost:3000/handler/error"
      })
      const signedIn = yield* stack.completeOAuthSignIn(yield* runProvider(authorization.url, email), authorization)
      assert.strictEqual(signedIn.userId, anonymous.userId)
      const user = yield* stack.getUserOrFail()
      assert.strictEqual(user.isAnonymous, false)
      assert.strictEqual(user.primaryEmail, email)
      assert.deepStrictEqual(user.oauthProviders.map((p) => p.id), ["github"])
    }).pipe(Effect.provide(layer())))

  it.effect("a regular user signing up again makes another account; a taken address is refused with the normalised e-mail", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const email = freshEmail("regular")
      const first = yield* stack.signUpWithPassword({ email, password: "long enough pass" })
      const second = yield* stack.signUpWithPassword({ email: freshEmail("regular"), password: "long enough pass" })
      assert.notStrictEqual(second.userId, first.userId)
      const taken = yield* Effect.flip(stack.signUpWithPassword({ email: email.toUpperCase(), password: "long enough pass" }))
      assert.strictEqual(taken._tag, "UserWithEmailAlreadyExists")
      if (taken._tag === "UserWithEmailAlreadyExists") assert.strictEqual(taken.details.email, email)
    }).pipe(Effect.provide(layer())))
})
