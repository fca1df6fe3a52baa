/**
 * Sign-in models (camelCase), derived from the wire schemas of ../wire/auth.ts: the tokens each
 * sign-in answers with and the inputs of the password, magic-link and account calls. One module, so
 * the generated readers and writers (generated/readers.ts) and the operations name the same schemas.
 */
import {
  AuthorizationCodeGrantResponse,
  CodeSignInResponse,
  OtpSendSignInCodeBody,
  OtpSendSignInCodeResponse,
  OtpSignInBody,
  PasswordResetBody,
  PasswordSetBody,
  PasswordSignInBody,
  PasswordSignInResponse,
  PasswordSignUpBody,
  PasswordUpdateBody,
  RefreshGrantResponse,
  SendResetCodeBody
} from "../wire/auth.ts"
import { camelize } from "./camel.ts"

// =============================================================================
// Responses
// =============================================================================

/** Password sign-in and sign-up, anonymous sign-up: `{accessToken, refreshToken, userId}`. */
export const PasswordSignInTokens = /*#__PURE__*/ camelize(PasswordSignInResponse)
export type PasswordSignInTokens = typeof PasswordSignInTokens.Type

/** OTP, MFA and passkey sign-in: the password result plus `isNewUser`. */
export const CodeSignInTokens = /*#__PURE__*/ camelize(CodeSignInResponse)
export type CodeSignInTokens = typeof CodeSignInTokens.Type

/** The OAuth token endpoint's answer to an authorization code. */
export const AuthorizationCodeTokens = /*#__PURE__*/ camelize(AuthorizationCodeGrantResponse)
export type AuthorizationCodeTokens = typeof AuthorizationCodeTokens.Type

/** The OAuth token endpoint's answer to a refresh grant (a new access token). */
export const RefreshGrantTokens = /*#__PURE__*/ camelize(RefreshGrantResponse)
export type RefreshGrantTokens = typeof RefreshGrantTokens.Type

/** `POST /auth/otp/send-sign-in-code` result: `{nonce}`. */
export const MagicLinkSent = /*#__PURE__*/ camelize(OtpSendSignInCodeResponse)
export type MagicLinkSent = typeof MagicLinkSent.Type

// =============================================================================
// Inputs
// =============================================================================

/** Input of `signUpWithPassword`. */
export const PasswordSignUpInput = /*#__PURE__*/ camelize(PasswordSignUpBody)
export type PasswordSignUpInput = typeof PasswordSignUpInput.Type
/** Input of `signInWithPassword`. */
export const PasswordSignInInput = /*#__PURE__*/ camelize(PasswordSignInBody)
export type PasswordSignInInput = typeof PasswordSignInInput.Type
/** Input of `sendForgotPasswordEmail`. */
export const ForgotPasswordInput = /*#__PURE__*/ camelize(SendResetCodeBody)
export type ForgotPasswordInput = typeof ForgotPasswordInput.Type
/** Input of `resetPassword`. */
export const ResetPasswordInput = /*#__PURE__*/ camelize(PasswordResetBody)
export type ResetPasswordInput = typeof ResetPasswordInput.Type
/** Input of `updatePassword`. */
export const UpdatePasswordInput = /*#__PURE__*/ camelize(PasswordUpdateBody)
export type UpdatePasswordInput = typeof UpdatePasswordInput.Type
/** Input of `setPassword`. */
export const SetPasswordInput = /*#__PURE__*/ camelize(PasswordSetBody)
export type SetPasswordInput = typeof SetPasswordInput.Type
/** Input of `sendMagicLinkEmail`. */
export const MagicLinkInput = /*#__PURE__*/ camelize(OtpSendSignInCodeBody)
export type MagicLinkInput = typeof MagicLinkInput.Type
/** `{code}` of a magic link (or OTP + nonce), as `signInWithMagicLink` sends it. */
export const SignInCodeInput = /*#__PURE__*/ camelize(OtpSignInBody)
export type SignInCodeInput = typeof SignInCodeInput.Type
