/**
 * `transferOwnedProject`: an owner gives a project to another of their teams. The owner must be
 * `team_admin` of the team owning it and a member of the new one. In-process and over real HTTP.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import { listOwnedProjects, transferOwnedProject } from "../../src/admin/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { harnessFor, makeHarness } from "../integration/emulator-harness.ts"

const Created = Schema.Struct({ id: Schema.String })

type Harness = Effect.Success<ReturnType<typeof makeHarness>>

/** A team of `internal` created by `creatorId` (who becomes its admin). */
const teamOf = (h: Harness, creatorId: string, name: string) =>
  Effect.gen(function*() {
    const response = yield* h.call("POST", "/teams", { keys: h.internalKeys, accessType: "server", json: { display_name: name, creator_user_id: creatorId } })
    assert.strictEqual(response.status, 201)
    return Schema.decodeUnknownSync(Created)(yield* Effect.promise(() => response.json())).id
  })

const transferFlow = (h: Harness, http: Layer.Layer<HttpClient.HttpClient>) =>
  Effect.gen(function*() {
    const owner = yield* h.projectOwner
    const session = { accessToken: owner.accessToken, internalPublishableClientKey: h.internalKeys.pck, baseUrl: h.emu.info.baseUrl }
    const projectId = h.keys.projectId
    const second = yield* teamOf(h, owner.userId, "Second team")
    yield* transferOwnedProject(session, { projectId, newTeamId: second }).pipe(Effect.provide(http))
    const owned = yield* listOwnedProjects(session).pipe(Effect.provide(http))
    assert.strictEqual(owned.find((p) => p.id === projectId)?.ownerTeamId, second)

    // A team the owner is not in: TEAM_MEMBERSHIP_NOT_FOUND, the project stays.
    const stranger = yield* h.signUp({ keys: h.internalKeys })
    const foreign = yield* teamOf(h, stranger.userId, "Someone else's")
    const notMember = yield* Effect.flip(transferOwnedProject(session, { projectId, newTeamId: foreign }).pipe(Effect.provide(http)))
    assert.strictEqual(notMember._tag, "TeamMembershipNotFound")

    // Someone who is no admin of the owning team: TEAM_PERMISSION_REQUIRED.
    const strangerSession = { ...session, accessToken: stranger.accessToken }
    const notAdmin = yield* Effect.flip(transferOwnedProject(strangerSession, { projectId, newTeamId: foreign }).pipe(Effect.provide(http)))
    assert.strictEqual(notAdmin._tag, "TeamPermissionRequired")
    const unknown = yield* Effect.flip(transferOwnedProject(session, { projectId: "no-such-project", newTeamId: second }).pipe(Effect.provide(http)))
    assert.strictEqual(unknown._tag, "ProjectNotFound")
    assert.strictEqual((yield* listOwnedProjects(session).pipe(Effect.provide(http))).find((p) => p.id === projectId)?.ownerTeamId, second)
  })

describe("transferOwnedProject", () => {
  it.effect("in-process: to another of the owner's teams; refused for a foreign team, a non-admin, an unknown project", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      yield* transferFlow(h, Layer.succeed(HttpClient.HttpClient, h.emu.httpClient))
    }))

  it.effect("over real HTTP", () =>
    Effect.scoped(Effect.gen(function*() {
      const emu = yield* Emulator.serve({ port: 0, passwordHashing: "fast" })
      const h = yield* harnessFor(emu)
      yield* transferFlow(h, FetchHttpClient.layer)
    })), 30_000)
})
