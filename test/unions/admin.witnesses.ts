/** Witnesses of StackAdmin's own operations, the admin families and `stackfx/admin`'s functions. */
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import * as HttpClient from "effect/http/HttpClient"
import { StackAdmin } from "../../src/admin/index.ts"
import type { AccessType } from "../../src/emulator/auth.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import type { Reply } from "../../src/emulator/reply.ts"
import { defineRoute, type Method } from "../../src/emulator/router.ts"
import { decodeState, encodeState, type StateData } from "../../src/emulator/state.ts"
import { mintAccessToken } from "../../src/emulator/tokens.ts"
import { harnessFor } from "../integration/emulator-harness.ts"
import { adminFunctionWitness, adminWitness, whileTimePasses, type Witness } from "./witness.ts"

/** Input as an untyped (JavaScript) caller may pass it: the compiler's checks do not apply. */
const untyped = <T>(value: unknown): T => value as T

/**
 * A route a newer service might answer: a known-error answer with a code this version's catalogue
 * does not have (served through the emulator's `extraRoutes`).
 */
const newerServiceRoute = (method: Method, path: string, access: ReadonlyArray<AccessType>) =>
  defineRoute({
    method,
    path,
    access,
    handler: () =>
      Effect.succeed<Reply>({
        _tag: "Json",
        status: 400,
        body: { code: "SOME_NEWER_ERROR", error: "An error this SDK version does not know." },
        headers: { "x-stack-known-error": "SOME_NEWER_ERROR" }
      })
  })

const unknownId = "00000000-0000-4000-8000-000000000001"
/** The id of the built-in "Email Verification" template. */
const builtInTemplateId = "e7d009ce-8d47-4528-b245-5bf119f2ffa3"
const standardProvider = { id: "github", type: "standard", clientId: "an-id" } as const

/** The admin app of the witness. */
const theAdmin = Effect.service(StackAdmin)

/** Defines team permissions `ids` (for calls that need existing definitions). */
const defined = (...ids: ReadonlyArray<string>) =>
  Effect.flatMap(theAdmin, (admin) => Effect.forEach(ids, (id) => admin.createTeamPermissionDefinition({ id })))

/** Defines project permissions `ids`. */
const definedForProject = (...ids: ReadonlyArray<string>) =>
  Effect.flatMap(theAdmin, (admin) => Effect.forEach(ids, (id) => admin.createProjectPermissionDefinition({ id })))

/** Gives the project its own SMTP server (template writes need one). */
const customEmailServer = Effect.flatMap(theAdmin, (admin) =>
  admin.updateProject({
    config: { emailConfig: { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Team", senderEmail: "team@example.com" } }
  }))

/**
 * A state prepared before any witness runs (admin access tokens are fixed when the app is built, so
 * they must exist before the emulator does): an owner of the default project and a dashboard user
 * who owns nothing, each with an access token minted at time 0 (the witnesses' TestClock starts
 * there), valid for the emulator's 10 minutes.
 */
const prepared = await Effect.runPromise(Effect.gen(function*() {
  const emu = yield* Emulator.make()
  const h = yield* harnessFor(emu)
  const owner = yield* h.projectOwner
  const stranger = yield* h.signUp({ keys: h.internalKeys })
  const atTimeZero = (refreshToken: string) =>
    emu.withState((data) => {
      const session = Object.values(data.refreshTokens).find((s) => s.token === refreshToken)
      return session === undefined ? Effect.die(new Error("unknown session")) : mintAccessToken(emu.env, session, 0)
    })
  return {
    // Kept as the data file keeps it: the live state indexes itself and is not a plain clonable value.
    state: yield* emu.withState((data) => Effect.succeed(encodeState(data))),
    ownerToken: yield* atTimeZero(owner.refreshToken),
    strangerToken: yield* atTimeZero(stranger.refreshToken)
  }
}))

/** A copy of the prepared state for one emulator. */
const preparedState = (): StateData => Effect.runSync(decodeState(prepared.state))

/** A project id known before the emulator exists (the padded-id witnesses compare against it). */
const fixedProjectId = "00000000-0000-4000-8000-0000000000dd"

/**
 * The app's project id has a trailing space (as read from a `.env` line): the HTTP layer sends the
 * header trimmed, so the service answers for the trimmed id.
 */
const paddedProjectId = {
  how: "the project id has a trailing space: the header goes trimmed and the service answers for the trimmed id",
  emulator: { projectId: fixedProjectId },
  admin: { projectId: `${fixedProjectId} ` },
  setup: Effect.void
}

/** Runs a `stackfx/admin` function (it brings no HttpClient of its own) against the witness's emulator. */
const overEmulator = <A, E>(effect: Effect.Effect<A, E, HttpClient.HttpClient>) =>
  Effect.flatMap(Effect.service(Emulator), (emu) => Effect.provideService(effect, HttpClient.HttpClient, emu.httpClient))

/** A dashboard user whose team owns the default project, and their session of `internal` (with its key). */
const anOwner = Effect.gen(function*() {
  const h = yield* harnessFor(yield* Effect.service(Emulator))
  const owner = yield* h.projectOwner
  return { accessToken: owner.accessToken, internalPublishableClientKey: h.internalKeys.pck, baseUrl: h.emu.info.baseUrl }
})

/** An owner whose `internal` project requires a publishable client key, and their session without one. */
const anOwnerWithoutTheRequiredKey = Effect.gen(function*() {
  const session = yield* anOwner
  const emu = yield* Effect.service(Emulator)
  yield* emu.withState((data) =>
    Effect.sync(() => {
      const internal = data.projects["internal"]
      if (internal !== undefined) data.projects["internal"] = { ...internal, config: { ...internal.config, requirePublishableClientKey: true } }
    })
  )
  return { accessToken: session.accessToken, baseUrl: session.baseUrl }
})

/** An owner's session whose access token is not a JWT. */
const anOwnerWithUnparsableToken = Effect.map(anOwner, (session) => ({ ...session, accessToken: "not-a-jwt" }))

/** A session that never reaches the service's checks (refused before sending, or by a fault). */
const offlineSession = { accessToken: "never-checked", baseUrl: "http://localhost:8102" }

/** Runs `effect` where `window` and `document` exist, as in a browser. */
const inBrowser = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.acquireUseRelease(
    Effect.sync(() => {
      Object.defineProperty(globalThis, "window", { value: {}, configurable: true })
      Object.defineProperty(globalThis, "document", { value: {}, configurable: true })
    }),
    () => effect,
    () =>
      Effect.sync(() => {
        Reflect.deleteProperty(globalThis, "window")
        Reflect.deleteProperty(globalThis, "document")
      })
  )

export const witnesses: ReadonlyArray<Witness> = [
  adminWitness("listApiKeys", "InvalidSuperSecretAdminKey", {
    how: "a super secret admin key the project does not know",
    admin: { superSecretAdminKey: "sak_not_this_projects_key_000" },
    setup: Effect.void,
    call: (list) => list()
  }),
  adminWitness("listApiKeys", "CurrentProjectNotFound", {
    how: "a project id the service does not know",
    admin: { projectId: "00000000-0000-4000-8000-0000000000cc" },
    setup: Effect.void,
    call: (list) => list()
  }),
  adminWitness("getProject", "StackResponseError", {
    how: "the service answers 500 with a body that is not a known error",
    emulator: { faults: [{ path: "/internal/projects/current", action: { _tag: "Status", status: 500 } }, { path: "/projects/current", action: { _tag: "Status", status: 500 } }] },
    setup: Effect.void,
    call: (get) => get()
  }),
  adminWitness("revokeApiKey", "ApiKeyNotFound", {
    how: "an API key id the project does not have",
    setup: Effect.void,
    call: (revoke) => revoke(unknownId)
  }),

  // The project.
  adminWitness("getProject", "ProjectIdMismatch", {
    ...paddedProjectId,
    call: (get) => get()
  }),
  adminWitness("getProductionModeErrors", "ProjectIdMismatch", {
    ...paddedProjectId,
    call: (get) => get()
  }),
  adminWitness("updateProject", "InvalidInput", {
    how: "a trusted domain whose handler path does not start with /",
    setup: Effect.void,
    call: (update) => update({ config: { domains: [{ domain: "https://app.example.com", handlerPath: "handler" }] } })
  }),
  adminWitness("updateProject", "InvalidProjectConfig", {
    how: "a standard OAuth provider without a client secret",
    setup: Effect.void,
    call: (update) => update({ config: { oauthProviders: [standardProvider] } })
  }),

  // API keys.
  adminWitness("createApiKey", "InvalidInput", {
    how: "an untyped (JavaScript) caller passes a string where a boolean goes",
    setup: Effect.void,
    call: (create) =>
      create(untyped({ description: "ci", expiresAtMillis: 86_400_000, hasPublishableClientKey: "yes", hasSecretServerKey: true, hasSuperSecretAdminKey: false }))
  }),
  adminWitness("updateApiKey", "ApiKeyNotFound", {
    how: "an API key id the project does not have",
    setup: Effect.void,
    call: (update) => update(unknownId, { description: "rotated" })
  }),
  adminWitness("updateApiKey", "InvalidInput", {
    how: "an untyped (JavaScript) caller tries to undo a revocation with revoked: false",
    setup: Effect.void,
    call: (update) => update(unknownId, untyped({ revoked: false }))
  }),

  // E-mail templates.
  adminWitness("createEmailTemplate", "RequiresCustomEmailServer", {
    how: "the project sends through the shared e-mail server",
    setup: Effect.void,
    call: (create) => create({ displayName: "Welcome" })
  }),
  adminWitness("createEmailTemplate", "InvalidInput", {
    how: "an untyped (JavaScript) caller passes a number as the display name",
    setup: Effect.void,
    call: (create) => create(untyped({ displayName: 42 }))
  }),
  adminWitness("updateEmailTemplate", "RequiresCustomEmailServer", {
    how: "the project sends through the shared e-mail server",
    setup: Effect.void,
    call: (update) => update(builtInTemplateId, { tsxSource: "export function EmailTemplate() { return <></> }" })
  }),
  adminWitness("updateEmailTemplate", "EmailRenderingError", {
    how: "a template without a <Subject>",
    setup: customEmailServer,
    call: (update) =>
      update(builtInTemplateId, {
        tsxSource: `import { NotificationCategory } from "@stackframe/emails"\nexport function EmailTemplate() {\n  return <><NotificationCategory value="Transactional" /><div>Hello</div></>\n}`
      })
  }),
  adminWitness("updateEmailTemplate", "InvalidInput", {
    how: "a theme id that is not a UUID",
    setup: Effect.void,
    call: (update) => update(builtInTemplateId, { tsxSource: "", themeId: "dark" })
  }),
  adminWitness("deleteEmailTemplate", "RequiresCustomEmailServer", {
    how: "the project sends through the shared e-mail server",
    setup: Effect.void,
    call: (remove) => remove(builtInTemplateId)
  }),
  adminWitness("sendTestEmail", "InvalidInput", {
    how: "an SMTP port that is not an integer",
    setup: Effect.void,
    call: (send) =>
      send({
        recipientEmail: "me@example.com",
        emailConfig: { host: "smtp.example.com", port: 587.5, username: "u", password: "p", senderEmail: "team@example.com", senderName: "Team" }
      })
  }),

  // Permission definitions, team and project alike (one namespace of ids).
  ...(["Team", "Project"] as const).flatMap((kind) => {
    const define = kind === "Team" ? defined : definedForProject
    return [
      adminWitness(`create${kind}PermissionDefinition`, "ContainedPermissionNotFound", {
        how: "it contains a permission that is not defined",
        setup: Effect.void,
        call: (create) => create({ id: "billing", containedPermissionIds: ["ledger"] })
      }),
      adminWitness(`create${kind}PermissionDefinition`, "InvalidInput", {
        how: "an id with upper-case letters and a space",
        setup: Effect.void,
        call: (create) => create({ id: "Billing Admin" })
      }),
      adminWitness(`create${kind}PermissionDefinition`, "PermissionIdAlreadyExists", {
        how: "the id is defined already",
        setup: define("billing"),
        call: (create) => create({ id: "billing" })
      }),
      adminWitness(`update${kind}PermissionDefinition`, "ContainedPermissionNotFound", {
        how: "it would contain a permission that is not defined",
        setup: define("billing"),
        call: (update) => update("billing", { containedPermissionIds: ["ledger"] })
      }),
      adminWitness(`update${kind}PermissionDefinition`, "InvalidInput", {
        how: "a new id with upper-case letters and a space",
        setup: Effect.void,
        call: (update) => update("billing", { id: "Billing Admin" })
      }),
      adminWitness(`update${kind}PermissionDefinition`, "PermissionIdAlreadyExists", {
        how: "renamed to the id of another definition",
        setup: define("billing", "audit"),
        call: (update) => update("billing", { id: "audit" })
      }),
      adminWitness(`update${kind}PermissionDefinition`, "PermissionNotFound", {
        how: "a permission id the project does not define",
        setup: Effect.void,
        call: (update) => update("billing", { description: "Pays" })
      }),
      adminWitness(`delete${kind}PermissionDefinition`, "PermissionNotFound", {
        how: "a permission id the project does not define",
        setup: Effect.void,
        call: (remove) => remove("billing")
      })
    ]
  }),

  // The admin project errors of an owner's access token.
  adminWitness("getProject", "AdminAuthenticationRequired", {
    how: "an owner session whose refresh token the service refuses: no access token to send",
    admin: { superSecretAdminKey: undefined, ownerSession: { refreshToken: "not-a-refresh-token" } },
    setup: Effect.void,
    call: (get) => get()
  }),
  adminWitness("getProject", "UnparsableAdminAccessToken", {
    how: "an admin access token that is not a JWT",
    admin: { superSecretAdminKey: undefined, adminAccessToken: "not-a-jwt" },
    setup: Effect.void,
    call: (get) => get()
  }),
  adminWitness("getProject", "AdminAccessTokenExpired", {
    how: "the owner's fixed admin access token, an hour after it was minted",
    emulator: { state: preparedState() },
    admin: { superSecretAdminKey: undefined, adminAccessToken: prepared.ownerToken },
    setup: Effect.void,
    call: (get) => Effect.andThen(TestClock.adjust("1 hour"), get())
  }),
  adminWitness("getProject", "AdminAccessTokenIsNotAdmin", {
    how: "the access token of a dashboard user whose teams do not own the project",
    emulator: { state: preparedState() },
    admin: { superSecretAdminKey: undefined, adminAccessToken: prepared.strangerToken },
    setup: Effect.void,
    call: (get) => get()
  }),

  // Transport errors.
  adminWitness("getProject", "StackTransportError", {
    how: "the service never answers: the call's deadline passes",
    emulator: { faults: [{ path: "/internal/projects/current", action: { _tag: "Hang" } }] },
    setup: Effect.void,
    call: (get) => whileTimePasses(get(), "2 minutes")
  }),
  adminWitness("getProject", "StackRateLimitedError", {
    how: "429 with Retry-After on every attempt",
    emulator: { faults: [{ path: "/internal/projects/current", action: { _tag: "Status", status: 429, retryAfterSeconds: 1 } }] },
    setup: Effect.void,
    call: (get) => whileTimePasses(get(), "1 minute")
  }),
  adminWitness("updateProject", "UnexpectedKnownError", {
    how: "an OAuth provider id the service does not know: SCHEMA_ERROR, which updateProject does not declare",
    setup: Effect.void,
    call: (update) => update({ config: { oauthProviders: [{ id: "okta", type: "standard", clientId: "an-id", clientSecret: "a-secret" }] } })
  }),
  adminWitness("getProject", "UnsupportedError", {
    how: "a newer service answers with an error code this version's catalogue does not know",
    emulator: { extraRoutes: [newerServiceRoute("GET", "/internal/projects/current", ["admin"])] },
    setup: Effect.void,
    call: (get) => get()
  }),

  // `stackfx/admin`'s functions.
  adminFunctionWitness("adminConfig", "MissingAdminCredentials", {
    how: "neither a super secret admin key nor an owner's session",
    setup: Effect.void,
    call: (config) => config({ projectId: fixedProjectId })
  }),
  adminFunctionWitness("make", "MissingAdminCredentials", {
    how: "neither a super secret admin key nor an owner's session",
    setup: Effect.void,
    call: (make) => overEmulator(make({ projectId: fixedProjectId }))
  }),
  adminFunctionWitness("make", "SecretKeyInBrowser", {
    how: "a super secret admin key where window and document exist",
    setup: Effect.void,
    call: (make) => inBrowser(overEmulator(make({ projectId: fixedProjectId, superSecretAdminKey: "sak_in_a_web_page" })))
  }),
  adminFunctionWitness("createOwnedProject", "InvalidInput", {
    how: "an owner team id that is not a UUID",
    setup: Effect.void,
    call: (create) => overEmulator(create(offlineSession, { displayName: "Second", ownerTeamId: "owners" }))
  }),
  adminFunctionWitness("createOwnedProject", "InvalidProjectConfig", {
    how: "a standard OAuth provider without a client secret",
    setup: Effect.void,
    call: (create) => overEmulator(create(offlineSession, { displayName: "Second", ownerTeamId: unknownId, config: { oauthProviders: [standardProvider] } }))
  }),
  adminFunctionWitness("createOwnedProject", "TeamMembershipNotFound", {
    how: "an owner team id that names no team of the owner (the service looks the membership up only)",
    setup: anOwner,
    call: (create, session) => overEmulator(create(session, { displayName: "Second", ownerTeamId: unknownId }))
  }),
  adminFunctionWitness("listOwnedProjects", "InvalidPublishableClientKey", {
    how: "a publishable key the internal project does not know",
    setup: anOwner,
    call: (list, session) => overEmulator(list({ ...session, internalPublishableClientKey: "pck_not_the_internal_key_000" }))
  }),
  adminFunctionWitness("createOwnedProject", "InvalidPublishableClientKey", {
    how: "a publishable key the internal project does not know",
    setup: anOwner,
    call: (create, session) =>
      overEmulator(create({ ...session, internalPublishableClientKey: "pck_not_the_internal_key_000" }, { displayName: "Second", ownerTeamId: unknownId }))
  }),
  adminFunctionWitness("listOwnedProjects", "PublishableClientKeyRequiredForProject", {
    how: "the internal project requires a publishable key and the session has none",
    setup: anOwnerWithoutTheRequiredKey,
    call: (list, session) => overEmulator(list(session))
  }),
  adminFunctionWitness("createOwnedProject", "PublishableClientKeyRequiredForProject", {
    how: "the internal project requires a publishable key and the session has none",
    setup: anOwnerWithoutTheRequiredKey,
    call: (create, session) => overEmulator(create(session, { displayName: "Second", ownerTeamId: unknownId }))
  }),
  adminFunctionWitness("listOwnedProjects", "UnparsableAccessToken", {
    how: "an access token that is not a JWT",
    setup: anOwnerWithUnparsableToken,
    call: (list, session) => overEmulator(list(session))
  }),
  adminFunctionWitness("listOwnedProjects", "AccessTokenExpired", {
    how: "the owner's access token, an hour after it was issued",
    setup: anOwner,
    call: (list, session) => Effect.andThen(TestClock.adjust("1 hour"), overEmulator(list(session)))
  }),
  adminFunctionWitness("listOwnedProjects", "InvalidProjectForAccessToken", {
    how: "the access token of a user of another project than internal",
    setup: Effect.gen(function*() {
      const session = yield* anOwner
      const h = yield* harnessFor(yield* Effect.service(Emulator))
      const user = yield* h.signUp()
      return { ...session, accessToken: user.accessToken }
    }),
    call: (list, session) => overEmulator(list(session))
  }),
  adminFunctionWitness("listOwnedProjects", "StackTransportError", {
    how: "the service never answers: the call's deadline passes",
    emulator: { faults: [{ path: "/internal/projects", action: { _tag: "Hang" } }] },
    setup: Effect.void,
    call: (list) => whileTimePasses(overEmulator(list(offlineSession)), "2 minutes")
  }),
  adminFunctionWitness("listOwnedProjects", "StackResponseError", {
    how: "the service answers 500 with a body that is not a known error",
    emulator: { faults: [{ path: "/internal/projects", action: { _tag: "Status", status: 500 } }] },
    setup: Effect.void,
    call: (list) => whileTimePasses(overEmulator(list(offlineSession)), "1 minute")
  }),
  adminFunctionWitness("listOwnedProjects", "StackRateLimitedError", {
    how: "429 with Retry-After on every attempt",
    emulator: { faults: [{ path: "/internal/projects", action: { _tag: "Status", status: 429, retryAfterSeconds: 1 } }] },
    setup: Effect.void,
    call: (list) => whileTimePasses(overEmulator(list(offlineSession)), "1 minute")
  }),
  adminFunctionWitness("createOwnedProject", "UnexpectedKnownError", {
    how: "an OAuth provider id the service does not know: SCHEMA_ERROR, which createOwnedProject does not declare",
    setup: anOwner,
    call: (create, session) =>
      overEmulator(create(session, {
        displayName: "Second",
        ownerTeamId: unknownId,
        config: { oauthProviders: [{ id: "okta", type: "standard", clientId: "an-id", clientSecret: "a-secret" }] }
      }))
  }),
  adminFunctionWitness("listOwnedProjects", "UnsupportedError", {
    how: "a newer service answers with an error code this version's catalogue does not know",
    emulator: { extraRoutes: [newerServiceRoute("GET", "/internal/projects", ["client"])] },
    setup: anOwner,
    call: (list, session) => overEmulator(list(session))
  })
]
