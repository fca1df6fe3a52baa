/**
 * Response readers and input writers, generated from the schemas of src/wire and src/model by
 * scripts/generate-readers.ts (`npm run generate:readers`): do not edit by hand. Each reads a value
 * exactly as Effect's parser does (test/unit/readers-equivalence.test.ts), without effect/Schema.
 */
import type { CreationOptions, RequestOptions } from "../../browser/webauthn-options.ts"
import type { MfaSignInBody, PasskeyAuthenticationInitiationResponse, PasskeyRegisterResponse, PasskeyRegistrationInitiationResponse, SendResetCodeResponse } from "../../wire/auth.ts"
import type { CodeValidBody, SuccessBody } from "../../wire/common.ts"
import type { CodeBody } from "../../wire/teams.ts"
import type { AuthorizationCodeTokens, CodeSignInTokens, ForgotPasswordInput, MagicLinkInput, MagicLinkSent, PasswordSignInInput, PasswordSignInTokens, PasswordSignUpInput, RefreshGrantTokens, ResetPasswordInput, SetPasswordInput, SignInCodeInput, UpdatePasswordInput } from "../auth.ts"
import type { ClientProject } from "../project.ts"
import type { User, UserUpdate } from "../user.ts"
import { isBearer, isUrlText } from "../../wire/field-checks.ts"
import { finish, isJson, isRecord, mismatch, readArray, readFields, readFirst, readRest, renameKeys, type Field, type Read, type ReadResult } from "./kit.ts"

const fields1: ReadonlyArray<Field> = [
  ["id", "id", read1, 0],
  ["account_id", "accountId", read1, 0],
  ["email", "email", read2, 1]
]

const fields2: ReadonlyArray<Field> = [
  ["id", "id", read1, 0],
  ["display_name", "displayName", read1, 0],
  ["profile_image_url", "profileImageUrl", read2, 0],
  ["client_metadata", "clientMetadata", read4, 0],
  ["client_read_only_metadata", "clientReadOnlyMetadata", read4, 0]
]

const members3: ReadonlyArray<Read> = [read8, read9]

const fields4: ReadonlyArray<Field> = [
  ["type", "type", read11, 0]
]

const members5: ReadonlyArray<Read> = [read12, read9]

const fields6: ReadonlyArray<Field> = [
  ["id", "id", read1, 0],
  ["primary_email", "primaryEmail", read2, 0],
  ["primary_email_verified", "primaryEmailVerified", read3, 0],
  ["display_name", "displayName", read2, 0],
  ["client_metadata", "clientMetadata", read4, 0],
  ["client_read_only_metadata", "clientReadOnlyMetadata", read4, 0],
  ["profile_image_url", "profileImageUrl", read2, 0],
  ["signed_up_at_millis", "signedUpAtMillis", read5, 0],
  ["has_password", "hasPassword", read3, 0],
  ["auth_with_email", "authWithEmail", read3, 0],
  ["oauth_providers", "oauthProviders", read7, 0],
  ["selected_team_id", "selectedTeamId", read2, 0],
  ["selected_team", "selectedTeam", read10, 0],
  ["requires_totp_mfa", "requiresTotpMfa", read3, 0],
  ["otp_auth_enabled", "otpAuthEnabled", read3, 0],
  ["passkey_auth_enabled", "passkeyAuthEnabled", read3, 0],
  ["is_anonymous", "isAnonymous", read3, 1],
  ["is_restricted", "isRestricted", read3, 1],
  ["restricted_reason", "restrictedReason", read13, 1],
  ["restricted_by_admin", "restrictedByAdmin", read3, 1],
  ["restricted_by_admin_reason", "restrictedByAdminReason", read2, 1]
]

const fields7: ReadonlyArray<Field> = [
  ["id", "id", read1, 0]
]

const fields8: ReadonlyArray<Field> = [
  ["domain", "domain", read1, 0],
  ["handler_path", "handlerPath", read1, 0]
]

const fields9: ReadonlyArray<Field> = [
  ["sign_up_enabled", "signUpEnabled", read3, 0],
  ["credential_enabled", "credentialEnabled", read3, 0],
  ["magic_link_enabled", "magicLinkEnabled", read3, 0],
  ["passkey_enabled", "passkeyEnabled", read3, 0],
  ["client_team_creation_enabled", "clientTeamCreationEnabled", read3, 0],
  ["client_user_deletion_enabled", "clientUserDeletionEnabled", read3, 0],
  ["enabled_oauth_providers", "enabledOauthProviders", read16, 0],
  ["domains", "domains", read18, 1],
  ["allow_user_api_keys", "allowUserApiKeys", read3, 1],
  ["allow_team_api_keys", "allowTeamApiKeys", read3, 1]
]

const fields10: ReadonlyArray<Field> = [
  ["id", "id", read1, 0],
  ["display_name", "displayName", read1, 0],
  ["config", "config", read19, 0]
]

const fields11: ReadonlyArray<Field> = [
  ["success", "success", read21, 0]
]

const fields12: ReadonlyArray<Field> = [
  ["is_code_valid", "is_code_valid", read21, 0]
]

const fields13: ReadonlyArray<Field> = [
  ["access_token", "accessToken", read1, 0],
  ["refresh_token", "refreshToken", read1, 0],
  ["user_id", "userId", read1, 0]
]

const fields14: ReadonlyArray<Field> = [
  ["access_token", "accessToken", read1, 0],
  ["refresh_token", "refreshToken", read1, 0],
  ["user_id", "userId", read1, 0],
  ["is_new_user", "isNewUser", read3, 0]
]

const fields15: ReadonlyArray<Field> = [
  ["access_token", "accessToken", read1, 0],
  ["token_type", "tokenType", read26, 0],
  ["expires_in", "expiresIn", read27, 1],
  ["scope", "scope", read1, 1],
  ["refresh_token", "refreshToken", read1, 0],
  ["is_new_user", "isNewUser", read3, 0],
  ["afterCallbackRedirectUrl", "afterCallbackRedirectUrl", read2, 1],
  ["newUser", "newUser", read3, 1]
]

const fields16: ReadonlyArray<Field> = [
  ["access_token", "accessToken", read1, 0],
  ["token_type", "tokenType", read26, 0],
  ["expires_in", "expiresIn", read27, 1],
  ["scope", "scope", read1, 1],
  ["refresh_token", "refreshToken", read1, 1],
  ["afterCallbackRedirectUrl", "afterCallbackRedirectUrl", read2, 1],
  ["newUser", "newUser", read3, 1]
]

const fields17: ReadonlyArray<Field> = [
  ["nonce", "nonce", read1, 0]
]

const fields18: ReadonlyArray<Field> = [
  ["success", "success", read1, 0]
]

const fields19: ReadonlyArray<Field> = [
  ["id", "id", read1, 0],
  ["name", "name", read1, 0]
]

const fields20: ReadonlyArray<Field> = [
  ["id", "id", read1, 0],
  ["name", "name", read1, 0],
  ["displayName", "displayName", read1, 0]
]

const fields21: ReadonlyArray<Field> = [
  ["rp", "rp", read32, 0],
  ["user", "user", read33, 0],
  ["challenge", "challenge", read1, 0]
]

const fields22: ReadonlyArray<Field> = [
  ["options_json", "options_json", read34, 0],
  ["code", "code", read1, 0]
]

const fields23: ReadonlyArray<Field> = [
  ["challenge", "challenge", read1, 0],
  ["rpId", "rpId", read1, 1]
]

const fields24: ReadonlyArray<Field> = [
  ["options_json", "options_json", read36, 0],
  ["code", "code", read1, 0]
]

const fields25: ReadonlyArray<Field> = [
  ["user_handle", "user_handle", read1, 0]
]

const fields26: ReadonlyArray<Field> = [
  ["id", "id", read1, 1],
  ["name", "name", read1, 0]
]

const fields27: ReadonlyArray<Field> = [
  ["alg", "alg", read27, 0],
  ["type", "type", read41, 0]
]

const fields28: ReadonlyArray<Field> = [
  ["id", "id", read1, 0],
  ["type", "type", read41, 0],
  ["transports", "transports", read45, 1]
]

const fields29: ReadonlyArray<Field> = [
  ["authenticatorAttachment", "authenticatorAttachment", read48, 1],
  ["requireResidentKey", "requireResidentKey", read3, 1],
  ["residentKey", "residentKey", read49, 1],
  ["userVerification", "userVerification", read49, 1]
]

const fields30: ReadonlyArray<Field> = [
  ["rp", "rp", read39, 0],
  ["user", "user", read40, 0],
  ["challenge", "challenge", read1, 0],
  ["pubKeyCredParams", "pubKeyCredParams", read43, 0],
  ["timeout", "timeout", read27, 1],
  ["excludeCredentials", "excludeCredentials", read47, 1],
  ["authenticatorSelection", "authenticatorSelection", read50, 1],
  ["hints", "hints", read52, 1],
  ["attestation", "attestation", read53, 1]
]

const fields31: ReadonlyArray<Field> = [
  ["challenge", "challenge", read1, 0],
  ["timeout", "timeout", read27, 1],
  ["rpId", "rpId", read1, 1],
  ["allowCredentials", "allowCredentials", read47, 1],
  ["userVerification", "userVerification", read49, 1],
  ["hints", "hints", read52, 1]
]

const wireKeys32: Readonly<Record<string, string>> = {
  "displayName": "display_name",
  "profileImageUrl": "profile_image_url",
  "clientMetadata": "client_metadata",
  "selectedTeamId": "selected_team_id",
  "totpSecretBase64": "totp_secret_base64",
  "otpAuthEnabled": "otp_auth_enabled",
  "passkeyAuthEnabled": "passkey_auth_enabled",
  "primaryEmail": "primary_email"
}

const members33: ReadonlyArray<Read> = [write56, read9]

const members34: ReadonlyArray<Read> = [write58, read9]

const pattern1 = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$/

const members35: ReadonlyArray<Read> = [write60, read9]

const pattern2 = /^[0-9a-zA-Z+/]*={0,2}$/

const members36: ReadonlyArray<Read> = [write62, read9]

const pattern3 = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

const members37: ReadonlyArray<Read> = [write64, read9]

const fields38: ReadonlyArray<Field> = [
  ["display_name", "display_name", write57, 1, "displayName"],
  ["profile_image_url", "profile_image_url", write59, 1, "profileImageUrl"],
  ["client_metadata", "client_metadata", read4, 1, "clientMetadata"],
  ["selected_team_id", "selected_team_id", write61, 1, "selectedTeamId"],
  ["totp_secret_base64", "totp_secret_base64", write63, 1, "totpSecretBase64"],
  ["otp_auth_enabled", "otp_auth_enabled", read3, 1, "otpAuthEnabled"],
  ["passkey_auth_enabled", "passkey_auth_enabled", read3, 1, "passkeyAuthEnabled"],
  ["primary_email", "primary_email", write65, 1, "primaryEmail"]
]

const wireKeys39: Readonly<Record<string, string>> = {
  "email": "email",
  "password": "password",
  "verificationCallbackUrl": "verification_callback_url"
}

const pattern4 = /^.*@.*\.[^.][^.]+$/

const fields40: ReadonlyArray<Field> = [
  ["email", "email", write67, 0],
  ["password", "password", write68, 0],
  ["verification_callback_url", "verification_callback_url", write69, 1, "verificationCallbackUrl"]
]

const wireKeys41: Readonly<Record<string, string>> = {
  "email": "email",
  "password": "password"
}

const fields42: ReadonlyArray<Field> = [
  ["email", "email", write64, 0],
  ["password", "password", write68, 0]
]

const wireKeys43: Readonly<Record<string, string>> = {
  "email": "email",
  "callbackUrl": "callback_url"
}

const fields44: ReadonlyArray<Field> = [
  ["email", "email", write64, 0],
  ["callback_url", "callback_url", write69, 0, "callbackUrl"]
]

const wireKeys45: Readonly<Record<string, string>> = {
  "code": "code",
  "password": "password"
}

const fields46: ReadonlyArray<Field> = [
  ["code", "code", write73, 0],
  ["password", "password", write68, 0]
]

const wireKeys47: Readonly<Record<string, string>> = {
  "oldPassword": "old_password",
  "newPassword": "new_password"
}

const fields48: ReadonlyArray<Field> = [
  ["old_password", "old_password", write68, 0, "oldPassword"],
  ["new_password", "new_password", write68, 0, "newPassword"]
]

const wireKeys49: Readonly<Record<string, string>> = {
  "password": "password"
}

const fields50: ReadonlyArray<Field> = [
  ["password", "password", write68, 0]
]

const fields51: ReadonlyArray<Field> = [
  ["email", "email", write67, 0],
  ["callback_url", "callback_url", write69, 0, "callbackUrl"]
]

const wireKeys52: Readonly<Record<string, string>> = {
  "code": "code"
}

const fields53: ReadonlyArray<Field> = [
  ["code", "code", write73, 0]
]

const fields54: ReadonlyArray<Field> = [
  ["code", "code", write73, 0],
  ["type", "type", write79, 0],
  ["totp", "totp", read1, 0]
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
  if (!(Number.isFinite(value))) return mismatch("a finite number", value)
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
  if (!(isBearer(value))) return mismatch("\"Bearer\"", value)
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

function write56(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(value.length <= 256)) return mismatch("a value with a length of at most 256", value)
  return out
}

function write57(input: unknown): unknown {
  return readFirst(input, members33, "string | null")
}

function write58(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(value.length <= 1000000)) return mismatch("a value with a length of at most 1000000", value)
  if (!(isUrlText(value))) return mismatch("a URL", value)
  return out
}

function write59(input: unknown): unknown {
  return readFirst(input, members34, "string | null")
}

function write60(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(pattern1.test(value))) return mismatch("a UUID", value)
  return out
}

function write61(input: unknown): unknown {
  return readFirst(input, members35, "string | null")
}

function write62(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(value.length % 4 === 0 && pattern2.test(value))) return mismatch("a base64 encoded string", value)
  return out
}

function write63(input: unknown): unknown {
  return readFirst(input, members36, "string | null")
}

function write64(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(value.length >= 1)) return mismatch("a value with a length of at least 1", value)
  if (!(pattern3.test(value))) return mismatch("an e-mail address", value)
  return out
}

function write65(input: unknown): unknown {
  return readFirst(input, members37, "string | null")
}

function write66(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return readFields(renameKeys(input, wireKeys32), fields38, {})
}

function write67(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(value.length >= 1)) return mismatch("a value with a length of at least 1", value)
  if (!(pattern3.test(value))) return mismatch("an e-mail address", value)
  if (!(pattern4.test(value))) return mismatch("an e-mail address with a dot in the domain", value)
  return out
}

function write68(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(value.length <= 70)) return mismatch("a value with a length of at most 70", value)
  return out
}

function write69(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(isUrlText(value))) return mismatch("a URL", value)
  return out
}

function write70(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return readFields(renameKeys(input, wireKeys39), fields40, {})
}

function write71(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return readFields(renameKeys(input, wireKeys41), fields42, {})
}

function write72(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return readFields(renameKeys(input, wireKeys43), fields44, {})
}

function write73(input: unknown): unknown {
  if (!(typeof input === "string")) return mismatch("string", input)
  const out = input
  const value = out as string
  if (!(value.length >= 45 && value.length <= 45)) return mismatch("a value with a length of 45", value)
  return out
}

function write74(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return readFields(renameKeys(input, wireKeys45), fields46, {})
}

function write75(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return readFields(renameKeys(input, wireKeys47), fields48, {})
}

function write76(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return readFields(renameKeys(input, wireKeys49), fields50, {})
}

function write77(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return readFields(renameKeys(input, wireKeys43), fields51, {})
}

function write78(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return mismatch("an object", input)
  return readFields(renameKeys(input, wireKeys52), fields53, {})
}

function write79(input: unknown): unknown {
  return input === "totp" ? input : mismatch("\"totp\"", input)
}

function write80(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields54, {})
}

function write81(input: unknown): unknown {
  if (!isRecord(input)) return mismatch("an object", input)
  return readFields(input, fields53, {})
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

/** Writes the body of `PATCH /users/me` (client access). */
export function writeUserUpdate(input: (typeof UserUpdate)["Type"]): ReadResult<(typeof UserUpdate)["Encoded"]> {
  return finish(write66(input))
}

/** Writes the body of `POST /auth/password/sign-up`. */
export function writePasswordSignUpInput(input: (typeof PasswordSignUpInput)["Type"]): ReadResult<(typeof PasswordSignUpInput)["Encoded"]> {
  return finish(write70(input))
}

/** Writes the body of `POST /auth/password/sign-in`. */
export function writePasswordSignInInput(input: (typeof PasswordSignInInput)["Type"]): ReadResult<(typeof PasswordSignInInput)["Encoded"]> {
  return finish(write71(input))
}

/** Writes the body of `POST /auth/password/send-reset-code`. */
export function writeForgotPasswordInput(input: (typeof ForgotPasswordInput)["Type"]): ReadResult<(typeof ForgotPasswordInput)["Encoded"]> {
  return finish(write72(input))
}

/** Writes the body of `POST /auth/password/reset`. */
export function writeResetPasswordInput(input: (typeof ResetPasswordInput)["Type"]): ReadResult<(typeof ResetPasswordInput)["Encoded"]> {
  return finish(write74(input))
}

/** Writes the body of `POST /auth/password/update`. */
export function writeUpdatePasswordInput(input: (typeof UpdatePasswordInput)["Type"]): ReadResult<(typeof UpdatePasswordInput)["Encoded"]> {
  return finish(write75(input))
}

/** Writes the body of `POST /auth/password/set`. */
export function writeSetPasswordInput(input: (typeof SetPasswordInput)["Type"]): ReadResult<(typeof SetPasswordInput)["Encoded"]> {
  return finish(write76(input))
}

/** Writes the body of `POST /auth/otp/send-sign-in-code`. */
export function writeMagicLinkInput(input: (typeof MagicLinkInput)["Type"]): ReadResult<(typeof MagicLinkInput)["Encoded"]> {
  return finish(write77(input))
}

/** Writes the body of `POST /auth/otp/sign-in` and its `check-code`. */
export function writeSignInCodeInput(input: (typeof SignInCodeInput)["Type"]): ReadResult<(typeof SignInCodeInput)["Encoded"]> {
  return finish(write78(input))
}

/** Writes the body of `POST /auth/mfa/sign-in`. */
export function writeMfaSignInBody(input: (typeof MfaSignInBody)["Type"]): ReadResult<(typeof MfaSignInBody)["Encoded"]> {
  return finish(write80(input))
}

/** Writes `{code}` (`POST /auth/password/reset/check-code`). */
export function writeCodeBody(input: (typeof CodeBody)["Type"]): ReadResult<(typeof CodeBody)["Encoded"]> {
  return finish(write81(input))
}
