/**
 * The official SDK (`@stackframe/js` 2.8.x, which sends only `x-hexclave-*` headers) against our
 * emulator over HTTP: an app that tests with the official SDK can use the emulator unchanged. Each
 * step is a call an app makes; the test fails on the first one the emulator does not answer as the
 * service does.
 */
import { StackClientApp, StackServerApp } from "@stackframe/js"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Emulator } from "../../src/emulator/index.ts"

const password = "correct horse battery"
const verificationCallbackUrl = "http://localhost:3000/handler/email-verification"

describe("the official SDK against the emulator", () => {
  it.live("client and server flows: sign-up, user, profile, teams, contact channels, sign-out, sign-in, user listing", () =>
    Effect.gen(function*() {
      const { info } = yield* Emulator.serve({ port: 0 })
      const steps = yield* Effect.promise(async () => {
        const done: Array<string> = []
        const client = new StackClientApp({
          projectId: info.projectId,
          publishableClientKey: info.publishableClientKey,
          baseUrl: info.baseUrl,
          tokenStore: "memory",
          noAutomaticPrefetch: true
        })
        const signUp = await client.signUpWithCredential({ email: "official@example.com", password, noRedirect: true, verificationCallbackUrl })
        assert.strictEqual(signUp.status, "ok")
        done.push("sign-up")
        const user = await client.getUser({ or: "throw" })
        assert.strictEqual(user.primaryEmail, "official@example.com")
        done.push("current user")
        await user.update({ displayName: "Ada" })
        assert.strictEqual((await client.getUser())?.displayName, "Ada")
        done.push("profile update")
        const team = await user.createTeam({ displayName: "Analytical Engines" })
        const teams = await user.listTeams()
        assert.deepStrictEqual(teams.map((each) => each.id), [team.id])
        done.push("teams")
        await user.createContactChannel({ type: "email", value: "second@example.com", usedForAuth: false })
        const channels = await user.listContactChannels()
        assert.sameMembers(channels.map((channel) => channel.value), ["official@example.com", "second@example.com"])
        done.push("contact channels")
        await user.signOut()
        assert.isNull(await client.getUser())
        done.push("sign-out")
        const wrong = await client.signInWithCredential({ email: "official@example.com", password: "not the password", noRedirect: true })
        assert.strictEqual(wrong.status, "error")
        if (wrong.status === "error") assert.strictEqual(wrong.error.errorCode, "EMAIL_PASSWORD_MISMATCH")
        done.push("wrong password")
        const signIn = await client.signInWithCredential({ email: "official@example.com", password, noRedirect: true })
        assert.strictEqual(signIn.status, "ok")
        assert.strictEqual((await client.getUser())?.displayName, "Ada")
        done.push("sign-in")

        const server = new StackServerApp({
          projectId: info.projectId,
          publishableClientKey: info.publishableClientKey,
          secretServerKey: info.secretServerKey,
          baseUrl: info.baseUrl,
          tokenStore: "memory"
        })
        const users = await server.listUsers()
        assert.deepStrictEqual(users.map((each) => each.primaryEmail), ["official@example.com"])
        done.push("server user listing")
        const found = await server.getUser(users[0]?.id ?? "")
        assert.strictEqual(found?.displayName, "Ada")
        done.push("server user lookup")
        const serverTeams = await server.listTeams()
        assert.deepStrictEqual(serverTeams.map((each) => each.displayName), ["Analytical Engines"])
        done.push("server team listing")
        return done
      })
      assert.lengthOf(steps, 11)
    }).pipe(Effect.scoped), 60_000)
})
