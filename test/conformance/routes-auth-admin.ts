/**
 * Conformance routes of the authentication, project, admin (API keys, e-mail templates, permission
 * definitions, webhooks) and JWKS endpoints: which wire schema decodes each success body, and which
 * model too where the SDK exposes one.
 */
import type * as Schema from "effect/Schema"
import * as ApiKeyModel from "../../src/model/api-key.ts"
import * as EmailTemplateModel from "../../src/model/email-template.ts"
import * as PermissionDefinitionModel from "../../src/model/permission-definition.ts"
import * as ProjectModel from "../../src/model/project.ts"
import * as ApiKeys from "../../src/wire/api-keys.ts"
import * as AuthExtra from "../../src/wire/auth-extra.ts"
import * as Auth from "../../src/wire/auth.ts"
import { CodeValidBody, SuccessBody } from "../../src/wire/common.ts"
import * as EmailTemplates from "../../src/wire/email-templates.ts"
import * as Jwks from "../../src/wire/jwks.ts"
import * as PermissionDefinitions from "../../src/wire/permission-definitions.ts"
import * as Project from "../../src/wire/project.ts"
import * as Webhooks from "../../src/wire/webhooks.ts"
import type { ResponseRoute } from "./fixture.ts"

type Codec = Schema.Codec<unknown, unknown>

/** A route whose `schema` is the wire schema; `model` is the camelCase model, where one exists. */
export interface WireRoute extends ResponseRoute {
  readonly schema: Codec
  readonly model?: Codec
}

type Method = ResponseRoute["method"]

const escapeRegExp = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&")

/** `^/api/v1<path>$`, where `{x}` stands for one path segment. */
const path = (template: string): RegExp =>
  new RegExp(`^/api/v1${escapeRegExp(template).replace(/\{[a-z_]+\}/g, "[^/]+")}$`)

/** One route for every access type. */
const any = (method: Method, template: string, schema: Codec, model?: Codec): WireRoute =>
  model === undefined ? { method, path: path(template), schema } : { method, path: path(template), schema, model }

/** Server and admin access only (client access is `INSUFFICIENT_ACCESS_TYPE`). */
const serverOnly = (method: Method, template: string, schema: Codec, model?: Codec): ReadonlyArray<WireRoute> =>
  (["server", "admin"] as const).map((accessType) => ({ ...any(method, template, schema, model), accessType }))

/** Admin access only. */
const adminOnly = (method: Method, template: string, schema: Codec, model?: Codec): WireRoute => ({
  ...any(method, template, schema, model),
  accessType: "admin"
})

/** The four CRUD routes of a permission-definition collection (`/team-…` or `/project-…`). */
const permissionDefinitionRoutes = (collection: string): ReadonlyArray<WireRoute> => [
  adminOnly(
    "GET",
    collection,
    PermissionDefinitions.PermissionDefinitionList,
    PermissionDefinitionModel.PermissionDefinitionList
  ),
  adminOnly(
    "POST",
    collection,
    PermissionDefinitions.PermissionDefinition,
    PermissionDefinitionModel.PermissionDefinition
  ),
  adminOnly(
    "PATCH",
    `${collection}/{permission_id}`,
    PermissionDefinitions.PermissionDefinition,
    PermissionDefinitionModel.PermissionDefinition
  ),
  adminOnly("DELETE", `${collection}/{permission_id}`, SuccessBody)
]

/** Every success route of these endpoints. */
export const authAdminRoutes: ReadonlyArray<WireRoute> = [
  // Password (§7.1–7.7)
  any("POST", "/auth/password/sign-up", Auth.PasswordSignInResponse),
  any("POST", "/auth/password/sign-in", Auth.PasswordSignInResponse),
  any("POST", "/auth/password/send-reset-code", Auth.SendResetCodeResponse),
  any("POST", "/auth/password/reset/check-code", CodeValidBody),
  any("POST", "/auth/password/reset", AuthExtra.PasswordChangeResponse),
  any("POST", "/auth/password/update", AuthExtra.PasswordChangeResponse),
  any("POST", "/auth/password/set", AuthExtra.PasswordChangeResponse),

  // Anonymous sign-up (current server)
  any("POST", "/auth/anonymous/sign-up", Auth.AnonymousSignUpResponse),

  // OTP / magic link (§7.8, §7.9)
  any("POST", "/auth/otp/send-sign-in-code", Auth.OtpSendSignInCodeResponse),
  any("POST", "/auth/otp/sign-in/check-code", AuthExtra.CheckCodeResponse),
  any("POST", "/auth/otp/sign-in", Auth.CodeSignInResponse),

  // MFA (§7.10)
  any("POST", "/auth/mfa/sign-in", Auth.CodeSignInResponse),

  // Passkeys (§7.11)
  any("POST", "/auth/passkey/initiate-passkey-registration", Auth.PasskeyRegistrationInitiationResponse),
  any("POST", "/auth/passkey/register", Auth.PasskeyRegisterResponse),
  any("POST", "/auth/passkey/initiate-passkey-authentication", Auth.PasskeyAuthenticationInitiationResponse),
  any("POST", "/auth/passkey/sign-in", Auth.CodeSignInResponse),

  // Sessions (§7.12–7.14)
  ...serverOnly("POST", "/auth/sessions", Auth.SessionCreateResponse),
  any("DELETE", "/auth/sessions/current", AuthExtra.SignOutResponse),
  any("POST", "/auth/sessions/current/refresh", Auth.AccessTokenResponse),

  // OAuth token endpoint (§5): either grant
  any("POST", "/auth/oauth/token", AuthExtra.TokenResponse),

  // Projects (§11.1–11.4; LIVE-DIFFERENCES §5)
  any("GET", "/projects/current", Project.ClientProject, ProjectModel.ClientProject),
  adminOnly("PATCH", "/projects/current", Project.AdminProject, ProjectModel.AdminProject),
  adminOnly("DELETE", "/projects/current", SuccessBody),
  adminOnly("GET", "/internal/projects/current", Project.AdminProject, ProjectModel.AdminProject),
  adminOnly("PATCH", "/internal/projects/current", Project.AdminProject, ProjectModel.AdminProject),
  adminOnly("DELETE", "/internal/projects/current", SuccessBody),
  any("GET", "/internal/projects", Project.AdminProjectList, ProjectModel.AdminProjectList),
  any("POST", "/internal/projects", Project.AdminProject, ProjectModel.AdminProject),

  // API keys (§11.5)
  adminOnly("POST", "/internal/api-keys", ApiKeys.ApiKeySetCreated, ApiKeyModel.ApiKeySetCreated),
  adminOnly("GET", "/internal/api-keys", ApiKeys.ApiKeySetList, ApiKeyModel.ApiKeySetList),
  adminOnly("GET", "/internal/api-keys/{api_key_id}", ApiKeys.ApiKeySet, ApiKeyModel.ApiKeySet),
  adminOnly("PATCH", "/internal/api-keys/{api_key_id}", ApiKeys.ApiKeySet, ApiKeyModel.ApiKeySet),

  // E-mail templates (current server: TSX templates)
  adminOnly("GET", "/internal/email-templates", EmailTemplates.EmailTemplateList, EmailTemplateModel.EmailTemplateList),
  adminOnly(
    "POST",
    "/internal/email-templates",
    EmailTemplates.EmailTemplateCreated,
    EmailTemplateModel.EmailTemplateCreated
  ),
  adminOnly(
    "PATCH",
    "/internal/email-templates/{template_id}",
    EmailTemplates.EmailTemplateUpdated,
    EmailTemplateModel.EmailTemplateUpdated
  ),

  // Permission definitions (§11.7)
  ...permissionDefinitionRoutes("/team-permission-definitions"),
  ...permissionDefinitionRoutes("/project-permission-definitions"),

  // Webhooks (§11.8)
  adminOnly("POST", "/webhooks/svix-token", Webhooks.SvixTokenResponse),

  // JWKS (no authentication)
  any("GET", "/projects/{project_id}/.well-known/jwks.json", Jwks.Jwks)
]
