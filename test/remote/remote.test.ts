/**
 * The SDK against a real Stack Auth server (`npm run test:remote` with STACK_TEST_* set), or against a
 * local emulator over HTTP (inside `npm test`). Only the public SDK; every test makes its own users.
 */
import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { StackAdmin } from "../../src/admin/index.ts"
import { sendMagicLinkEmail, signInWithMagicLink, signOut as signOutCore, StackClient } from "../../src/client/index.ts"
import { AccessTokenVerifier, StackServer } from "../../src/server/index.ts"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { adminLayer, clientLayer, coreLayer, layerTarget, mailCount, remoteEmail, serverLayer, Target, waitForMail } from "./target.ts"

const password = "Remote-passw0rd-123"

/** Runs `effect` with a fresh client of the target. */
const asClient = <A, E>(effect: Effect.Effect<A, E, StackClient | Target>) =>
  Effect.scoped(Effect.flatMap(Layer.build(clientLayer), (ctx) => Effect.provide(effect, ctx)))
const asServer = <A, E>(effect: Effect.Effect<A, E, StackServer>) =>
  Effect.scoped(Effect.flatMap(Layer.build(serverLayer), (ctx) => Effect.provide(effect, ctx)))

/** Deletes a user the test made (through the server key), so shared servers stay clean. */
const cleanUp = (userId: string) => asServer(Effect.flatMap(Effect.service(StackServer), (s) => Effect.ignore(s.deleteUser(userId))))

// Live services (no TestClock): the mail polling waits real time against a real server.
layer(layerTarget, { timeout: 120_000, excludeTestServices: true })("SDK against the target server", (it) => {
  it.effect("runs on the live clock, so polling with a delay makes progress", () =>
    Effect.gen(function*() {
      const started = Date.now()
      yield* Effect.sleep("20 millis")
      assert.ok(Date.now() - started >= 15)
    }), 5_000)

  it.effect("client: sign up, sign out, wrong password, sign in, read and update the user", () =>
    Effect.gen(function*() {
      const email = remoteEmail()
      const userId = yield* asClient(Effect.gen(function*() {
        const stack = yield* StackClient
        const signedUp = yield* stack.signUpWithPassword({ email, password })
        yield* stack.signOut()
        const wrong = yield* Effect.flip(stack.signInWithPassword({ email, password: "not-the-password-1" }))
        assert.strictEqual(wrong._tag, "EmailPasswordMismatch")
        yield* stack.signInWithPassword({ email, password })
        const updated = yield* stack.updateUser({ displayName: "Remote Tester", clientMetadata: { suite: "remote" } })
        assert.strictEqual(updated.displayName, "Remote Tester")
        const user = yield* stack.getUser()
        assert.strictEqual(Option.getOrUndefined(Option.map(user, (u) => u.primaryEmail)), email)
        yield* stack.signOut()
        assert.isTrue(Option.isNone(yield* stack.getUser()))
        return signedUp.userId
      }))
      yield* cleanUp(userId)
    }))

  it.effect("magic link through the mailbox signs a new address up", () =>
    Effect.gen(function*() {
      const email = remoteEmail("otp")
      const target = yield* Target
      const result = yield* Effect.scoped(Effect.flatMap(Layer.build(coreLayer), (ctx) =>
        Effect.provide(Effect.gen(function*() {
          yield* sendMagicLinkEmail({ email, callbackUrl: `${target.baseUrl.startsWith("http://localhost") ? target.baseUrl : "http://localhost:3000"}/handler/magic-link-callback` })
          const mail = yield* waitForMail(email)
          const signedIn = yield* signInWithMagicLink(mail.code ?? "")
          yield* signOutCore()
          return signedIn
        }), ctx)))
      assert.isTrue(result.isNewUser)
      yield* cleanUp(result.userId)
    }))

  it.effect("contact channel verification through the mailbox; teams create, list, update", () =>
    Effect.gen(function*() {
      const extra = remoteEmail("cc")
      const userId = yield* asClient(Effect.gen(function*() {
        const stack = yield* StackClient
        const signedUp = yield* stack.signUpWithPassword({ email: remoteEmail(), password })
        const channel = yield* stack.createContactChannel({ value: extra })
        const before = yield* mailCount(extra)
        yield* stack.sendContactChannelVerification(channel.id, { callbackUrl: "http://localhost:3000/handler/email-verification" })
        const mail = yield* waitForMail(extra, before)
        yield* stack.verifyEmail(mail.code ?? "")
        assert.isTrue((yield* stack.listContactChannels()).some((c) => c.id === channel.id && c.isVerified))
        const team = yield* stack.createTeam({ displayName: "Remote Team" })
        assert.isTrue((yield* stack.listTeams()).some((t) => t.id === team.id))
        assert.strictEqual((yield* stack.updateTeam(team.id, { displayName: "Remote Team 2" })).displayName, "Remote Team 2")
        yield* stack.deleteTeam(team.id)
        return signedUp.userId
      }))
      yield* cleanUp(userId)
    }))

  it.effect("server: create, get, page, update, verify a session token locally, delete", () =>
    Effect.gen(function*() {
      const target = yield* Target
      yield* asServer(Effect.gen(function*() {
        const stack = yield* StackServer
        const user = yield* stack.createUser({ displayName: "Remote Server User", primaryEmail: remoteEmail("srv"), primaryEmailAuthEnabled: true })
        assert.isTrue(Option.isSome(yield* stack.getUser(user.id)))
        const page = yield* stack.listUsers({ limit: 5, desc: true })
        assert.isTrue(page.items.length > 0)
        assert.deepStrictEqual((yield* stack.updateUser(user.id, { serverMetadata: { remote: true } })).serverMetadata, { remote: true })
        const session = yield* stack.createSession(user.id, { expiresInMillis: 60_000 })
        const verifier = yield* AccessTokenVerifier.make({ projectId: target.projectId, baseUrl: target.baseUrl }).pipe(Effect.provide(FetchHttpClient.layer))
        const verified = yield* verifier.verify(session.accessToken)
        assert.strictEqual(verified.userId, user.id)
        yield* stack.deleteUser(user.id)
        assert.isTrue(Option.isNone(yield* stack.getUser(user.id)))
      }))
    }))

  it.effect("admin: the project is the configured one and lists its API keys", () =>
    Effect.gen(function*() {
      const target = yield* Target
      yield* Effect.scoped(Effect.flatMap(Layer.build(adminLayer), (ctx) =>
        Effect.provide(Effect.gen(function*() {
          const admin = yield* StackAdmin
          const project = yield* admin.getProject()
          assert.strictEqual(project.id, target.projectId)
          assert.isTrue(Array.isArray(yield* admin.listApiKeys()))
        }), ctx)))
    }))
})
