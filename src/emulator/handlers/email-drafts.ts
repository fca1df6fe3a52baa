/**
 * E-mail drafts (admin): `GET|POST /internal/email-drafts`, `GET|PATCH|DELETE /internal/email-drafts/{id}`.
 * A draft's theme is the project's selected one (no `theme_id`), none (`false`) or a chosen theme;
 * like the service, a PATCH without `theme_id` returns it to the project's theme. Sending a draft
 * (`send-email` with `draft_id`) records `sent_at_millis`.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { DraftOk, type EmailDraft, EmailDraft as EmailDraftSchema, EmailDraftCreate, EmailDraftCreated, EmailDraftList, EmailDraftUpdate } from "../../wire/email-drafts.ts"
import { Uuid } from "../../wire/teams.ts"
import type { EmailDraftRecord } from "../owner-state.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import { newId, type StateData } from "../state.ts"
import { checkThemeId, invalidThemeLine, LooseThemeId } from "../theme-choice.ts"
import { schemaError } from "../validation.ts"

/** The source of a draft created without one. */
export const newDraftSource = `import { Container } from "@react-email/components"
import { Subject, NotificationCategory, Props } from "@stackframe/emails"

export function EmailTemplate({ user, project }: Props) {
  return (
    <Container>
      <Subject value={"Hello " + user.displayName + "!"} />
      <NotificationCategory value="Marketing" />
      <div className="font-bold">Hi {user.displayName}!</div>
    </Container>
  )
}
`

const themeFields = (themeId: string | false | undefined): Pick<EmailDraftRecord, "themeMode" | "themeId"> =>
  themeId === undefined ? { themeMode: "project-default", themeId: null } : themeId === false ? { themeMode: "none", themeId: null } : { themeMode: "custom", themeId }

/** The theme choice of a draft: an id, `false`, or `undefined` (the project's). */
export const draftThemeChoice = (draft: EmailDraftRecord): string | false | undefined =>
  draft.themeMode === "none" ? false : draft.themeMode === "custom" ? draft.themeId ?? undefined : undefined

const view = (draft: EmailDraftRecord): EmailDraft => {
  const theme = draftThemeChoice(draft)
  return {
    id: draft.id,
    display_name: draft.displayName,
    tsx_source: draft.tsxSource,
    ...(theme === undefined ? {} : { theme_id: theme }),
    sent_at_millis: draft.sentAtMillis
  }
}

/** A draft of the project, or the service's 404. */
export const findDraft = (data: StateData, projectId: string, id: string): Effect.Effect<EmailDraftRecord, Reply.TextError> => {
  const draft = data.owner.drafts[id]
  return draft === undefined || draft.projectId !== projectId ? Effect.fail(Reply.textError(404, "No draft found with given id")) : Effect.succeed(draft)
}

const draftsOf = (data: StateData, projectId: string): Array<EmailDraftRecord> =>
  Object.values(data.owner.drafts).filter((d) => d.projectId === projectId).sort((a, b) => b.updatedAtMillis - a.updatedAtMillis)

const DraftParams = Schema.Struct({ id: Uuid })

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/internal/email-drafts",
    access: ["admin"],
    handler: (ctx) => Reply.json(EmailDraftList, { drafts: draftsOf(ctx.data, ctx.auth.project.id).map(view) })
  }),
  defineRoute({
    method: "POST",
    path: "/internal/email-drafts",
    access: ["admin"],
    body: EmailDraftCreate,
    handler: Effect.fnUntraced(function*(ctx) {
      const draft: EmailDraftRecord = {
        id: newId(),
        projectId: ctx.auth.project.id,
        displayName: ctx.body.display_name,
        tsxSource: ctx.body.tsx_source ?? newDraftSource,
        ...themeFields(ctx.body.theme_id),
        sentAtMillis: null,
        updatedAtMillis: ctx.now
      }
      ctx.data.owner.drafts[draft.id] = draft
      return yield* Reply.json(EmailDraftCreated, { id: draft.id })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/internal/email-drafts/{id}",
    access: ["admin"],
    params: DraftParams,
    handler: Effect.fnUntraced(function*(ctx) {
      return yield* Reply.json(EmailDraftSchema, view(yield* findDraft(ctx.data, ctx.auth.project.id, ctx.params.id)))
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/internal/email-drafts/{id}",
    access: ["admin"],
    params: DraftParams,
    // `theme_id` is checked against the project's themes below, as the service does.
    body: Schema.Struct({ ...EmailDraftUpdate.fields, theme_id: LooseThemeId }),
    handler: Effect.fnUntraced(function*(ctx) {
      const themeId = checkThemeId(ctx.body.theme_id)
      if (themeId === "invalid" || themeId === null) return yield* schemaError(ctx.request.method, ctx.request.pathname, [invalidThemeLine])
      const draft = yield* findDraft(ctx.data, ctx.auth.project.id, ctx.params.id)
      ctx.data.owner.drafts[draft.id] = {
        ...draft,
        displayName: ctx.body.display_name ?? draft.displayName,
        tsxSource: ctx.body.tsx_source ?? draft.tsxSource,
        ...themeFields(themeId),
        updatedAtMillis: ctx.now
      }
      return yield* Reply.json(DraftOk, { ok: "ok" })
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/internal/email-drafts/{id}",
    access: ["admin"],
    params: DraftParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const draft = yield* findDraft(ctx.data, ctx.auth.project.id, ctx.params.id)
      delete ctx.data.owner.drafts[draft.id]
      return yield* Reply.json(DraftOk, { ok: "ok" })
    })
  })
]
