/**
 * Shared pieces of the fixture replay suites: the state setups that recorded fixtures need, the
 * `live`/`old` case builders and `replaySuite`, which replays a table of cases against the emulator
 * and compares status, `x-stack-known-error`, `x-stack-actual-status` and body shape (see
 * emulator-replay.ts). Each resource area has its own `emulator-fixtures-*.test.ts` table.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Emulator } from "../../src/emulator/emulator.ts"
import { type Harness, harnessFor, uniqueEmail } from "./emulator-harness.ts"
import { type Bindings, buildRequest, compareResponse, type FixtureFolder, loadFixture } from "./emulator-replay.ts"

export { uniqueEmail }
export type { Bindings, Harness }

/** One recorded fixture and the state it needs. */
export interface Case {
  readonly folder: FixtureFolder
  readonly file: string
  /** Arranges the state and returns the placeholder values. */
  readonly setup: (h: Harness) => Effect.Effect<Bindings>
}


export const zeros45 = "0".repeat(45)
export const unknownProject = "00000000-0000-4000-8000-000000000000"
export const totpSecret = "MTIzNDU2Nzg5MDEyMzQ1Njc4OTA="

// ---- setups

export const keysOf = (h: Harness): Bindings => ({ projectId: h.keys.projectId, pck: h.keys.pck, ssk: h.keys.ssk, sak: h.keys.sak })

export const plain = (h: Harness) => Effect.succeed(keysOf(h))

export const signedIn = (h: Harness) =>
  Effect.map(h.signUp(), (user): Bindings => ({
    ...keysOf(h),
    jwt: user.accessToken,
    token: user.refreshToken,
    userId: user.userId,
    email: user.email,
    password: user.password
  }))

export const internal = (h: Harness): Bindings => ({
  projectId: "internal",
  pck: h.internalKeys.pck,
  ssk: h.internalKeys.ssk,
  sak: h.internalKeys.sak
})

export const signedInInternal = (h: Harness) =>
  Effect.map(h.signUp({ keys: h.internalKeys }), (user): Bindings => ({
    ...internal(h),
    jwt: user.accessToken,
    token: user.refreshToken,
    userId: user.userId,
    email: user.email,
    password: user.password
  }))

/** A user after the recorded `PATCH /users/me` of `users-me-patch-client` (display name, metadata). */
export const patched = (h: Harness, base: (h: Harness) => Effect.Effect<Bindings> = signedIn) =>
  Effect.gen(function*() {
    const bindings = yield* base(h)
    yield* h.call("PATCH", "/users/me", {
      user: { accessToken: bindings.jwt ?? "" },
      headers: { "x-stack-allow-restricted-user": "true" },
      json: { display_name: "Live User", client_metadata: { theme: "dark" } }
    })
    return bindings
  })

/** The default project configured like the recorded one (`providers`: enabled OAuth providers). */
export const recordedProject = (h: Harness, providers: ReadonlyArray<string>) =>
  h.configure((data) => {
    const project = data.projects[h.keys.projectId]
    if (project === undefined) return
    data.projects[project.id] = {
      ...project,
      config: { ...project.config, oauthProviders: project.config.oauthProviders.filter((p) => providers.includes(p.id)) }
    }
  })

export const withTotp = (h: Harness) =>
  Effect.gen(function*() {
    const bindings = yield* patched(h)
    yield* h.call("PATCH", "/users/me", {
      user: { accessToken: bindings.jwt ?? "" },
      json: { totp_secret_base64: totpSecret }
    })
    return bindings
  })

export const restricted = (h: Harness) =>
  Effect.gen(function*() {
    yield* h.configure((data) => {
      const project = data.projects[h.keys.projectId]
      if (project !== undefined) {
        data.projects[project.id] = { ...project, config: { ...project.config, requireEmailVerification: true } }
      }
    })
    return yield* signedIn(h)
  })

export const anonymous = (h: Harness) =>
  Effect.map(h.anonymousUser, (user): Bindings => ({ ...keysOf(h), jwt: user.accessToken, token: user.refreshToken }))

export const signedOut = (h: Harness) =>
  Effect.gen(function*() {
    const bindings = yield* signedIn(h)
    yield* h.call("DELETE", "/auth/sessions/current", {
      user: { accessToken: bindings.jwt ?? "", refreshToken: bindings.token ?? "" },
      json: {}
    })
    return bindings
  })

export const expiredToken = (h: Harness, base: Bindings) =>
  Effect.map(h.oldAccessToken(base.token ?? "", 3_600_000), (jwt): Bindings => ({ ...base, jwt }))

export const owner = (h: Harness) =>
  Effect.map(h.projectOwner, (user): Bindings => ({ ...keysOf(h), adminJwt: user.accessToken }))

export const withTeam = (h: Harness) =>
  Effect.gen(function*() {
    const bindings = yield* signedIn(h)
    const team = yield* h.emu.withState((data) =>
      Effect.sync(() => Object.values(data.teams).find(() => true))
    )
    if (team !== undefined) return { ...bindings, overrides: { "body.selected_team_id": team.id } }
    // No personal team in the default project: make one the user belongs to.
    const { addTeamMember, createTeam } = yield* Effect.promise(() => import("../../src/emulator/accounts.ts"))
    const teamId = yield* h.emu.withState((data) =>
      Effect.sync(() => {
        const user = data.users[bindings.userId ?? ""]
        const created = createTeam(data, { projectId: h.keys.projectId, displayName: "Team", nowMillis: Date.now() })
        if (user !== undefined) addTeamMember(data, { team: created, user, asCreator: true, nowMillis: Date.now() })
        return created.id
      })
    )
    return { ...bindings, overrides: { "body.selected_team_id": teamId } }
  })

/** A case from `fixtures-live/` (the current server), compared key for key. */
export const live = (file: string, setup: Case["setup"]): Case => ({ folder: "fixtures-live", file, setup })
/** A case from the 2.7-era `fixtures/`, sent with the headers that era's SDK added implicitly. */
export const old = (file: string, setup: Case["setup"]): Case => ({
  folder: "fixtures",
  file,
  setup: (h) => Effect.map(setup(h), (b): Bindings => ({ ...b, implicitHeaders: true }))
})

/**
 * Replays every case against a fresh emulator served on a loopback port: the state is arranged
 * in-process, the recorded request goes over real HTTP (fetch), and the whole table must match.
 */
export const replaySuite = (title: string, cases: ReadonlyArray<Case>): void => {
  describe(title, () => {
    const results: Array<{ readonly name: string; readonly problems: ReadonlyArray<string> }> = []
    for (const testCase of cases) {
      const name = `${testCase.folder}/${testCase.file}`
      it.live(name, () =>
        Effect.scoped(Effect.gen(function*() {
          const h = yield* Effect.flatMap(Emulator.serve({ port: 0 }), harnessFor)
          const fixture = loadFixture(testCase.folder, testCase.file)
          const bindings = yield* testCase.setup(h)
          const request = buildRequest(fixture, h.emu.info.baseUrl, bindings)
          const response = yield* Effect.promise(() => fetch(request, { redirect: "manual" }))
          const problems = yield* Effect.promise(() => compareResponse(fixture, response, undefined, h.emu.info.baseUrl))
          results.push({ name, problems })
          assert.deepStrictEqual(problems, [], name)
        })))
    }
    it("replays every listed fixture", () => {
      const matched = results.filter((r) => r.problems.length === 0).length
      assert.strictEqual(matched, cases.length, `${matched}/${cases.length} fixtures match`)
    })
  })
}

/** A standard (SMTP) e-mail server config in wire form. */
export const standardEmail = {
  type: "standard",
  host: "smtp.example.com",
  port: 587,
  username: "mailer",
  password: "secret",
  sender_name: "Example",
  sender_email: "noreply@example.com"
}
