/**
 * E-mail templates on the wire, as the current server models them:
 * TSX sources under `/internal/email-templates` (admin only). The 2.7-era `/email-templates` CRUD
 * answers the catch-all text 404 on current servers and has no schema here.
 *
 * - `GET /internal/email-templates` → `{"templates": [{id, display_name, tsx_source, theme_id?}]}`
 *   (not a CRUD list: no `items`, no `is_paginated`).
 * - `POST /internal/email-templates` `{display_name}` → `{id}` (a new template from a stub source).
 * - `PATCH /internal/email-templates/{template_id}` `{tsx_source, theme_id?}` → `{rendered_html}`.
 */
import * as Schema from "effect/Schema"
import { Uuid } from "./teams.ts"

// =============================================================================
// Responses
// =============================================================================

/**
 * The theme a template renders with: a theme id, `null` for the project's default theme, or
 * `false` for no theme.
 */
export const TemplateThemeId = /*#__PURE__*/ Schema.NullOr(/*#__PURE__*/ Schema.Union([Schema.String, /*#__PURE__*/ Schema.Literal(false)]))
export type TemplateThemeId = typeof TemplateThemeId.Type

/** One template: `id` is a UUID, `tsx_source` a React Email component module. */
export const EmailTemplate = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  display_name: Schema.String,
  tsx_source: Schema.String,
  /** Absent when the template uses the default theme. */
  theme_id: /*#__PURE__*/ Schema.optionalKey(TemplateThemeId)
})
export type EmailTemplate = typeof EmailTemplate.Type

/** `GET /internal/email-templates`. */
export const EmailTemplateList = /*#__PURE__*/ Schema.Struct({ templates: /*#__PURE__*/ Schema.Array(EmailTemplate) })
export type EmailTemplateList = typeof EmailTemplateList.Type

/** `POST /internal/email-templates` result: the new template's id. */
export const EmailTemplateCreated = /*#__PURE__*/ Schema.Struct({ id: Schema.String })
export type EmailTemplateCreated = typeof EmailTemplateCreated.Type

/** `PATCH /internal/email-templates/{template_id}` result: the template rendered with sample values. */
export const EmailTemplateUpdated = /*#__PURE__*/ Schema.Struct({ rendered_html: Schema.String })
export type EmailTemplateUpdated = typeof EmailTemplateUpdated.Type

// =============================================================================
// Requests
// =============================================================================

/** `POST /internal/email-templates` body. */
export const EmailTemplateCreate = /*#__PURE__*/ Schema.Struct({ display_name: Schema.String })
export type EmailTemplateCreate = typeof EmailTemplateCreate.Type

/** `PATCH /internal/email-templates/{template_id}` body (needs a custom e-mail server). */
export const EmailTemplateUpdate = /*#__PURE__*/ Schema.Struct({
  tsx_source: Schema.String,
  theme_id: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(/*#__PURE__*/ Schema.Union([Uuid, /*#__PURE__*/ Schema.Literal(false)])))
})
export type EmailTemplateUpdate = typeof EmailTemplateUpdate.Type
