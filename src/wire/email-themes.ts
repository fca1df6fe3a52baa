/**
 * E-mail themes (`/internal/email-themes`) and previews (`POST /emails/render-email`): TSX sources
 * rendered by the service.
 */
import * as Schema from "effect/Schema"
import { Uuid } from "./teams.ts"

/** One theme in the list. */
export const EmailThemeSummary = /*#__PURE__*/ Schema.Struct({ id: Schema.String, display_name: Schema.String })
/** `GET /internal/email-themes`. */
export const EmailThemeList = /*#__PURE__*/ Schema.Struct({ themes: Schema.Array(EmailThemeSummary) })
/** `GET /internal/email-themes/{id}`. */
export const EmailTheme = /*#__PURE__*/ Schema.Struct({ id: Schema.String, display_name: Schema.String, tsx_source: Schema.String })
export type EmailTheme = typeof EmailTheme.Type
/** `POST /internal/email-themes` body. */
export const EmailThemeCreate = /*#__PURE__*/ Schema.Struct({ display_name: Schema.String })
/** `POST /internal/email-themes` answer. */
export const EmailThemeCreated = /*#__PURE__*/ Schema.Struct({ id: Schema.String })
/** `PATCH /internal/email-themes/{id}` body: the new source (rendered before it is saved). */
export const EmailThemeUpdate = /*#__PURE__*/ Schema.Struct({ tsx_source: Schema.String })
/** `PATCH /internal/email-themes/{id}` answer. */
export const EmailThemeUpdated = /*#__PURE__*/ Schema.Struct({ display_name: Schema.String })

/** A theme chosen by id, `false` for none, `null`/absent for the project's selected theme. */
export const ThemeChoice = /*#__PURE__*/ Schema.NullOr(Schema.Union([Uuid, Schema.Literal(false)]))

/**
 * `POST /emails/render-email` body: a template (`template_id` or `template_tsx_source`) and a theme
 * (`theme_id` or `theme_tsx_source`), rendered in preview mode.
 */
export const RenderEmailBody = /*#__PURE__*/ Schema.Struct({
  template_id: Schema.optionalKey(Uuid),
  template_tsx_source: Schema.optionalKey(Schema.String),
  theme_id: Schema.optionalKey(ThemeChoice),
  theme_tsx_source: Schema.optionalKey(Schema.String),
  editable_markers: Schema.optionalKey(Schema.Boolean),
  editable_source: Schema.optionalKey(Schema.Literals(["template", "theme", "both"]))
})
export type RenderEmailBody = typeof RenderEmailBody.Type

/** `POST /emails/render-email` answer. */
export const RenderEmailResponse = /*#__PURE__*/ Schema.Struct({
  html: Schema.String,
  subject: Schema.optionalKey(Schema.String),
  notification_category: Schema.optionalKey(Schema.String)
})
export type RenderEmailResponse = typeof RenderEmailResponse.Type
