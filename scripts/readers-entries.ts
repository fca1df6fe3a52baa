/**
 * Which schemas get a generated reader or writer (src/model/generated/readers.ts): the responses and
 * inputs of the operations a browser app reaches. Server and admin operations keep Effect's parser
 * (src/model/decoders.ts).
 */
import * as Schema from "effect/Schema"
import { CreationOptions, RequestOptions } from "../src/browser/webauthn-options.ts"
import * as Auth from "../src/model/auth.ts"
import * as ContactChannel from "../src/model/contact-channel.ts"
import * as NotificationPreference from "../src/model/notification-preference.ts"
import * as Hydration from "../src/model/hydration.ts"
import { ClientProject } from "../src/model/project.ts"
import * as ProjectApiKey from "../src/model/project-api-key.ts"
import * as ProjectPermission from "../src/model/project-permission.ts"
import * as Sessions from "../src/model/sessions.ts"
import * as Team from "../src/model/team.ts"
import * as TeamInvitation from "../src/model/team-invitation.ts"
import * as TeamMemberProfile from "../src/model/team-member-profile.ts"
import * as TeamPermission from "../src/model/team-permission.ts"
import { User, UserUpdate } from "../src/model/user.ts"
import * as AuthWire from "../src/wire/auth.ts"
import * as CliAuthWire from "../src/wire/cli-auth.ts"
import { CodeValidBody, SuccessBody } from "../src/wire/common.ts"
import * as CrossDomainAuthWire from "../src/wire/cross-domain-auth.ts"
import { CodeBody } from "../src/wire/teams.ts"
import type { ReaderEntry } from "./readers-codegen.ts"

/** `module`'s export `name`, which must be a schema. */
const schemaOf = (module: object, name: string): ReaderEntry["schema"] => {
  const value: unknown = (module as Readonly<Record<string, unknown>>)[name]
  if (!Schema.isSchema(value)) throw new Error(`readers-entries: ${name} is not a schema`)
  return value
}

/** A reader (`read<Name>`) or writer (`write<Name>`) per schema of `module` (imported from `from`). */
const entries = (direction: ReaderEntry["direction"], from: string, module: object, docs: Readonly<Record<string, string>>): Array<ReaderEntry> =>
  Object.entries(docs).map(([schemaName, doc]) => ({
    name: `${direction === "decode" ? "read" : "write"}${schemaName}`,
    direction,
    schema: schemaOf(module, schemaName),
    schemaName,
    from,
    doc
  }))

/** `Reads a \`Name\` response body.` for each name, for schemas the name says enough about. */
const plain = (direction: ReaderEntry["direction"], names: ReadonlyArray<string>): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, direction === "decode" ? `Reads a \`${name}\` response body.` : `Writes a \`${name}\` input as its wire body.`]))

/** Every generated function, in the order readers.ts exports them. */
export const readerEntries: ReadonlyArray<ReaderEntry> = [
  ...entries("decode", "../user.ts", { User }, { User: "Reads the signed-in user (`GET|PATCH /users/me`, client access)." }),
  ...entries("decode", "../project.ts", { ClientProject }, { ClientProject: "Reads the project as end users see it (`GET /projects/current`)." }),
  ...entries("decode", "../../wire/common.ts", { SuccessBody, CodeValidBody }, {
    SuccessBody: "Reads `{\"success\": true}`.",
    CodeValidBody: "Reads `{\"is_code_valid\": true}` (every `.../check-code`)."
  }),
  ...entries("decode", "../auth.ts", Auth, {
    PasswordSignInTokens: "Reads the tokens of a password sign-in or sign-up, or an anonymous sign-up.",
    CodeSignInTokens: "Reads the tokens of an OTP, MFA or passkey sign-in.",
    AuthorizationCodeTokens: "Reads the token endpoint's answer to an authorization code (OAuth sign-in).",
    RefreshGrantTokens: "Reads the token endpoint's answer to a refresh grant.",
    MagicLinkSent: "Reads the answer to `POST /auth/otp/send-sign-in-code`."
  }),
  ...entries("decode", "../../wire/auth.ts", AuthWire, {
    SendResetCodeResponse: "Reads the answer to `POST /auth/password/send-reset-code`.",
    PasskeyRegistrationInitiationResponse: "Reads the options of a passkey registration.",
    PasskeyAuthenticationInitiationResponse: "Reads the options of a passkey sign-in.",
    PasskeyRegisterResponse: "Reads the answer to `POST /auth/passkey/register`."
  }),
  ...entries("decode", "../../browser/webauthn-options.ts", { CreationOptions, RequestOptions }, {
    CreationOptions: "Reads a passkey registration's options as @simplewebauthn/browser takes them.",
    RequestOptions: "Reads a passkey sign-in's options as @simplewebauthn/browser takes them."
  }),
  // The signed-in user's other resources (teams, contact channels, API keys, sessions, ...).
  ...entries("decode", "../team.ts", Team, plain("decode", ["Team", "TeamList"])),
  ...entries("decode", "../team-member-profile.ts", TeamMemberProfile, plain("decode", ["TeamMemberProfile", "TeamMemberProfileList"])),
  ...entries("decode", "../team-invitation.ts", TeamInvitation, plain("decode", ["TeamInvitationSent", "TeamInvitationList", "TeamInvitationAccepted", "TeamInvitationDetails"])),
  ...entries("decode", "../team-permission.ts", TeamPermission, plain("decode", ["PermissionList"])),
  ...entries("decode", "../project-permission.ts", ProjectPermission, plain("decode", ["ProjectPermissionList"])),
  ...entries("decode", "../contact-channel.ts", ContactChannel, plain("decode", ["ContactChannel", "ContactChannelList"])),
  ...entries("decode", "../project-api-key.ts", ProjectApiKey, plain("decode", ["UserApiKey", "UserApiKeyFirstView", "UserApiKeyList", "TeamApiKey", "TeamApiKeyFirstView", "TeamApiKeyList"])),
  ...entries("decode", "../sessions.ts", Sessions, plain("decode", ["UserSessionList"])),
  ...entries("decode", "../notification-preference.ts", NotificationPreference, plain("decode", ["NotificationCategory", "NotificationCategoryList"])),
  ...entries("decode", "../../wire/cli-auth.ts", CliAuthWire, plain("decode", ["CliAuthAttempt", "CliAuthPollStatus", "CliAuthCheck"])),
  ...entries("decode", "../../wire/cross-domain-auth.ts", CrossDomainAuthWire, plain("decode", ["CrossDomainAuthorizeResponse"])),
  // Server rendering (react/hydration.ts): the page's dehydrated state, and the answers it carries
  // written as their wire JSON on the server and read back in the browser.
  ...entries("decode", "../hydration.ts", Hydration, {
    DehydratedState: "Reads the dehydrated state a server render wrote into the page.",
    KeyParts: "Reads a query's cache key parts (a JSON array)."
  }),
  ...entries("decode", "../team-permission.ts", TeamPermission, plain("decode", ["Permission"])),
  ...entries("encode", "../user.ts", { User }, { User: "Writes the signed-in user as its wire JSON (server rendering)." }),
  ...entries("encode", "../project.ts", { ClientProject }, { ClientProject: "Writes the project as its wire JSON (server rendering)." }),
  ...entries("encode", "../team.ts", Team, plain("encode", ["Team"])),
  ...entries("encode", "../contact-channel.ts", ContactChannel, plain("encode", ["ContactChannel"])),
  ...entries("encode", "../team-permission.ts", TeamPermission, plain("encode", ["Permission"])),
  ...entries("encode", "../team-member-profile.ts", TeamMemberProfile, plain("encode", ["TeamMemberProfile"])),
  ...entries("encode", "../user.ts", { UserUpdate }, { UserUpdate: "Writes the body of `PATCH /users/me` (client access)." }),
  ...entries("encode", "../auth.ts", Auth, {
    PasswordSignUpInput: "Writes the body of `POST /auth/password/sign-up`.",
    PasswordSignInInput: "Writes the body of `POST /auth/password/sign-in`.",
    ForgotPasswordInput: "Writes the body of `POST /auth/password/send-reset-code`.",
    ResetPasswordInput: "Writes the body of `POST /auth/password/reset`.",
    UpdatePasswordInput: "Writes the body of `POST /auth/password/update`.",
    SetPasswordInput: "Writes the body of `POST /auth/password/set`.",
    MagicLinkInput: "Writes the body of `POST /auth/otp/send-sign-in-code`.",
    SignInCodeInput: "Writes the body of `POST /auth/otp/sign-in` and its `check-code`."
  }),
  ...entries("encode", "../../wire/auth.ts", AuthWire, { MfaSignInBody: "Writes the body of `POST /auth/mfa/sign-in`." }),
  ...entries("encode", "../team.ts", Team, plain("encode", ["TeamCreate", "TeamUpdate"])),
  ...entries("encode", "../team-member-profile.ts", TeamMemberProfile, plain("encode", ["TeamMemberProfileUpdate"])),
  ...entries("encode", "../team-invitation.ts", TeamInvitation, plain("encode", ["SendTeamInvitation"])),
  ...entries("encode", "../contact-channel.ts", ContactChannel, plain("encode", ["NewContactChannel", "ContactChannelUpdate", "SendVerificationCode", "VerifyContactChannel"])),
  ...entries("encode", "../project-api-key.ts", ProjectApiKey, plain("encode", ["ApiKeyCreateOptions", "ApiKeyDescriptionUpdate"])),
  ...entries("encode", "../../wire/teams.ts", { CodeBody }, { CodeBody: "Writes `{code}` (`POST /auth/password/reset/check-code`)." })
]
