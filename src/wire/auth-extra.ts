/**
 * Authentication shapes ./auth.ts does not name: answers shared by several endpoints.
 */
import * as Schema from "effect/Schema"
import { AuthorizationCodeGrantResponse, RefreshGrantResponse } from "./auth.ts"
import { CodeValidBody, SuccessBody } from "./common.ts"

/**
 * Any success of `POST /auth/oauth/token` when the grant is not known from the request: an
 * authorization-code result (with `refresh_token` and `is_new_user`) or a refresh result.
 */
export const TokenResponse = /*#__PURE__*/ Schema.Union([AuthorizationCodeGrantResponse, RefreshGrantResponse])
export type TokenResponse = typeof TokenResponse.Type

/** `POST /auth/password/reset`, `/update`, `/set`: `{"success": true}`. */
export const PasswordChangeResponse = SuccessBody
export type PasswordChangeResponse = typeof PasswordChangeResponse.Type

/** `POST /auth/password/reset/check-code`, `/auth/otp/sign-in/check-code`: `{"is_code_valid": true}`. */
export const CheckCodeResponse = CodeValidBody
export type CheckCodeResponse = typeof CheckCodeResponse.Type

/** `DELETE /auth/sessions/current`: `{"success": true}`. */
export const SignOutResponse = SuccessBody
export type SignOutResponse = typeof SignOutResponse.Type
