/**
 * StackClient and StackServer: a user's sessions (list, end another one) and a primary e-mail change
 * from the client, against the emulator.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { StackClient } from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { StackServer } from "../../src/server/index.ts"
import { inProcess } from "./client-harness.ts"

let counter = 0
const email = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`

/** A client and a server of the same in-process emulator. */
const both = () =>
  Layer.provideMerge(
    Layer.unwrap(Effect.gen(function*() {
      const emu = yield* Emulator
      return StackServer.layer({ projectId: emu.info.projectId, secretServerKey: emu.info.secretServerKey, baseUrl: emu.info.baseUrl })
    })),
    inProcess()
  )

describe("sessions and the primary e-mail through the SDK", () => {
  it.effect("the client lists its sessions, ends another one, and may not end its own", () =>
    Effect.gen(function*() {
      const client = yield* StackClient
      const server = yield* StackServer
      const signedUp = yield* client.signUpWithPassword({ email: email("sess"), password: "long enough pass" })
      const other = yield* server.createSession(signedUp.userId)
      const sessions = yield* client.listSessions()
      assert.strictEqual(sessions.length, 2)
      const current = sessions.find((s) => s.isCurrentSession)
      const another = sessions.find((s) => !s.isCurrentSession)
      assert.isDefined(current)
      assert.isDefined(another)
      assert.isFalse(another?.isImpersonation ?? true)
      const refused = yield* Effect.flip(client.revokeSession(current?.id ?? ""))
      assert.strictEqual(refused._tag, "CannotDeleteCurrentSession")
      yield* client.revokeSession(another?.id ?? "")
      assert.deepStrictEqual((yield* client.listSessions()).map((s) => s.id), [current?.id])
      assert.deepStrictEqual((yield* server.listSessions(signedUp.userId)).map((s) => s.id), [current?.id])
      assert.isString(other.refreshToken)
    }).pipe(Effect.provide(both())))

  it.effect("a server ends any session of a user", () =>
    Effect.gen(function*() {
      const server = yield* StackServer
      const user = yield* server.createUser({ primaryEmail: email("srv-sess") })
      yield* server.createSession(user.id)
      const [session] = yield* server.listSessions(user.id)
      yield* server.revokeSession(user.id, session?.id ?? "")
      assert.deepStrictEqual(yield* server.listSessions(user.id), [])
    }).pipe(Effect.provide(both())))

  it.effect("the client changes its primary e-mail; an address another account signs in with is refused", () =>
    Effect.gen(function*() {
      const client = yield* StackClient
      const taken = email("taken")
      yield* client.signUpWithPassword({ email: taken, password: "long enough pass" })
      yield* client.signOut()
      yield* client.signUpWithPassword({ email: email("first"), password: "long enough pass" })
      const next = email("next")
      const updated = yield* client.updateUser({ primaryEmail: next })
      assert.strictEqual(updated.primaryEmail, next)
      assert.isFalse(updated.primaryEmailVerified)
      const user = yield* client.getUser()
      assert.strictEqual(Option.getOrUndefined(Option.map(user, (u) => u.primaryEmail)), next)
      const refused = yield* Effect.flip(client.updateUser({ primaryEmail: taken }))
      assert.strictEqual(refused._tag, "UserWithEmailAlreadyExists")
    }).pipe(Effect.provide(both())))
})
