/**
 * Witnesses of the project owner's operations (issue 28): configuration overrides, e-mail themes,
 * drafts, previews and the outbox (StackAdmin), sending e-mail and the capacity boost (StackServer),
 * and `transferOwnedProject` (`stackfx/admin`).
 */
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import { StackAdmin } from "../../src/admin/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { StackServer } from "../../src/server/index.ts"
import { harnessFor } from "../integration/emulator-harness.ts"
import { adminFunctionWitness, adminWitness, configureProject, serverWitness, type Witness } from "./witness.ts"

/** Input as an untyped (JavaScript) caller may pass it: the compiler's checks do not apply. */
const untyped = <T>(value: unknown): T => value as T

const unknownId = "00000000-0000-4000-8000-000000000001"
/** A key with a space: refused by the config checks before anything is sent. */
const badOverride = untyped<Record<string, never>>({ "no spaces allowed": 1 })
const smtp = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Team", senderEmail: "team@example.com" } as const

/** The project gets its own SMTP server (sending needs one). */
const ownEmailServer = Effect.flatMap(Effect.service(StackAdmin), (admin) => admin.updateProject({ config: { emailConfig: smtp } }))

/** A user with a primary e-mail, on a project with its own SMTP server. */
const recipient = Effect.gen(function*() {
  yield* ownEmailServer
  const server = yield* Effect.service(StackServer)
  return (yield* server.createUser({ primaryEmail: "reader@example.com", primaryEmailVerified: true })).id
})

/** An e-mail of the outbox that was sent (no longer editable). */
const aSentEmail = Effect.gen(function*() {
  const userId = yield* recipient
  const admin = yield* Effect.service(StackAdmin)
  yield* admin.sendEmail({ userIds: [userId], html: "<p>Hi</p>", subject: "Sent" })
  const [sent] = yield* admin.listOutboxEmails()
  return sent?.id ?? ""
})

/** Runs a `stackfx/admin` function against the witness's emulator. */
const overEmulator = <A, E>(effect: Effect.Effect<A, E, HttpClient.HttpClient>) =>
  Effect.flatMap(Effect.service(Emulator), (emu) => Effect.provideService(effect, HttpClient.HttpClient, emu.httpClient))

/** A dashboard user whose team owns the default project, their session of `internal`, and a second user's team. */
const ownerAndForeignTeam = Effect.gen(function*() {
  const h = yield* harnessFor(yield* Effect.service(Emulator))
  const owner = yield* h.projectOwner
  const stranger = yield* h.signUp({ keys: h.internalKeys })
  const response = yield* h.call("POST", "/teams", { keys: h.internalKeys, accessType: "server", json: { display_name: "Theirs", creator_user_id: stranger.userId } })
  const team: unknown = yield* Effect.promise(() => response.json())
  const foreignTeamId = typeof team === "object" && team !== null && "id" in team ? String(team.id) : ""
  const session = { accessToken: owner.accessToken, internalPublishableClientKey: h.internalKeys.pck, baseUrl: h.emu.info.baseUrl }
  return { session, strangerSession: { ...session, accessToken: stranger.accessToken }, projectId: h.keys.projectId, foreignTeamId }
})

export const witnesses: ReadonlyArray<Witness> = [
  // Configuration overrides: refused before sending.
  adminWitness("updateConfig", "InvalidConfigOverride", { how: "a key with spaces", setup: Effect.void, call: (update) => update(badOverride) }),
  adminWitness("updateProjectConfig", "InvalidConfigOverride", { how: "a key with spaces", setup: Effect.void, call: (update) => update(badOverride) }),
  adminWitness("updatePushedConfig", "InvalidConfigOverride", { how: "a key with spaces", setup: Effect.void, call: (update) => update(badOverride) }),
  adminWitness("pushConfig", "InvalidConfigOverride", { how: "an untyped caller's key with spaces", setup: Effect.void, call: (push) => push(untyped(badOverride)) }),
  adminWitness("replaceConfigOverride", "InvalidConfigOverride", {
    how: "a key with spaces at the environment level",
    setup: Effect.void,
    call: (replace) => replace("environment", badOverride)
  }),

  // Themes, previews and drafts.
  adminWitness("updateEmailTheme", "EmailRenderingError", {
    how: "a theme that throws when rendered",
    setup: Effect.flatMap(Effect.service(StackAdmin), (admin) => admin.createEmailTheme("Broken")),
    call: (update, id: string) => update(id, "export function EmailTheme() { throw new Error(\"broken theme\") }")
  }),
  adminWitness("renderEmailPreview", "EmailRenderingError", {
    how: "a template source with a syntax error",
    setup: Effect.void,
    call: (render) => render({ templateTsxSource: "export function EmailTemplate() { return <div> }", themeId: false })
  }),
  adminWitness("renderEmailPreview", "InvalidInput", {
    how: "an untyped caller passes a number as the template source",
    setup: Effect.void,
    call: (render) => render(untyped({ templateTsxSource: 42 }))
  }),
  adminWitness("createEmailDraft", "InvalidInput", {
    how: "a theme id that is not a UUID",
    setup: Effect.void,
    call: (create) => create({ displayName: "Launch", themeId: "dark" })
  }),
  adminWitness("updateEmailDraft", "InvalidInput", {
    how: "a theme id that is not a UUID",
    setup: Effect.void,
    call: (update) => update(unknownId, { themeId: "dark" })
  }),

  // The outbox.
  adminWitness("updateOutboxEmail", "EmailNotEditable", {
    how: "pausing an e-mail that was already sent",
    setup: aSentEmail,
    call: (update, id) => update(id, { isPaused: true })
  }),
  adminWitness("updateOutboxEmail", "InvalidInput", {
    how: "an untyped caller passes a string as the schedule",
    setup: Effect.void,
    call: (update) => update(unknownId, untyped({ scheduledAtMillis: "tomorrow" }))
  }),

  // Sending (StackServer; StackAdmin shares the implementation).
  serverWitness("sendEmail", "InvalidSendEmail", {
    how: "both userIds and allUsers",
    setup: Effect.void,
    call: (send) => send({ userIds: [unknownId], allUsers: true, html: "<p>x</p>" })
  }),
  serverWitness("sendEmail", "InvalidInput", {
    how: "an untyped caller passes a number as the HTML",
    setup: Effect.void,
    call: (send) => send(untyped({ userIds: [unknownId], html: 42 }))
  }),
  serverWitness("sendEmail", "RequiresCustomEmailServer", {
    how: "the project sends through the shared e-mail server",
    setup: Effect.void,
    call: (send) => send({ allUsers: true, html: "<p>x</p>" })
  }),
  serverWitness("sendEmail", "UserIdDoesNotExist", {
    how: "a user id the project does not have",
    setup: configureProject({ emailConfig: smtp }),
    call: (send) => send({ userIds: [unknownId], html: "<p>x</p>" })
  }),
  serverWitness("activateEmailCapacityBoost", "EmailCapacityBoostAlreadyActive", {
    how: "a second boost while the first is active",
    setup: Effect.flatMap(Effect.service(StackServer), (server) => server.activateEmailCapacityBoost()),
    call: (boost) => boost()
  }),

  // Project transfer.
  adminFunctionWitness("transferOwnedProject", "TeamMembershipNotFound", {
    how: "a new team the owner is not a member of",
    setup: ownerAndForeignTeam,
    call: (transfer, s) => overEmulator(transfer(s.session, { projectId: s.projectId, newTeamId: s.foreignTeamId }))
  }),
  adminFunctionWitness("transferOwnedProject", "TeamPermissionRequired", {
    how: "a user who is not team_admin of the team owning the project",
    setup: ownerAndForeignTeam,
    call: (transfer, s) => overEmulator(transfer(s.strangerSession, { projectId: s.projectId, newTeamId: s.foreignTeamId }))
  }),
  adminFunctionWitness("transferOwnedProject", "ProjectNotFound", {
    how: "a project id the service does not know",
    setup: ownerAndForeignTeam,
    call: (transfer, s) => overEmulator(transfer(s.session, { projectId: unknownId, newTeamId: s.foreignTeamId }))
  }),
  adminFunctionWitness("transferOwnedProject", "InvalidInput", {
    how: "an untyped caller passes a number as the project id",
    setup: Effect.void,
    call: (transfer) => overEmulator(transfer({ accessToken: "never-checked", baseUrl: "http://localhost:8102" }, untyped({ projectId: 42, newTeamId: unknownId })))
  }),
  adminFunctionWitness("transferOwnedProject", "InvalidPublishableClientKey", {
    how: "a publishable key the internal project does not know",
    setup: ownerAndForeignTeam,
    call: (transfer, s) =>
      overEmulator(transfer({ ...s.session, internalPublishableClientKey: "pck_not_the_internal_key_000" }, { projectId: s.projectId, newTeamId: s.foreignTeamId }))
  }),
  adminFunctionWitness("transferOwnedProject", "PublishableClientKeyRequiredForProject", {
    how: "the internal project requires a publishable key and the session has none",
    setup: Effect.gen(function*() {
      const arranged = yield* ownerAndForeignTeam
      const emu = yield* Effect.service(Emulator)
      yield* emu.withState((data) =>
        Effect.sync(() => {
          const internal = data.projects["internal"]
          if (internal !== undefined) data.projects["internal"] = { ...internal, config: { ...internal.config, requirePublishableClientKey: true } }
        })
      )
      return { ...arranged, session: { accessToken: arranged.session.accessToken, baseUrl: arranged.session.baseUrl } }
    }),
    call: (transfer, s) => overEmulator(transfer(s.session, { projectId: s.projectId, newTeamId: s.foreignTeamId }))
  })
]
