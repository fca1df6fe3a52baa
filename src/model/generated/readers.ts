/**
 * Response readers and input writers, generated from the schemas of src/wire and src/model by
 * scripts/generate-readers.ts (`npm run generate:readers`): do not edit by hand. Each reads a value
 * exactly as Effect's parser does (test/unit/readers-equivalence.test.ts), without effect/Schema.
 */
import type { CreationOptions, RequestOptions } from "../../browser/webauthn-options.ts"
import type { MfaSignInBody, PasskeyAuthenticationInitiationResponse, PasskeyRegisterResponse, PasskeyRegistrationInitiationResponse, SendResetCodeResponse } from "../../wire/auth.ts"
import type { CliAuthAttempt, CliAuthCheck, CliAuthPollStatus } from "../../wire/cli-auth.ts"
import type { CodeValidBody, SuccessBody } from "../../wire/common.ts"
import type { CrossDomainAuthorizeResponse } from "../../wire/cross-domain-auth.ts"
import type { CodeBody } from "../../wire/teams.ts"
import type { AuthorizationCodeTokens, CodeSignInTokens, ForgotPasswordInput, MagicLinkInput, MagicLinkSent, PasswordSignInInput, PasswordSignInTokens, PasswordSignUpInput, RefreshGrantTokens, ResetPasswordInput, SetPasswordInput, SignInCodeInput, UpdatePasswordInput } from "../auth.ts"
import type { ContactChannel, ContactChannelList, ContactChannelUpdate, NewContactChannel, SendVerificationCode, VerifyContactChannel } from "../contact-channel.ts"
import type { DehydratedState, KeyParts } from "../hydration.ts"
import type { NotificationCategory, NotificationCategoryList } from "../notification-preference.ts"
import type { ApiKeyCreateOptions, ApiKeyDescriptionUpdate, TeamApiKey, TeamApiKeyFirstView, TeamApiKeyList, UserApiKey, UserApiKeyFirstView, UserApiKeyList } from "../project-api-key.ts"
import type { ProjectPermissionList } from "../project-permission.ts"
import type { ClientProject } from "../project.ts"
import type { UserSessionList } from "../sessions.ts"
import type { SendTeamInvitation, TeamInvitationAccepted, TeamInvitationDetails, TeamInvitationList, TeamInvitationSent } from "../team-invitation.ts"
import type { TeamMemberProfile, TeamMemberProfileList, TeamMemberProfileUpdate } from "../team-member-profile.ts"
import type { Permission, PermissionList } from "../team-permission.ts"
import type { Team, TeamCreate, TeamList, TeamUpdate } from "../team.ts"
import type { User, UserUpdate } from "../user.ts"
import { isBearer, isUrlText, isUserIdOrMe } from "../../wire/field-checks.ts"
import { finish, isJson, isRecord, mismatch, modelRows, readArray, readFields, readFirst, readRest, readTuple, refused, renameKeys, wireKeysOf, writeFields, type Field, type Read, type ReadResult } from "./kit.ts"

const fields1: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0],
  ["account_id", read1, 0],
  ["email", read2, 1]
])

const fields2: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0],
  ["display_name", read1, 0],
  ["profile_image_url", read2, 0],
  ["client_metadata", read4, 0],
  ["client_read_only_metadata", read4, 0]
])

const members3: ReadonlyArray<Read> = [read8, read9]

const fields4: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["type", read11, 0]
])

const members5: ReadonlyArray<Read> = [read12, read9]

const fields6: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0],
  ["primary_email", read2, 0],
  ["primary_email_verified", read3, 0],
  ["display_name", read2, 0],
  ["client_metadata", read4, 0],
  ["client_read_only_metadata", read4, 0],
  ["profile_image_url", read2, 0],
  ["signed_up_at_millis", read5, 0],
  ["has_password", read3, 0],
  ["auth_with_email", read3, 0],
  ["oauth_providers", read7, 0],
  ["selected_team_id", read2, 0],
  ["selected_team", read10, 0],
  ["requires_totp_mfa", read3, 0],
  ["otp_auth_enabled", read3, 0],
  ["passkey_auth_enabled", read3, 0],
  ["is_anonymous", read3, 1],
  ["is_restricted", read3, 1],
  ["restricted_reason", read13, 1],
  ["restricted_by_admin", read3, 1],
  ["restricted_by_admin_reason", read2, 1]
])

const fields7: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0]
])

const fields8: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["domain", read1, 0],
  ["handler_path", read1, 0]
])

const fields9: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["sign_up_enabled", read3, 0],
  ["credential_enabled", read3, 0],
  ["magic_link_enabled", read3, 0],
  ["passkey_enabled", read3, 0],
  ["client_team_creation_enabled", read3, 0],
  ["client_user_deletion_enabled", read3, 0],
  ["enabled_oauth_providers", read16, 0],
  ["domains", read18, 1],
  ["allow_user_api_keys", read3, 1],
  ["allow_team_api_keys", read3, 1]
])

const fields10: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0],
  ["display_name", read1, 0],
  ["config", read19, 0]
])

const fields11: ReadonlyArray<Field> = [
  ["success", read21, 0]
]

const fields12: ReadonlyArray<Field> = [
  ["is_code_valid", read21, 0]
]

const fields13: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["access_token", read1, 0],
  ["refresh_token", read1, 0],
  ["user_id", read1, 0]
])

const fields14: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["access_token", read1, 0],
  ["refresh_token", read1, 0],
  ["user_id", read1, 0],
  ["is_new_user", read3, 0]
])

const fields15: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["access_token", read1, 0],
  ["token_type", read26, 0],
  ["expires_in", read27, 1],
  ["scope", read1, 1],
  ["refresh_token", read1, 0],
  ["is_new_user", read3, 0],
  ["afterCallbackRedirectUrl", read2, 1],
  ["newUser", read3, 1]
])

const fields16: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["access_token", read1, 0],
  ["token_type", read26, 0],
  ["expires_in", read27, 1],
  ["scope", read1, 1],
  ["refresh_token", read1, 1],
  ["afterCallbackRedirectUrl", read2, 1],
  ["newUser", read3, 1]
])

const fields17: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["nonce", read1, 0]
])

const fields18: ReadonlyArray<Field> = [
  ["success", read1, 0]
]

const fields19: ReadonlyArray<Field> = [
  ["id", read1, 0],
  ["name", read1, 0]
]

const fields20: ReadonlyArray<Field> = [
  ["id", read1, 0],
  ["name", read1, 0],
  ["displayName", read1, 0]
]

const fields21: ReadonlyArray<Field> = [
  ["rp", read32, 0],
  ["user", read33, 0],
  ["challenge", read1, 0]
]

const fields22: ReadonlyArray<Field> = [
  ["options_json", read34, 0],
  ["code", read1, 0]
]

const fields23: ReadonlyArray<Field> = [
  ["challenge", read1, 0],
  ["rpId", read1, 1]
]

const fields24: ReadonlyArray<Field> = [
  ["options_json", read36, 0],
  ["code", read1, 0]
]

const fields25: ReadonlyArray<Field> = [
  ["user_handle", read1, 0]
]

const fields26: ReadonlyArray<Field> = [
  ["id", read1, 1],
  ["name", read1, 0]
]

const fields27: ReadonlyArray<Field> = [
  ["alg", read27, 0],
  ["type", read41, 0]
]

const fields28: ReadonlyArray<Field> = [
  ["id", read1, 0],
  ["type", read41, 0],
  ["transports", read45, 1]
]

const fields29: ReadonlyArray<Field> = [
  ["authenticatorAttachment", read48, 1],
  ["requireResidentKey", read3, 1],
  ["residentKey", read49, 1],
  ["userVerification", read49, 1]
]

const fields30: ReadonlyArray<Field> = [
  ["rp", read39, 0],
  ["user", read40, 0],
  ["challenge", read1, 0],
  ["pubKeyCredParams", read43, 0],
  ["timeout", read27, 1],
  ["excludeCredentials", read47, 1],
  ["authenticatorSelection", read50, 1],
  ["hints", read52, 1],
  ["attestation", read53, 1]
]

const fields31: ReadonlyArray<Field> = [
  ["challenge", read1, 0],
  ["timeout", read27, 1],
  ["rpId", read1, 1],
  ["allowCredentials", read47, 1],
  ["userVerification", read49, 1],
  ["hints", read52, 1]
]

const fields32: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["items", read56, 0],
  ["is_paginated", read3, 0]
])

const fields33: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["team_id", read1, 0],
  ["user_id", read1, 0],
  ["display_name", read2, 0],
  ["profile_image_url", read2, 0]
])

const fields34: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["items", read59, 0],
  ["is_paginated", read3, 0]
])

const fields35: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["success", read21, 0],
  ["id", read1, 0]
])

const fields36: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0],
  ["team_id", read1, 0],
  ["team_display_name", read1, 1],
  ["expires_at_millis", read5, 0],
  ["recipient_email", read1, 0]
])

const fields37: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["items", read63, 0],
  ["is_paginated", read3, 0]
])

const fields38: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["team_id", read1, 0],
  ["team_display_name", read1, 0]
])

const fields39: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0],
  ["user_id", read1, 0],
  ["team_id", read1, 0]
])

const fields40: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["items", read68, 0],
  ["is_paginated", read3, 0]
])

const fields41: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0],
  ["user_id", read1, 0]
])

const fields42: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["items", read71, 0],
  ["is_paginated", read3, 0]
])

const fields43: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["user_id", read1, 0],
  ["id", read1, 0],
  ["value", read1, 0],
  ["type", read73, 0],
  ["used_for_auth", read3, 0],
  ["is_verified", read3, 0],
  ["is_primary", read3, 0]
])

const fields44: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["items", read75, 0],
  ["is_paginated", read3, 0]
])

const fields45: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["last_four", read1, 0]
])

const fields46: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0],
  ["description", read1, 0],
  ["expires_at_millis", read5, 1],
  ["manually_revoked_at_millis", read5, 1],
  ["created_at_millis", read5, 0],
  ["is_public", read3, 0],
  ["type", read77, 0],
  ["user_id", read1, 0],
  ["value", read78, 0]
])

const fields47: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0],
  ["description", read1, 0],
  ["expires_at_millis", read5, 1],
  ["manually_revoked_at_millis", read5, 1],
  ["created_at_millis", read5, 0],
  ["is_public", read3, 0],
  ["type", read77, 0],
  ["user_id", read1, 0],
  ["value", read1, 0]
])

const fields48: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["items", read81, 0],
  ["is_paginated", read3, 0]
])

const fields49: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0],
  ["description", read1, 0],
  ["expires_at_millis", read5, 1],
  ["manually_revoked_at_millis", read5, 1],
  ["created_at_millis", read5, 0],
  ["is_public", read3, 0],
  ["type", read83, 0],
  ["team_id", read1, 0],
  ["value", read78, 0]
])

const fields50: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0],
  ["description", read1, 0],
  ["expires_at_millis", read5, 1],
  ["manually_revoked_at_millis", read5, 1],
  ["created_at_millis", read5, 0],
  ["is_public", read3, 0],
  ["type", read83, 0],
  ["team_id", read1, 0],
  ["value", read1, 0]
])

const fields51: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["items", read86, 0],
  ["is_paginated", read3, 0]
])

const fields52: ReadonlyArray<Field> = [
  ["ip", read1, 0],
  ["is_trusted", read3, 0],
  ["country_code", read2, 1],
  ["region_code", read2, 1],
  ["city_name", read2, 1],
  ["latitude", read88, 1],
  ["longitude", read88, 1],
  ["tz_identifier", read2, 1]
]

const fields53: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0],
  ["user_id", read1, 0],
  ["created_at", read27, 0],
  ["last_used_at", read27, 0],
  ["is_impersonation", read3, 0],
  ["is_current_session", read3, 0],
  ["last_used_at_end_user_ip_info", read89, 1]
])

const fields54: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["items", read91, 0],
  ["is_paginated", read3, 0]
])

const fields55: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["notification_category_id", read1, 0],
  ["notification_category_name", read1, 0],
  ["enabled", read3, 0],
  ["can_disable", read3, 0]
])

const fields56: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["items", read94, 0],
  ["is_paginated", read3, 0]
])

const fields57: ReadonlyArray<Field> = [
  ["polling_code", read1, 0],
  ["login_code", read1, 0],
  ["expires_at", read1, 0]
]

const fields58: ReadonlyArray<Field> = [
  ["status", read97, 0],
  ["refresh_token", read1, 1]
]

const fields59: ReadonlyArray<Field> = [
  ["cli_session_state", read99, 0]
]

const fields60: ReadonlyArray<Field> = [
  ["redirect_url", read1, 0]
]

const elements61: ReadonlyArray<Read> = [read1, read103]

const fields62: ReadonlyArray<Field> = [
  ["stackfx", read102, 0],
  ["answers", read105, 0]
]

const wireKeys63: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields1)

const wireKeys64: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields2)

const members65: ReadonlyArray<Read> = [write110, read9]

const wireKeys66: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields4)

const members67: ReadonlyArray<Read> = [write112, read9]

const fields68: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0],
  ["primary_email", read2, 0],
  ["primary_email_verified", read3, 0],
  ["display_name", read2, 0],
  ["client_metadata", read4, 0],
  ["client_read_only_metadata", read4, 0],
  ["profile_image_url", read2, 0],
  ["signed_up_at_millis", read5, 0],
  ["has_password", read3, 0],
  ["auth_with_email", read3, 0],
  ["oauth_providers", write109, 0],
  ["selected_team_id", read2, 0],
  ["selected_team", write111, 0],
  ["requires_totp_mfa", read3, 0],
  ["otp_auth_enabled", read3, 0],
  ["passkey_auth_enabled", read3, 0],
  ["is_anonymous", read3, 1],
  ["is_restricted", read3, 1],
  ["restricted_reason", write113, 1],
  ["restricted_by_admin", read3, 1],
  ["restricted_by_admin_reason", read2, 1]
])

const wireKeys69: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields68)

const wireKeys70: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields7)

const wireKeys71: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields8)

const fields72: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["sign_up_enabled", read3, 0],
  ["credential_enabled", read3, 0],
  ["magic_link_enabled", read3, 0],
  ["passkey_enabled", read3, 0],
  ["client_team_creation_enabled", read3, 0],
  ["client_user_deletion_enabled", read3, 0],
  ["enabled_oauth_providers", write116, 0],
  ["domains", write118, 1],
  ["allow_user_api_keys", read3, 1],
  ["allow_team_api_keys", read3, 1]
])

const wireKeys73: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields72)

const fields74: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["id", read1, 0],
  ["display_name", read1, 0],
  ["config", write119, 0]
])

const wireKeys75: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields74)

const wireKeys76: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields43)

const wireKeys77: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields39)

const wireKeys78: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields33)

const members79: ReadonlyArray<Read> = [write124, read9]

const members80: ReadonlyArray<Read> = [write126, read9]

const pattern1 = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$/

const members81: ReadonlyArray<Read> = [write128, read9]

const pattern2 = /^[0-9a-zA-Z+/]*={0,2}$/

const members82: ReadonlyArray<Read> = [write130, read9]

const pattern3 = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

const members83: ReadonlyArray<Read> = [write132, read9]

const fields84: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["display_name", write125, 1],
  ["profile_image_url", write127, 1],
  ["client_metadata", read4, 1],
  ["selected_team_id", write129, 1],
  ["totp_secret_base64", write131, 1],
  ["otp_auth_enabled", read3, 1],
  ["passkey_auth_enabled", read3, 1],
  ["primary_email", write133, 1]
])

const wireKeys85: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields84)

const pattern4 = /^.*@.*\.[^.][^.]+$/

const fields86: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["email", write135, 0],
  ["password", write136, 0],
  ["verification_callback_url", write137, 1]
])

const wireKeys87: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields86)

const fields88: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["email", write132, 0],
  ["password", write136, 0]
])

const wireKeys89: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields88)

const fields90: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["email", write132, 0],
  ["callback_url", write137, 0]
])

const wireKeys91: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields90)

const fields92: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["code", write141, 0],
  ["password", write136, 0]
])

const wireKeys93: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields92)

const fields94: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["old_password", write136, 0],
  ["new_password", write136, 0]
])

const wireKeys95: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields94)

const fields96: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["password", write136, 0]
])

const wireKeys97: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields96)

const fields98: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["email", write135, 0],
  ["callback_url", write137, 0]
])

const wireKeys99: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields98)

const fields100: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["code", write141, 0]
])

const wireKeys101: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields100)

const fields102: ReadonlyArray<Field> = [
  ["code", write141, 0],
  ["type", write147, 0],
  ["totp", read1, 0]
]

const fields103: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["display_name", read1, 0],
  ["profile_image_url", write127, 1],
  ["client_metadata", read4, 1],
  ["creator_user_id", write149, 1]
])

const wireKeys104: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields103)

const fields105: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["display_name", read1, 1],
  ["profile_image_url", write127, 1],
  ["client_metadata", read4, 1]
])

const wireKeys106: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields105)

const fields107: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["display_name", read1, 1],
  ["profile_image_url", write127, 1]
])

const wireKeys108: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields107)

const fields109: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["team_id", write128, 0],
  ["email", write132, 0],
  ["callback_url", write137, 0]
])

const wireKeys110: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields109)

const fields111: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["value", write132, 0],
  ["type", read73, 1],
  ["used_for_auth", read3, 1],
  ["is_primary", read3, 1]
])

const wireKeys112: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields111)

const fields113: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["value", write132, 1],
  ["type", read73, 1],
  ["used_for_auth", read3, 1],
  ["is_primary", read3, 1]
])

const wireKeys114: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields113)

const fields115: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["callback_url", write137, 0]
])

const wireKeys116: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields115)

const members117: ReadonlyArray<Read> = [read5, read9]

const fields118: ReadonlyArray<Field> = /*#__PURE__*/ modelRows([
  ["description", read1, 0],
  ["expires_at_millis", write157, 0],
  ["is_public", read3, 1]
])

const wireKeys119: Readonly<Record<string, string>> = /*#__PURE__*/ wireKeysOf(fields118)

const fields120: ReadonlyArray<Field> = [
  ["description", read1, 0]
]

const fields121: ReadonlyArray<Field> = [
  ["code", write141, 0]
]

function read1(input: unknown): unknown {
  return typeof input === "string" ? input : mismatch("string", input)
}

function read2(input: unknown): unknown {
  return typeof input === "string" || input === null ? input : mismatch("string | null", input)
}

function read3(input: unknown): unknown {
  return typeof input === "boolean" ? input : mismatch("boolean", input)
}

function read4(input: unknown): unknown {
  return isJson(input) ? input : mismatch("a JSON value", input)
}

function read5(input: unknown): unknown {
  if (!(typeof input === "number")) return mismatch("number", input)
  const out = input
  const value = out as number
  if (!(Number.isFinite(value))) return refused("a finite number", value)
  return out
}

function read6(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields1, {})
}

function read7(input: unknown): unknown {
  return readArray(input, read6)
}

function read8(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields2, {})
}

function read9(input: unknown): unknown {
  return input === null ? input : mismatch("null", input)
}

function read10(input: unknown): unknown {
  return readFirst(input, members3, "an object | null")
}

function read11(input: unknown): unknown {
  return input === "anonymous" || input === "email_not_verified" || input === "restricted_by_administrator" ? input : mismatch("\"anonymous\" | \"email_not_verified\" | \"restricted_by_administrator\"", input)
}

function read12(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields4, {})
}

function read13(input: unknown): unknown {
  return readFirst(input, members5, "an object | null")
}

function read14(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields6, {})
}

function read15(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields7, {})
}

function read16(input: unknown): unknown {
  return readArray(input, read15)
}

function read17(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields8, {})
}

function read18(input: unknown): unknown {
  return readArray(input, read17)
}

function read19(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields9, {})
}

function read20(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields10, {})
}

function read21(input: unknown): unknown {
  return input === true ? input : mismatch("true", input)
}

function read22(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields11, {})
}

function read23(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields12, {})
}

function read24(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields13, {})
}

function read25(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields14, {})
}

function read26(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(isBearer(value))) return refused("\"Bearer\"", value)
  return out
}

function read27(input: unknown): unknown {
  return typeof input === "number" ? input : mismatch("number", input)
}

function read28(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields15, {})
}

function read29(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields16, {})
}

function read30(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields17, {})
}

function read31(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields18, {})
}

function read32(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readRest(input, read4, ["id","name"], readFields(input, fields19, {}))
}

function read33(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readRest(input, read4, ["id","name","displayName"], readFields(input, fields20, {}))
}

function read34(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readRest(input, read4, ["rp","user","challenge"], readFields(input, fields21, {}))
}

function read35(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields22, {})
}

function read36(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readRest(input, read4, ["challenge","rpId"], readFields(input, fields23, {}))
}

function read37(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields24, {})
}

function read38(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields25, {})
}

function read39(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields26, {})
}

function read40(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields20, {})
}

function read41(input: unknown): unknown {
  return input === "public-key" ? input : mismatch("\"public-key\"", input)
}

function read42(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields27, {})
}

function read43(input: unknown): unknown {
  return readArray(input, read42)
}

function read44(input: unknown): unknown {
  return input === "ble" || input === "cable" || input === "hybrid" || input === "internal" || input === "nfc" || input === "smart-card" || input === "usb" ? input : mismatch("\"ble\" | \"cable\" | \"hybrid\" | \"internal\" | \"nfc\" | \"smart-card\" | \"usb\"", input)
}

function read45(input: unknown): unknown {
  return readArray(input, read44)
}

function read46(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields28, {})
}

function read47(input: unknown): unknown {
  return readArray(input, read46)
}

function read48(input: unknown): unknown {
  return input === "cross-platform" || input === "platform" ? input : mismatch("\"cross-platform\" | \"platform\"", input)
}

function read49(input: unknown): unknown {
  return input === "discouraged" || input === "preferred" || input === "required" ? input : mismatch("\"discouraged\" | \"preferred\" | \"required\"", input)
}

function read50(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields29, {})
}

function read51(input: unknown): unknown {
  return input === "hybrid" || input === "security-key" || input === "client-device" ? input : mismatch("\"hybrid\" | \"security-key\" | \"client-device\"", input)
}

function read52(input: unknown): unknown {
  return readArray(input, read51)
}

function read53(input: unknown): unknown {
  return input === "direct" || input === "enterprise" || input === "indirect" || input === "none" ? input : mismatch("\"direct\" | \"enterprise\" | \"indirect\" | \"none\"", input)
}

function read54(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields30, {})
}

function read55(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields31, {})
}

function read56(input: unknown): unknown {
  return readArray(input, read8)
}

function read57(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields32, {})
}

function read58(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields33, {})
}

function read59(input: unknown): unknown {
  return readArray(input, read58)
}

function read60(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields34, {})
}

function read61(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields35, {})
}

function read62(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields36, {})
}

function read63(input: unknown): unknown {
  return readArray(input, read62)
}

function read64(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields37, {})
}

function read65(input: unknown): unknown {
  if (input === null || input === undefined) return mismatch("an object", input)
  return {}
}

function read66(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields38, {})
}

function read67(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields39, {})
}

function read68(input: unknown): unknown {
  return readArray(input, read67)
}

function read69(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields40, {})
}

function read70(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields41, {})
}

function read71(input: unknown): unknown {
  return readArray(input, read70)
}

function read72(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields42, {})
}

function read73(input: unknown): unknown {
  return input === "email" ? input : mismatch("\"email\"", input)
}

function read74(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields43, {})
}

function read75(input: unknown): unknown {
  return readArray(input, read74)
}

function read76(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields44, {})
}

function read77(input: unknown): unknown {
  return input === "user" ? input : mismatch("\"user\"", input)
}

function read78(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields45, {})
}

function read79(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields46, {})
}

function read80(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields47, {})
}

function read81(input: unknown): unknown {
  return readArray(input, read79)
}

function read82(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields48, {})
}

function read83(input: unknown): unknown {
  return input === "team" ? input : mismatch("\"team\"", input)
}

function read84(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields49, {})
}

function read85(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields50, {})
}

function read86(input: unknown): unknown {
  return readArray(input, read84)
}

function read87(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields51, {})
}

function read88(input: unknown): unknown {
  return typeof input === "number" || input === null ? input : mismatch("number | null", input)
}

function read89(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields52, {})
}

function read90(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields53, {})
}

function read91(input: unknown): unknown {
  return readArray(input, read90)
}

function read92(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields54, {})
}

function read93(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields55, {})
}

function read94(input: unknown): unknown {
  return readArray(input, read93)
}

function read95(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields56, {})
}

function read96(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields57, {})
}

function read97(input: unknown): unknown {
  return input === "waiting" || input === "success" || input === "expired" || input === "used" ? input : mismatch("\"waiting\" | \"success\" | \"expired\" | \"used\"", input)
}

function read98(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields58, {})
}

function read99(input: unknown): unknown {
  return input === "anonymous" || input === "none" ? input : mismatch("\"anonymous\" | \"none\"", input)
}

function read100(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields59, {})
}

function read101(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields60, {})
}

function read102(input: unknown): unknown {
  return input === 1 ? input : mismatch("1", input)
}

function read103(input: unknown): unknown {
  return input
}

function read104(input: unknown): unknown {
  return readTuple(input, elements61)
}

function read105(input: unknown): unknown {
  return readArray(input, read104)
}

function read106(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields62, {})
}

function read107(input: unknown): unknown {
  return readArray(input, read103)
}

function write108(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys63), fields1, {})
}

function write109(input: unknown): unknown {
  return readArray(input, write108)
}

function write110(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys64), fields2, {})
}

function write111(input: unknown): unknown {
  return readFirst(input, members65, "an object | null")
}

function write112(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys66), fields4, {})
}

function write113(input: unknown): unknown {
  return readFirst(input, members67, "an object | null")
}

function write114(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys69), fields68, {})
}

function write115(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys70), fields7, {})
}

function write116(input: unknown): unknown {
  return readArray(input, write115)
}

function write117(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys71), fields8, {})
}

function write118(input: unknown): unknown {
  return readArray(input, write117)
}

function write119(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys73), fields72, {})
}

function write120(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys75), fields74, {})
}

function write121(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys76), fields43, {})
}

function write122(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys77), fields39, {})
}

function write123(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys78), fields33, {})
}

function write124(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(value.length <= 256)) return refused("a value with a length of at most 256", value)
  return out
}

function write125(input: unknown): unknown {
  return readFirst(input, members79, "string | null")
}

function write126(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(value.length <= 1000000)) return refused("a value with a length of at most 1000000", value)
  if (!(isUrlText(value))) return refused("a URL", value)
  return out
}

function write127(input: unknown): unknown {
  return readFirst(input, members80, "string | null")
}

function write128(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(pattern1.test(value))) return refused("a UUID", value)
  return out
}

function write129(input: unknown): unknown {
  return readFirst(input, members81, "string | null")
}

function write130(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(value.length % 4 === 0 && pattern2.test(value))) return refused("a base64 encoded string", value)
  return out
}

function write131(input: unknown): unknown {
  return readFirst(input, members82, "string | null")
}

function write132(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(value.length >= 1)) return refused("a value with a length of at least 1", value)
  if (!(pattern3.test(value))) return refused("an e-mail address", value)
  return out
}

function write133(input: unknown): unknown {
  return readFirst(input, members83, "string | null")
}

function write134(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys85), fields84, {})
}

function write135(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(value.length >= 1)) return refused("a value with a length of at least 1", value)
  if (!(pattern3.test(value))) return refused("an e-mail address", value)
  if (!(pattern4.test(value))) return refused("an e-mail address with a dot in the domain", value)
  return out
}

function write136(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(value.length <= 70)) return refused("a value with a length of at most 70", value)
  return out
}

function write137(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(isUrlText(value))) return refused("a URL", value)
  return out
}

function write138(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys87), fields86, {})
}

function write139(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys89), fields88, {})
}

function write140(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys91), fields90, {})
}

function write141(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(value.length >= 45 && value.length <= 45)) return refused("a value with a length of 45", value)
  return out
}

function write142(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys93), fields92, {})
}

function write143(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys95), fields94, {})
}

function write144(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys97), fields96, {})
}

function write145(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys99), fields98, {})
}

function write146(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys101), fields100, {})
}

function write147(input: unknown): unknown {
  return input === "totp" ? input : mismatch("\"totp\"", input)
}

function write148(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields102, {})
}

function write149(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(isUserIdOrMe(value))) return refused("a UUID or \"me\"", value)
  return out
}

function write150(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys104), fields103, {})
}

function write151(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys106), fields105, {})
}

function write152(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys108), fields107, {})
}

function write153(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys110), fields109, {})
}

function write154(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys112), fields111, {})
}

function write155(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys114), fields113, {})
}

function write156(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys116), fields115, {})
}

function write157(input: unknown): unknown {
  return readFirst(input, members117, "number | null")
}

function write158(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return writeFields(renameKeys(input, wireKeys119), fields118, {})
}

function write159(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields120, {})
}

function write160(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields121, {})
}

/** Reads the signed-in user (`GET|PATCH /users/me`, client access). */
export function readUser(input: unknown): ReadResult<(typeof User)["Type"]> {
  return finish(read14(input))
}

/** Reads the project as end users see it (`GET /projects/current`). */
export function readClientProject(input: unknown): ReadResult<(typeof ClientProject)["Type"]> {
  return finish(read20(input))
}

/** Reads `{"success": true}`. */
export function readSuccessBody(input: unknown): ReadResult<(typeof SuccessBody)["Type"]> {
  return finish(read22(input))
}

/** Reads `{"is_code_valid": true}` (every `.../check-code`). */
export function readCodeValidBody(input: unknown): ReadResult<(typeof CodeValidBody)["Type"]> {
  return finish(read23(input))
}

/** Reads the tokens of a password sign-in or sign-up, or an anonymous sign-up. */
export function readPasswordSignInTokens(input: unknown): ReadResult<(typeof PasswordSignInTokens)["Type"]> {
  return finish(read24(input))
}

/** Reads the tokens of an OTP, MFA or passkey sign-in. */
export function readCodeSignInTokens(input: unknown): ReadResult<(typeof CodeSignInTokens)["Type"]> {
  return finish(read25(input))
}

/** Reads the token endpoint's answer to an authorization code (OAuth sign-in). */
export function readAuthorizationCodeTokens(input: unknown): ReadResult<(typeof AuthorizationCodeTokens)["Type"]> {
  return finish(read28(input))
}

/** Reads the token endpoint's answer to a refresh grant. */
export function readRefreshGrantTokens(input: unknown): ReadResult<(typeof RefreshGrantTokens)["Type"]> {
  return finish(read29(input))
}

/** Reads the answer to `POST /auth/otp/send-sign-in-code`. */
export function readMagicLinkSent(input: unknown): ReadResult<(typeof MagicLinkSent)["Type"]> {
  return finish(read30(input))
}

/** Reads the answer to `POST /auth/password/send-reset-code`. */
export function readSendResetCodeResponse(input: unknown): ReadResult<(typeof SendResetCodeResponse)["Type"]> {
  return finish(read31(input))
}

/** Reads the options of a passkey registration. */
export function readPasskeyRegistrationInitiationResponse(input: unknown): ReadResult<(typeof PasskeyRegistrationInitiationResponse)["Type"]> {
  return finish(read35(input))
}

/** Reads the options of a passkey sign-in. */
export function readPasskeyAuthenticationInitiationResponse(input: unknown): ReadResult<(typeof PasskeyAuthenticationInitiationResponse)["Type"]> {
  return finish(read37(input))
}

/** Reads the answer to `POST /auth/passkey/register`. */
export function readPasskeyRegisterResponse(input: unknown): ReadResult<(typeof PasskeyRegisterResponse)["Type"]> {
  return finish(read38(input))
}

/** Reads a passkey registration's options as @simplewebauthn/browser takes them. */
export function readCreationOptions(input: unknown): ReadResult<(typeof CreationOptions)["Type"]> {
  return finish(read54(input))
}

/** Reads a passkey sign-in's options as @simplewebauthn/browser takes them. */
export function readRequestOptions(input: unknown): ReadResult<(typeof RequestOptions)["Type"]> {
  return finish(read55(input))
}

/** Reads a `Team` response body. */
export function readTeam(input: unknown): ReadResult<(typeof Team)["Type"]> {
  return finish(read8(input))
}

/** Reads a `TeamList` response body. */
export function readTeamList(input: unknown): ReadResult<(typeof TeamList)["Type"]> {
  return finish(read57(input))
}

/** Reads a `TeamMemberProfile` response body. */
export function readTeamMemberProfile(input: unknown): ReadResult<(typeof TeamMemberProfile)["Type"]> {
  return finish(read58(input))
}

/** Reads a `TeamMemberProfileList` response body. */
export function readTeamMemberProfileList(input: unknown): ReadResult<(typeof TeamMemberProfileList)["Type"]> {
  return finish(read60(input))
}

/** Reads a `TeamInvitationSent` response body. */
export function readTeamInvitationSent(input: unknown): ReadResult<(typeof TeamInvitationSent)["Type"]> {
  return finish(read61(input))
}

/** Reads a `TeamInvitationList` response body. */
export function readTeamInvitationList(input: unknown): ReadResult<(typeof TeamInvitationList)["Type"]> {
  return finish(read64(input))
}

/** Reads a `TeamInvitationAccepted` response body. */
export function readTeamInvitationAccepted(input: unknown): ReadResult<(typeof TeamInvitationAccepted)["Type"]> {
  return finish(read65(input))
}

/** Reads a `TeamInvitationDetails` response body. */
export function readTeamInvitationDetails(input: unknown): ReadResult<(typeof TeamInvitationDetails)["Type"]> {
  return finish(read66(input))
}

/** Reads a `PermissionList` response body. */
export function readPermissionList(input: unknown): ReadResult<(typeof PermissionList)["Type"]> {
  return finish(read69(input))
}

/** Reads a `ProjectPermissionList` response body. */
export function readProjectPermissionList(input: unknown): ReadResult<(typeof ProjectPermissionList)["Type"]> {
  return finish(read72(input))
}

/** Reads a `ContactChannel` response body. */
export function readContactChannel(input: unknown): ReadResult<(typeof ContactChannel)["Type"]> {
  return finish(read74(input))
}

/** Reads a `ContactChannelList` response body. */
export function readContactChannelList(input: unknown): ReadResult<(typeof ContactChannelList)["Type"]> {
  return finish(read76(input))
}

/** Reads a `UserApiKey` response body. */
export function readUserApiKey(input: unknown): ReadResult<(typeof UserApiKey)["Type"]> {
  return finish(read79(input))
}

/** Reads a `UserApiKeyFirstView` response body. */
export function readUserApiKeyFirstView(input: unknown): ReadResult<(typeof UserApiKeyFirstView)["Type"]> {
  return finish(read80(input))
}

/** Reads a `UserApiKeyList` response body. */
export function readUserApiKeyList(input: unknown): ReadResult<(typeof UserApiKeyList)["Type"]> {
  return finish(read82(input))
}

/** Reads a `TeamApiKey` response body. */
export function readTeamApiKey(input: unknown): ReadResult<(typeof TeamApiKey)["Type"]> {
  return finish(read84(input))
}

/** Reads a `TeamApiKeyFirstView` response body. */
export function readTeamApiKeyFirstView(input: unknown): ReadResult<(typeof TeamApiKeyFirstView)["Type"]> {
  return finish(read85(input))
}

/** Reads a `TeamApiKeyList` response body. */
export function readTeamApiKeyList(input: unknown): ReadResult<(typeof TeamApiKeyList)["Type"]> {
  return finish(read87(input))
}

/** Reads a `UserSessionList` response body. */
export function readUserSessionList(input: unknown): ReadResult<(typeof UserSessionList)["Type"]> {
  return finish(read92(input))
}

/** Reads a `NotificationCategory` response body. */
export function readNotificationCategory(input: unknown): ReadResult<(typeof NotificationCategory)["Type"]> {
  return finish(read93(input))
}

/** Reads a `NotificationCategoryList` response body. */
export function readNotificationCategoryList(input: unknown): ReadResult<(typeof NotificationCategoryList)["Type"]> {
  return finish(read95(input))
}

/** Reads a `CliAuthAttempt` response body. */
export function readCliAuthAttempt(input: unknown): ReadResult<(typeof CliAuthAttempt)["Type"]> {
  return finish(read96(input))
}

/** Reads a `CliAuthPollStatus` response body. */
export function readCliAuthPollStatus(input: unknown): ReadResult<(typeof CliAuthPollStatus)["Type"]> {
  return finish(read98(input))
}

/** Reads a `CliAuthCheck` response body. */
export function readCliAuthCheck(input: unknown): ReadResult<(typeof CliAuthCheck)["Type"]> {
  return finish(read100(input))
}

/** Reads a `CrossDomainAuthorizeResponse` response body. */
export function readCrossDomainAuthorizeResponse(input: unknown): ReadResult<(typeof CrossDomainAuthorizeResponse)["Type"]> {
  return finish(read101(input))
}

/** Reads the dehydrated state a server render wrote into the page. */
export function readDehydratedState(input: unknown): ReadResult<(typeof DehydratedState)["Type"]> {
  return finish(read106(input))
}

/** Reads a query's cache key parts (a JSON array). */
export function readKeyParts(input: unknown): ReadResult<(typeof KeyParts)["Type"]> {
  return finish(read107(input))
}

/** Reads a `Permission` response body. */
export function readPermission(input: unknown): ReadResult<(typeof Permission)["Type"]> {
  return finish(read67(input))
}

/** Writes the signed-in user as its wire JSON (server rendering). */
export function writeUser(input: (typeof User)["Type"]): ReadResult<(typeof User)["Encoded"]> {
  return finish(write114(input))
}

/** Writes the project as its wire JSON (server rendering). */
export function writeClientProject(input: (typeof ClientProject)["Type"]): ReadResult<(typeof ClientProject)["Encoded"]> {
  return finish(write120(input))
}

/** Writes a `Team` input as its wire body. */
export function writeTeam(input: (typeof Team)["Type"]): ReadResult<(typeof Team)["Encoded"]> {
  return finish(write110(input))
}

/** Writes a `ContactChannel` input as its wire body. */
export function writeContactChannel(input: (typeof ContactChannel)["Type"]): ReadResult<(typeof ContactChannel)["Encoded"]> {
  return finish(write121(input))
}

/** Writes a `Permission` input as its wire body. */
export function writePermission(input: (typeof Permission)["Type"]): ReadResult<(typeof Permission)["Encoded"]> {
  return finish(write122(input))
}

/** Writes a `TeamMemberProfile` input as its wire body. */
export function writeTeamMemberProfile(input: (typeof TeamMemberProfile)["Type"]): ReadResult<(typeof TeamMemberProfile)["Encoded"]> {
  return finish(write123(input))
}

/** Writes the body of `PATCH /users/me` (client access). */
export function writeUserUpdate(input: (typeof UserUpdate)["Type"]): ReadResult<(typeof UserUpdate)["Encoded"]> {
  return finish(write134(input))
}

/** Writes the body of `POST /auth/password/sign-up`. */
export function writePasswordSignUpInput(input: (typeof PasswordSignUpInput)["Type"]): ReadResult<(typeof PasswordSignUpInput)["Encoded"]> {
  return finish(write138(input))
}

/** Writes the body of `POST /auth/password/sign-in`. */
export function writePasswordSignInInput(input: (typeof PasswordSignInInput)["Type"]): ReadResult<(typeof PasswordSignInInput)["Encoded"]> {
  return finish(write139(input))
}

/** Writes the body of `POST /auth/password/send-reset-code`. */
export function writeForgotPasswordInput(input: (typeof ForgotPasswordInput)["Type"]): ReadResult<(typeof ForgotPasswordInput)["Encoded"]> {
  return finish(write140(input))
}

/** Writes the body of `POST /auth/password/reset`. */
export function writeResetPasswordInput(input: (typeof ResetPasswordInput)["Type"]): ReadResult<(typeof ResetPasswordInput)["Encoded"]> {
  return finish(write142(input))
}

/** Writes the body of `POST /auth/password/update`. */
export function writeUpdatePasswordInput(input: (typeof UpdatePasswordInput)["Type"]): ReadResult<(typeof UpdatePasswordInput)["Encoded"]> {
  return finish(write143(input))
}

/** Writes the body of `POST /auth/password/set`. */
export function writeSetPasswordInput(input: (typeof SetPasswordInput)["Type"]): ReadResult<(typeof SetPasswordInput)["Encoded"]> {
  return finish(write144(input))
}

/** Writes the body of `POST /auth/otp/send-sign-in-code`. */
export function writeMagicLinkInput(input: (typeof MagicLinkInput)["Type"]): ReadResult<(typeof MagicLinkInput)["Encoded"]> {
  return finish(write145(input))
}

/** Writes the body of `POST /auth/otp/sign-in` and its `check-code`. */
export function writeSignInCodeInput(input: (typeof SignInCodeInput)["Type"]): ReadResult<(typeof SignInCodeInput)["Encoded"]> {
  return finish(write146(input))
}

/** Writes the body of `POST /auth/mfa/sign-in`. */
export function writeMfaSignInBody(input: (typeof MfaSignInBody)["Type"]): ReadResult<(typeof MfaSignInBody)["Encoded"]> {
  return finish(write148(input))
}

/** Writes a `TeamCreate` input as its wire body. */
export function writeTeamCreate(input: (typeof TeamCreate)["Type"]): ReadResult<(typeof TeamCreate)["Encoded"]> {
  return finish(write150(input))
}

/** Writes a `TeamUpdate` input as its wire body. */
export function writeTeamUpdate(input: (typeof TeamUpdate)["Type"]): ReadResult<(typeof TeamUpdate)["Encoded"]> {
  return finish(write151(input))
}

/** Writes a `TeamMemberProfileUpdate` input as its wire body. */
export function writeTeamMemberProfileUpdate(input: (typeof TeamMemberProfileUpdate)["Type"]): ReadResult<(typeof TeamMemberProfileUpdate)["Encoded"]> {
  return finish(write152(input))
}

/** Writes a `SendTeamInvitation` input as its wire body. */
export function writeSendTeamInvitation(input: (typeof SendTeamInvitation)["Type"]): ReadResult<(typeof SendTeamInvitation)["Encoded"]> {
  return finish(write153(input))
}

/** Writes a `NewContactChannel` input as its wire body. */
export function writeNewContactChannel(input: (typeof NewContactChannel)["Type"]): ReadResult<(typeof NewContactChannel)["Encoded"]> {
  return finish(write154(input))
}

/** Writes a `ContactChannelUpdate` input as its wire body. */
export function writeContactChannelUpdate(input: (typeof ContactChannelUpdate)["Type"]): ReadResult<(typeof ContactChannelUpdate)["Encoded"]> {
  return finish(write155(input))
}

/** Writes a `SendVerificationCode` input as its wire body. */
export function writeSendVerificationCode(input: (typeof SendVerificationCode)["Type"]): ReadResult<(typeof SendVerificationCode)["Encoded"]> {
  return finish(write156(input))
}

/** Writes a `VerifyContactChannel` input as its wire body. */
export function writeVerifyContactChannel(input: (typeof VerifyContactChannel)["Type"]): ReadResult<(typeof VerifyContactChannel)["Encoded"]> {
  return finish(write146(input))
}

/** Writes a `ApiKeyCreateOptions` input as its wire body. */
export function writeApiKeyCreateOptions(input: (typeof ApiKeyCreateOptions)["Type"]): ReadResult<(typeof ApiKeyCreateOptions)["Encoded"]> {
  return finish(write158(input))
}

/** Writes a `ApiKeyDescriptionUpdate` input as its wire body. */
export function writeApiKeyDescriptionUpdate(input: (typeof ApiKeyDescriptionUpdate)["Type"]): ReadResult<(typeof ApiKeyDescriptionUpdate)["Encoded"]> {
  return finish(write159(input))
}

/** Writes `{code}` (`POST /auth/password/reset/check-code`). */
export function writeCodeBody(input: (typeof CodeBody)["Type"]): ReadResult<(typeof CodeBody)["Encoded"]> {
  return finish(write160(input))
}
