/**
 * What a user who set an option wrong meets: a typed error, caught by tag or family, that names the
 * option (never the wire header), and for a secret key in client code, no request at all.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpClient from "effect/http/HttpClient"
import {
  getProject,
  layerCore,
  layerMemoryTokenStore,
  listTeamInvitations,
  revokeTeamInvitation,
  sendMagicLinkEmail,
  signUpWithPassword,
  type StackClientOptions,
  updateUser
} from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { isInvalidAccessToken, isProjectAuthenticationError } from "../../src/errors/index.ts"
import { StackServer } from "../../src/server/index.ts"
import { generateProjectSigningKeys } from "../../src/emulator/tokens.ts"

/** A client core for the emulator's project with `override` applied; counts the requests it sends. */
const clientWith = (override: Partial<StackClientOptions>, counter: { sent: number } = { sent: 0 }) =>
  Layer.unwrap(Effect.gen(function*() {
    const emu = yield* Emulator
    const http = yield* HttpClient.HttpClient
    const counted = HttpClient.tapRequest(http, () => Effect.sync(() => void counter.sent++))
    return layerCore({ projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey, baseUrl: emu.info.baseUrl, ...override }).pipe(
      Layer.provide(layerMemoryTokenStore()),
      Layer.provide(Layer.succeed(HttpClient.HttpClient, counted))
    )
  }))

describe("options set wrong", () => {
  it.effect("a wrong publishable key on getProject is InvalidPublishableClientKey, caught by tag, naming the option", () =>
    Effect.gen(function*() {
      const failure = yield* Effect.flip(getProject().pipe(Effect.provide(clientWith({ publishableClientKey: "pck_not_this_project_key_0000" }))))
      assert.strictEqual(failure._tag, "InvalidPublishableClientKey")
      assert.isTrue(isProjectAuthenticationError(failure))
      assert.include(failure.message, "publishableClientKey option")
      const caught = yield* getProject().pipe(
        Effect.map(() => "no error"),
        Effect.catchTag("InvalidPublishableClientKey", (error) => Effect.succeed(`caught ${error.code}`)),
        Effect.provide(clientWith({ publishableClientKey: "pck_not_this_project_key_0000" }))
      )
      assert.strictEqual(caught, "caught INVALID_PUBLISHABLE_CLIENT_KEY")
    }).pipe(Effect.provide(Emulator.layer())))

  it.effect("a project id the service does not know is CurrentProjectNotFound naming the projectId option", () =>
    Effect.gen(function*() {
      const failure = yield* Effect.flip(getProject().pipe(Effect.provide(clientWith({ projectId: "00000000-0000-4000-8000-00000000dead" }))))
      assert.strictEqual(failure._tag, "CurrentProjectNotFound")
      assert.include(failure.message, "projectId option")
    }).pipe(Effect.provide(Emulator.layer())))

  it.effect("a wrong secret server key is InvalidSecretServerKey on a server call", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      const failure = yield* Effect.flip(Effect.gen(function*() {
        const stack = yield* StackServer
        return yield* stack.listUsers({})
      }).pipe(
        Effect.provide(StackServer.layer({ projectId: emu.info.projectId, secretServerKey: "ssk_wrong_wrong_wrong_wrong", baseUrl: emu.info.baseUrl }))
      ))
      assert.strictEqual(failure._tag, "InvalidSecretServerKey")
      assert.include(failure.message, "secretServerKey option")
    }).pipe(Effect.provide(Emulator.layer())))

  it.effect("a secret key passed as the publishable key is refused before any request", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      for (const key of [emu.info.secretServerKey, emu.info.superSecretAdminKey]) {
        const counter = { sent: 0 }
        const failure = yield* Effect.flip(getProject().pipe(Effect.provide(clientWith({ publishableClientKey: key }, counter))))
        assert.strictEqual(failure._tag, "InvalidStackOptions")
        if (failure._tag === "InvalidStackOptions") assert.strictEqual(failure.option, "publishableClientKey")
        assert.notInclude(failure.message, key, "the message does not repeat the secret")
        assert.strictEqual(counter.sent, 0)
      }
      for (const [override, option] of [[{ projectId: "p1; x" }, "projectId"], [{ baseUrl: "api.stack-auth.com" }, "baseUrl"]] as const) {
        const failure = yield* Effect.flip(getProject().pipe(Effect.provide(clientWith(override))))
        assert.deepInclude(failure, { _tag: "InvalidStackOptions", option })
      }
    }).pipe(Effect.provide(Emulator.layer())))

  it.effect("a redirect URL the project does not trust is refused naming the URL", () =>
    Effect.gen(function*() {
      const failure = yield* Effect.flip(
        sendMagicLinkEmail({ email: "ada@example.com", callbackUrl: "https://evil.example/handler/magic-link-callback" }).pipe(Effect.provide(clientWith({})))
      )
      assert.strictEqual(failure._tag, "RedirectUrlNotWhitelisted")
      assert.include(failure.message, "https://evil.example/handler/magic-link-callback")
    }).pipe(Effect.provide(Emulator.layer())))

  it.effect("an access token the server no longer accepts, with a refresh that fails, is caught by its family", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      const failure = yield* Effect.gen(function*() {
        const { projectId } = emu.info
        yield* signUpWithPassword({ email: "revoked@example.com", password: "correct horse battery" })
        // The project's keys are rotated (old tokens no longer verify) and every session revoked.
        const rotated = yield* generateProjectSigningKeys
        yield* emu.withState((data) =>
          Effect.sync(() => {
            data.signingKeys[projectId] = rotated
            for (const id of Object.keys(data.refreshTokens)) delete data.refreshTokens[id]
          })
        )
        return yield* Effect.flip(updateUser({ displayName: "Too late" }))
      }).pipe(Effect.provide(clientWith({})))
      assert.isTrue(isInvalidAccessToken(failure), `got ${failure._tag}`)
      const caught = yield* Effect.fail(failure).pipe(
        Effect.catchIf(isInvalidAccessToken, (error) => Effect.succeed(`signed out: ${error._tag}`))
      )
      assert.match(caught, /^signed out: /)
    }).pipe(Effect.provide(Emulator.layer())))

  it.effect("team invitations read signed out are CannotGetOwnUserWithoutUser, caught by tag", () =>
    Effect.gen(function*() {
      const team = "00000000-0000-4000-8000-00000000000d"
      for (const call of [listTeamInvitations(team), revokeTeamInvitation(team, team)]) {
        const answer = yield* call.pipe(
          Effect.as("answered"),
          Effect.catchTag("CannotGetOwnUserWithoutUser", () => Effect.succeed("signed out"))
        )
        assert.strictEqual(answer, "signed out")
      }
    }).pipe(Effect.provide(clientWith({})), Effect.provide(Emulator.layer())))
})
