/**
 * Verification codes: creation, lookup with the server's check order, consumption,
 * and the trusted-redirect-URL check that every e-mailed link goes through.
 *
 * Every flow that mails or hands out a code uses these: e-mail verification, password reset,
 * magic link / OTP, team invitations, MFA attempts, passkey challenges, OAuth authorization codes.
 */
import * as Effect from "effect/Effect"
import { matchesTrustedDomain } from "../urls/trusted-domain.ts"
import {
  MultiFactorAuthenticationRequired,
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound
} from "../errors/catalogue.ts"
import type { Json } from "../wire/common.ts"
import * as Ids from "./ids.ts"
import type { ProjectRecord, StateData, VerificationCodeRecord } from "./state.ts"
import * as Create from "../errors/create.ts"

/** The `type` of each kind of code (one name per flow, so a code of one flow is not found by another). */
export const CodeType = {
  contactChannelVerification: "contact_channel_verification",
  passwordReset: "password_reset",
  otpSignIn: "otp_sign_in",
  teamInvitation: "team_invitation",
  mfaAttempt: "mfa_attempt",
  passkeyRegistration: "passkey_registration_challenge",
  passkeyAuthentication: "passkey_authentication_challenge",
  oauthAuthorizationCode: "oauth_authorization_code",
  oauthOuter: "oauth_outer_flow",
  oauthProviderCode: "oauth_mock_provider_code"
} as const
export type CodeType = typeof CodeType[keyof typeof CodeType]

/** Default code lifetime: 7 days. */
export const defaultCodeLifetimeMillis = 7 * 24 * 60 * 60 * 1000
/** MFA attempt codes live 5 minutes. */
export const mfaAttemptLifetimeMillis = 5 * 60 * 1000
/** Passkey challenges live 65 seconds. */
export const passkeyChallengeLifetimeMillis = 65 * 1000
/** After this many attempts a code (and its OTP siblings) stops working. */
export const maxCodeAttempts = 20

/** Creates and stores a code. */
export const createCode = (
  data: StateData,
  fields: {
    readonly projectId: string
    readonly type: CodeType
    readonly nowMillis: number
    readonly method?: Json | undefined
    readonly data?: Json | undefined
    readonly callbackUrl?: string | null | undefined
    readonly lifetimeMillis?: number | undefined
  }
): VerificationCodeRecord => {
  const record: VerificationCodeRecord = {
    id: Ids.uuid(),
    projectId: fields.projectId,
    type: fields.type,
    code: Ids.secureCode(),
    method: fields.method ?? {},
    data: fields.data ?? {},
    callbackUrl: fields.callbackUrl ?? null,
    createdAtMillis: fields.nowMillis,
    expiresAtMillis: fields.nowMillis + (fields.lifetimeMillis ?? defaultCodeLifetimeMillis),
    usedAtMillis: null,
    attemptCount: 0
  }
  data.verificationCodes[record.id] = record
  return record
}

/** Errors of a code check. */
export type CodeError =
  | VerificationCodeNotFound
  | VerificationCodeExpired
  | VerificationCodeAlreadyUsed
  | VerificationCodeMaxAttemptsReached

/**
 * Looks a code up in the server's order: not found → expired → already used → too many attempts.
 * Every lookup counts as an attempt on all codes sharing the last 39 characters (the OTP nonce).
 * Does not consume the code (see `consumeCode`).
 */
export const checkCode = (
  data: StateData,
  fields: { readonly projectId: string; readonly type: CodeType; readonly code: string; readonly nowMillis: number }
): Effect.Effect<VerificationCodeRecord, CodeError> =>
  Effect.gen(function*() {
    const code = fields.code.toLowerCase()
    const nonce = code.slice(6)
    for (const [id, record] of Object.entries(data.verificationCodes)) {
      if (record.projectId === fields.projectId && record.code.slice(6) === nonce) {
        data.verificationCodes[id] = { ...record, attemptCount: record.attemptCount + 1 }
      }
    }
    const found = Object.values(data.verificationCodes).find((r) =>
      r.projectId === fields.projectId && r.type === fields.type && r.code === code
    )
    if (found === undefined) return yield* Create.VerificationCodeNotFound()
    if (found.expiresAtMillis <= fields.nowMillis) return yield* Create.VerificationCodeExpired()
    if (found.usedAtMillis !== null) return yield* Create.VerificationCodeAlreadyUsed()
    if (found.attemptCount > maxCodeAttempts) return yield* Create.VerificationCodeMaxAttemptsReached()
    return found
  })

/** Marks a code used (consuming endpoints do this right after `checkCode`, before their own logic). */
export const consumeCode = (data: StateData, record: VerificationCodeRecord, nowMillis: number): void => {
  data.verificationCodes[record.id] = { ...record, usedAtMillis: nowMillis }
}

/**
 * The MULTI_FACTOR_AUTHENTICATION_REQUIRED error of a sign-in whose user has TOTP: creates the
 * 5-minute attempt code that `POST /auth/mfa/sign-in` consumes (`data: {user_id, is_new_user}`).
 */
export const mfaRequired = (
  data: StateData,
  fields: { readonly projectId: string; readonly userId: string; readonly isNewUser: boolean; readonly nowMillis: number }
): MultiFactorAuthenticationRequired => {
  const record = createCode(data, {
    projectId: fields.projectId,
    type: CodeType.mfaAttempt,
    nowMillis: fields.nowMillis,
    data: { user_id: fields.userId, is_new_user: fields.isNewUser },
    lifetimeMillis: mfaAttemptLifetimeMillis
  })
  return Create.MultiFactorAuthenticationRequired({ attempt_code: record.code })
}

/**
 * The trusted-redirect check: the URL must parse; localhost, `*.localhost` and
 * `127.x.x.x` pass when the project allows localhost; otherwise a configured domain must have the
 * same protocol and hostname, and the URL's path must start with the domain's path (ports ignored).
 */
export const isRedirectUrlTrusted = (project: ProjectRecord, url: string): boolean => {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  const host = parsed.hostname
  if (project.config.allowLocalhost && (host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host))) {
    return true
  }
  return project.config.domains.some((domain) => {
    // Domains set as `domains.trustedDomains` (today's config) and wildcard patterns match like
    // the service: protocol, host (with wildcards) and port, not the path.
    if (domain.domain.includes("*") || domain.trustedDomainId !== undefined) return matchesTrustedDomain(parsed, domain.domain)
    try {
      const trusted = new URL(domain.domain)
      return trusted.protocol === parsed.protocol && trusted.hostname === host &&
        parsed.pathname.startsWith(trusted.pathname === "/" ? "/" : trusted.pathname)
    } catch {
      return false
    }
  })
}
