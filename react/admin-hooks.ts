/**
 * Hooks for a project owner's dashboard, over `StackAdmin` (which is also a server: users and teams
 * come from the same operations as `StackServer`, sent with admin credentials). Provide
 * `StackAdmin.layer({ projectId, superSecretAdminKey })` on a trusted server, or
 * `StackAdmin.layer({ projectId, ownerSession })` with an owner's session (its access token refreshed
 * before it expires) in the owner's browser, in the provider's layer. Each hook has a non-suspending
 * `...State` form.
 * Mutations invalidate these by name, e.g. `{ invalidates: adminQueries }`.
 */
import * as Effect from "effect/Effect"
import type { OutboxFilter } from "../src/admin/emails.ts"
import type { MetricsOptions } from "../src/admin/metrics.ts"
import { StackAdmin } from "../src/admin/stack-admin.ts"
import type { EmailDraftCreate, EmailDraftUpdate, OutboxEmailUpdate } from "../src/model/emails.ts"
import { defineQuery } from "./hooks.ts"

/** Names of every admin query, to invalidate after an admin mutation. */
export const adminQueries: ReadonlyArray<string> = [
  "adminProject",
  "adminUsers",
  "adminTeams",
  "apiKeys",
  "emailTemplates",
  "permissionDefinitions",
  "adminMetrics",
  "emailThemes",
  "emailDrafts",
  "outboxEmails",
  "projectConfig"
]

const withAdmin = <A, E>(f: (admin: StackAdmin["Service"]) => Effect.Effect<A, E>) => Effect.flatMap(Effect.service(StackAdmin), f)

/** The project as its owner sees it (settings, production mode, user count). */
export const [useAdminProject, useAdminProjectState] = defineQuery("adminProject", () => withAdmin((admin) => admin.getProject()))

/** One page of the project's users; `query` searches names and e-mail addresses, `cursor` pages on. */
export const [useAdminUsers, useAdminUsersState] = defineQuery(
  "adminUsers",
  (options: { readonly limit?: number; readonly cursor?: string; readonly query?: string } = {}) =>
    withAdmin((admin) => admin.listUsers(options))
)

/** Every team of the project. */
export const [useAdminTeams, useAdminTeamsState] = defineQuery("adminTeams", () => withAdmin((admin) => admin.listTeams()))

/** The project's API key sets (last four characters only). */
export const [useApiKeys, useApiKeysState] = defineQuery("apiKeys", () => withAdmin((admin) => admin.listApiKeys()))

/** The project's e-mail templates. */
export const [useEmailTemplates, useEmailTemplatesState] = defineQuery(
  "emailTemplates",
  () => withAdmin((admin) => admin.listEmailTemplates())
)

/** The project's team permission definitions. */
export const [usePermissionDefinitions, usePermissionDefinitionsState] = defineQuery(
  "permissionDefinitions",
  () => withAdmin((admin) => admin.listTeamPermissionDefinitions())
)

// Issue 28: the owner's dashboard (metrics, e-mail themes, drafts, the outbox, configuration).

/** The project's metrics of the last 30 days (users, activity, countries, e-mails); `includeAnonymous` counts anonymous users. */
export const [useMetrics, useMetricsState] = defineQuery(
  "adminMetrics",
  (options: MetricsOptions = {}) => withAdmin((admin) => admin.getMetrics(options)),
  (options: MetricsOptions = {}) => [options.includeAnonymous === true]
)

/** The project's e-mail themes (`{ id, displayName }`), the built-in ones first. */
export const [useEmailThemes, useEmailThemesState] = defineQuery("emailThemes", () => withAdmin((admin) => admin.listEmailThemes()))

/** The project's e-mail drafts, most recently changed first. */
export const [useEmailDrafts, useEmailDraftsState] = defineQuery("emailDrafts", () => withAdmin((admin) => admin.listEmailDrafts()))

/** The outbox, newest first, optionally by `status` or `simpleStatus`. */
export const [useOutboxEmails, useOutboxEmailsState] = defineQuery(
  "outboxEmails",
  (filter: OutboxFilter = {}) => withAdmin((admin) => admin.listOutboxEmails(filter)),
  (filter: OutboxFilter = {}) => [filter.status ?? null, filter.simpleStatus ?? null]
)

/** The project's whole configuration (every level merged), as the service renders it. */
export const [useProjectConfig, useProjectConfigState] = defineQuery("projectConfig", () => withAdmin((admin) => admin.getConfig()))

/** Creates an e-mail draft; returns its id. For `useStackMutation(createEmailDraft, { invalidates: ["emailDrafts"] })`. */
export const createEmailDraft = (input: EmailDraftCreate) => withAdmin((admin) => admin.createEmailDraft(input))

/** Changes an e-mail draft. For `useStackMutation(updateEmailDraft, { invalidates: ["emailDrafts"] })`. */
export const updateEmailDraft = (id: string, update: EmailDraftUpdate) => withAdmin((admin) => admin.updateEmailDraft(id, update))

/** Creates an e-mail theme; returns its id. For `useStackMutation(createEmailTheme, { invalidates: ["emailThemes"] })`. */
export const createEmailTheme = (displayName: string) => withAdmin((admin) => admin.createEmailTheme(displayName))

/** Pauses, resumes, reschedules or cancels an outbox e-mail. For `useStackMutation(updateOutboxEmail, { invalidates: ["outboxEmails", "adminMetrics"] })`. */
export const updateOutboxEmail = (id: string, update: OutboxEmailUpdate) => withAdmin((admin) => admin.updateOutboxEmail(id, update))
