/**
 * Test helpers around an in-process emulator: raw calls with the right headers, and shortcuts that
 * arrange state through the API (sign-up) or directly (restricted/anonymous users, owned projects).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { addTeamMember, createTeam, createUser } from "../../src/emulator/accounts.ts"
import { Emulator, type EmulatorOptions, type EmulatorService } from "../../src/emulator/emulator.ts"
import type { StateData } from "../../src/emulator/state.ts"
import { createAuthTokens, mintAccessToken } from "../../src/emulator/tokens.ts"
import { PasswordSignInResponse } from "../../src/wire/auth.ts"

/** Keys of one project. */
export interface ProjectKeys {
  readonly projectId: string
  readonly pck: string
  readonly ssk: string
  readonly sak: string
}

/** A signed-in user. */
export interface TestUser {
  readonly userId: string
  readonly email: string
  readonly password: string
  readonly accessToken: string
  readonly refreshToken: string
}

/** Options of one raw call. */
export interface CallOptions {
  readonly accessType?: "client" | "server" | "admin" | null
  readonly keys?: ProjectKeys
  readonly user?: { readonly accessToken: string; readonly refreshToken?: string } | undefined
  readonly headers?: Readonly<Record<string, string>>
  readonly json?: unknown
  readonly form?: Readonly<Record<string, string>>
  readonly rawBody?: string
}

const keysOf = (data: StateData, projectId: string): ProjectKeys => {
  const set = Object.values(data.apiKeySets).find((s) => s.projectId === projectId)
  return { projectId, pck: set?.publishableClientKey ?? "", ssk: set?.secretServerKey ?? "", sak: set?.superSecretAdminKey ?? "" }
}

let counter = 0
/** A unique e-mail address for a test. */
export const uniqueEmail = (prefix = "user"): string => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`

/**
 * Everything a test needs around one emulator. Passwords are hashed fast (bcrypt cost 4) unless the
 * test asks for the service's cost (`passwordHashing: "service"`): suites sign up often.
 */
export const makeHarness = (options: EmulatorOptions = {}) =>
  Effect.flatMap(Emulator.make({ passwordHashing: "fast", ...options }), harnessFor)

/** The harness around an emulator that already runs (in-process or served). */
export const harnessFor = (emu: EmulatorService) =>
  Effect.gen(function*() {
    const keys: ProjectKeys = {
      projectId: emu.info.projectId,
      pck: emu.info.publishableClientKey,
      ssk: emu.info.secretServerKey,
      sak: emu.info.superSecretAdminKey
    }
    const internalKeys = yield* emu.withState((data) => Effect.succeed(keysOf(data, "internal")))
    const api = `${emu.info.baseUrl}/api/v1`

    /** Sends a request with the headers of `accessType` (default client) for `keys`. */
    const call = (method: string, path: string, options: CallOptions = {}): Effect.Effect<Response> => {
      const accessType = options.accessType === undefined ? "client" : options.accessType
      const k = options.keys ?? keys
      const headers = new Headers()
      if (accessType !== null) {
        headers.set("x-stack-access-type", accessType)
        headers.set("x-stack-project-id", k.projectId)
        headers.set("x-stack-publishable-client-key", k.pck)
        if (accessType !== "client") headers.set("x-stack-secret-server-key", k.ssk)
        if (accessType === "admin") headers.set("x-stack-super-secret-admin-key", k.sak)
      }
      if (options.user !== undefined) {
        headers.set("x-stack-access-token", options.user.accessToken)
        if (options.user.refreshToken !== undefined) headers.set("x-stack-refresh-token", options.user.refreshToken)
      }
      let body: string | null = null
      if (options.json !== undefined) {
        headers.set("content-type", "application/json")
        body = JSON.stringify(options.json)
      } else if (options.form !== undefined) {
        headers.set("content-type", "application/x-www-form-urlencoded")
        body = new URLSearchParams({ ...options.form }).toString()
      } else if (options.rawBody !== undefined) {
        body = options.rawBody
      }
      for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value)
      return emu.handle(new Request(`${api}${path === "/" ? "" : path}`, { method, headers, body }))
    }

    /** Signs a new user up by password (default project unless `keys` given). */
    const signUp = (fields: { readonly email?: string; readonly password?: string; readonly keys?: ProjectKeys } = {}) =>
      Effect.gen(function*() {
        const email = fields.email ?? uniqueEmail()
        const password = fields.password ?? "Sup3r-Secret-password"
        const response = yield* call("POST", "/auth/password/sign-up", {
          keys: fields.keys ?? keys,
          json: { email, password, verification_callback_url: "http://localhost:3000/handler/email-verification" }
        })
        const raw = yield* json(response)
        if (response.status !== 200) return yield* Effect.die(new Error(`sign-up failed: ${JSON.stringify(raw)}`))
        const body = Schema.decodeUnknownSync(PasswordSignInResponse)(raw)
        const user: TestUser = {
          userId: body.user_id,
          email,
          password,
          accessToken: body.access_token,
          refreshToken: body.refresh_token
        }
        return user
      })

    /** An anonymous user with a session (created directly in the state). */
    const anonymousUser = Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      return yield* emu.withState((data) =>
        Effect.gen(function*() {
          const project = data.projects[keys.projectId]
          if (project === undefined) return yield* Effect.die(new Error("no default project"))
          const user = createUser(data, project, { isAnonymous: true }, now)
          const tokens = yield* createAuthTokens(emu.env, user, now)
          return { userId: user.id, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }
        })
      )
    })

    /** Changes the default project's configuration. */
    const configure = (patch: (data: StateData) => void) => emu.withState((data) => Effect.sync(() => patch(data)))

    /** A dashboard user of `internal` whose team owns the default project; returns its tokens. */
    const projectOwner = Effect.gen(function*() {
      const owner = yield* signUp({ keys: internalKeys, email: uniqueEmail("dash") })
      const now = yield* Clock.currentTimeMillis
      yield* emu.withState((data) =>
        Effect.sync(() => {
          const user = data.users[owner.userId]
          const project = data.projects[keys.projectId]
          if (user === undefined || project === undefined) return
          const team = createTeam(data, { projectId: "internal", displayName: "Owners", nowMillis: now })
          addTeamMember(data, { team, user, asCreator: true, nowMillis: now })
          data.projects[project.id] = { ...project, ownerTeamId: team.id }
        })
      )
      return owner
    })

    /** An access token of `user`'s session minted `agoMillis` in the past (expired if older than its lifetime). */
    const oldAccessToken = (refreshToken: string, agoMillis: number) =>
      Effect.gen(function*() {
        const now = yield* Clock.currentTimeMillis
        return yield* emu.withState((data) =>
          Effect.gen(function*() {
            const session = Object.values(data.refreshTokens).find((s) => s.token === refreshToken)
            if (session === undefined) return yield* Effect.die(new Error("unknown session"))
            return yield* mintAccessToken(emu.env, session, now - agoMillis)
          })
        )
      })

    return { emu, keys, internalKeys, api, call, signUp, anonymousUser, configure, projectOwner, oldAccessToken }
  })

/** The harness type. */
export type Harness = Effect.Success<ReturnType<typeof harnessFor>>

/** The body of a response as JSON (test helper). */
export const json = (response: Response): Effect.Effect<unknown> => Effect.promise((): Promise<unknown> => response.json())

/** The body of a response as text. */
export const text = (response: Response): Effect.Effect<string> => Effect.promise(() => response.text())
