/**
 * E-mail template models (camelCase), derived from the wire schemas of ../wire/email-templates.ts
 * (TSX templates of current servers).
 */
import * as Schema from "effect/Schema"
import * as Wire from "../wire/email-templates.ts"
import { camelize } from "./camel.ts"

/** A template: `{id, displayName, tsxSource, themeId?}`. */
export const EmailTemplate = /*#__PURE__*/ camelize(Wire.EmailTemplate)
export type EmailTemplate = typeof EmailTemplate.Type

/** `GET /internal/email-templates`: `{templates}`. */
export const EmailTemplateList = /*#__PURE__*/ camelize(Wire.EmailTemplateList, { templates: /*#__PURE__*/ Schema.Array(EmailTemplate) })
export type EmailTemplateList = typeof EmailTemplateList.Type

/** `{id}` of a template just created. */
export const EmailTemplateCreated = /*#__PURE__*/ camelize(Wire.EmailTemplateCreated)
export type EmailTemplateCreated = typeof EmailTemplateCreated.Type

/** `{renderedHtml}` of a template just updated. */
export const EmailTemplateUpdated = /*#__PURE__*/ camelize(Wire.EmailTemplateUpdated)
export type EmailTemplateUpdated = typeof EmailTemplateUpdated.Type

/** Options of a template creation (`displayName`). */
export const EmailTemplateCreate = /*#__PURE__*/ camelize(Wire.EmailTemplateCreate)
export type EmailTemplateCreate = typeof EmailTemplateCreate.Type

/** Options of a template update (`tsxSource`, `themeId`). */
export const EmailTemplateUpdate = /*#__PURE__*/ camelize(Wire.EmailTemplateUpdate)
export type EmailTemplateUpdate = typeof EmailTemplateUpdate.Type
