/**
 * E-mail themes, kept where the service keeps them (`emails.themes` of the environment config):
 *
 * - `GET /internal/email-themes` → `{themes: [{id, display_name}]}` (the three built-ins first).
 * - `POST /internal/email-themes` `{display_name}` → `{id}` (a new theme with the light theme's source).
 * - `GET /internal/email-themes/{id}` → `{id, display_name, tsx_source}`; unknown: 404 text.
 * - `PATCH /internal/email-themes/{id}` `{tsx_source}` → `{display_name}`: the source is rendered
 *   around a preview template first; a theme that does not build, throws or exports no
 *   `EmailTheme` is EMAIL_RENDERING_ERROR with the renderer's message, and nothing is saved.
 *
 * `POST /emails/render-email` previews a template (by id or source) in a theme (by id, `false`,
 * or source), as the dashboard's editor does.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  EmailTheme,
  EmailThemeCreate,
  EmailThemeCreated,
  EmailThemeList,
  EmailThemeUpdate,
  EmailThemeUpdated,
  RenderEmailBody,
  RenderEmailResponse
} from "../../wire/email-themes.ts"
import { Uuid } from "../../wire/teams.ts"
import { updateEnvironmentConfig } from "../config-store.ts"
import { findTheme, projectThemes, renderOrFail, themeSourceFor } from "../email-sources.ts"
import { newThemeSource, themePreviewTemplate } from "../email-themes.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import { newId } from "../state.ts"
import { schemaError } from "../validation.ts"
import { checkThemeId, invalidThemeLine, LooseThemeId } from "../theme-choice.ts"
import { projectEmailTemplates } from "./email-templates.ts"

const ThemeParams = Schema.Struct({ id: Uuid })

/** The four body shapes of render-email: one template field and at most one theme field. */
const renderVariants: ReadonlyArray<{ readonly template: string; readonly theme: string }> = [
  { template: "template_id", theme: "theme_id" },
  { template: "template_id", theme: "theme_tsx_source" },
  { template: "template_tsx_source", theme: "theme_id" },
  { template: "template_tsx_source", theme: "theme_tsx_source" }
]

/** The service's SCHEMA_ERROR line when a body matches none of the variants, or `undefined`. */
const unmatchedVariants = (body: unknown, themeIdInvalid: boolean): string | undefined => {
  const given = Object.keys(typeof body === "object" && body !== null ? body : {}).filter((key) => key !== "editable_markers" && key !== "editable_source")
  const problems = renderVariants.map(({ template, theme }) => {
    const lines: Array<string> = []
    if (!given.includes(template)) lines.push(`body.${template} must be defined`)
    if (theme === "theme_tsx_source" && !given.includes(theme)) lines.push(`body.${theme} must be defined`)
    if (theme === "theme_id" && given.includes(theme) && themeIdInvalid) lines.push(invalidThemeLine)
    const unknown = given.filter((key) => key !== template && key !== theme)
    if (unknown.length > 0) lines.push(`body contains unknown properties: ${unknown.join(", ")}`)
    return lines
  })
  if (problems.some((lines) => lines.length === 0)) return undefined
  return `body is not matched by any of the provided schemas:\n${problems.map((lines, i) => `    Schema ${i}:\n${lines.map((l) => `      ${l}`).join("\n")}`).join("\n")}`
}

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/internal/email-themes",
    access: ["admin"],
    handler: (ctx) =>
      Reply.json(EmailThemeList, { themes: projectThemes(ctx.data, ctx.auth.project).themes.map((t) => ({ id: t.id, display_name: t.displayName })) })
  }),
  defineRoute({
    method: "POST",
    path: "/internal/email-themes",
    access: ["admin"],
    body: EmailThemeCreate,
    handler: Effect.fnUntraced(function*(ctx) {
      const id = newId()
      updateEnvironmentConfig(ctx.data, ctx.auth.project, { [`emails.themes.${id}`]: { displayName: ctx.body.display_name, tsxSource: newThemeSource } })
      return yield* Reply.json(EmailThemeCreated, { id })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/internal/email-themes/{id}",
    access: ["admin"],
    params: ThemeParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const theme = yield* findTheme(ctx.data, ctx.auth.project, ctx.params.id)
      return yield* Reply.json(EmailTheme, { id: theme.id, display_name: theme.displayName, tsx_source: theme.tsxSource })
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/internal/email-themes/{id}",
    access: ["admin"],
    params: ThemeParams,
    body: EmailThemeUpdate,
    handler: Effect.fnUntraced(function*(ctx) {
      const project = ctx.auth.project
      const theme = yield* findTheme(ctx.data, project, ctx.params.id)
      yield* renderOrFail({ templateSource: themePreviewTemplate, themeSource: ctx.body.tsx_source, previewMode: true })
      updateEnvironmentConfig(ctx.data, project, { [`emails.themes.${theme.id}.tsxSource`]: ctx.body.tsx_source })
      return yield* Reply.json(EmailThemeUpdated, { display_name: theme.displayName })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/emails/render-email",
    access: ["admin"],
    // `theme_id` is checked against the project's themes below, as the service does.
    body: Schema.Struct({ ...RenderEmailBody.fields, theme_id: LooseThemeId }),
    handler: Effect.fnUntraced(function*(ctx) {
      const { body } = ctx
      const project = ctx.auth.project
      const themeId = checkThemeId(body.theme_id)
      // The raw body: its keys in the order sent, as the service lists unknown ones.
      const unmatched = unmatchedVariants(ctx.request.body, themeId === "invalid")
      if (unmatched !== undefined || themeId === "invalid") {
        return yield* schemaError(ctx.request.method, ctx.request.pathname, [unmatched ?? invalidThemeLine])
      }
      let themeSource = body.theme_tsx_source
      if (themeSource === undefined) {
        themeSource = themeSourceFor(ctx.data, project, themeId)
        if (themeSource === undefined) return yield* Reply.textError(400, "No theme found with given id")
      }
      let templateSource = body.template_tsx_source
      if (templateSource === undefined) {
        templateSource = projectEmailTemplates(ctx.data, project.id).find((t) => t.id === body.template_id)?.tsx_source
        if (templateSource === undefined) return yield* Reply.textError(400, "No template found with given id")
      }
      const rendered = yield* renderOrFail({
        templateSource,
        themeSource,
        project: { displayName: project.displayName },
        previewMode: true,
        projectLogos: {
          ...(project.logoUrl === null ? {} : { logoUrl: project.logoUrl }),
          ...(project.logoFullUrl === null ? {} : { logoFullUrl: project.logoFullUrl })
        }
      })
      return yield* Reply.json(RenderEmailResponse, {
        html: rendered.html,
        ...(rendered.subject === undefined ? {} : { subject: rendered.subject }),
        ...(rendered.notificationCategory === undefined ? {} : { notification_category: rendered.notificationCategory })
      })
    })
  })
]
