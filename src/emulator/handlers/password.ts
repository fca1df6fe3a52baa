/**
 * Password sign-up and sign-in (the current order of checks).
 *
 * Sign-up: password auth enabled → callback URL trusted (no user is created otherwise) → sign-up
 * enabled → password strength → e-mail unique → create user → verification e-mail to the outbox →
 * MFA → tokens.
 */
import * as Effect from "effect/Effect"
import {
  EmailPasswordMismatch,
  PasswordAuthenticationNotEnabled,
  PasswordTooLong,
  PasswordTooShort,
  RedirectUrlNotWhitelisted,
  SignUpNotEnabled,
  UserWithEmailAlreadyExists
} from "../../errors/catalogue.ts"
import { createOrUpgradeUser, sendVerificationEmail } from "../accounts.ts"
import { isRedirectUrlTrusted } from "../codes.ts"
import { hashPassword, verifyPassword } from "../passwords.ts"
import { withBotChallenge } from "../bot-challenge.ts"
import { defineRoute } from "../router.ts"
import { authChannelByEmail, normalizeEmail, outsideLock } from "../state.ts"
import { finishSignIn, requestCountry } from "../sign-in.ts"
import { PasswordSignInBody, PasswordSignUpBody } from "../../wire/auth.ts"
import { checkSignUpRules, restrictBySignUpRule } from "../sign-up-rules.ts"
import * as Create from "../../errors/create.ts"

/** Password rules of the server (`getPasswordError`). */
export const passwordMinLength = 8
export const passwordMaxLength = 256

/** The PASSWORD_REQUIREMENTS_NOT_MET error of a password, if any. */
export const passwordError = (password: string): PasswordTooShort | PasswordTooLong | undefined =>
  password.length < passwordMinLength
    ? Create.PasswordTooShort({ min_length: passwordMinLength })
    : password.length > passwordMaxLength
    ? Create.PasswordTooLong({ maxLength: passwordMaxLength })
    : undefined

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/auth/password/sign-up",
    access: ["client", "server", "admin"],
    body: withBotChallenge(PasswordSignUpBody),
    handler: Effect.fnUntraced(function*(ctx) {
      const project = ctx.auth.project
      const { email, password, verification_callback_url: callbackUrl } = ctx.body
      if (!project.config.credentialEnabled) return yield* Create.PasswordAuthenticationNotEnabled()
      if (callbackUrl !== undefined && !isRedirectUrlTrusted(project, callbackUrl)) {
        return yield* Create.RedirectUrlNotWhitelisted()
      }
      if (!project.config.signUpEnabled) return yield* Create.SignUpNotEnabled()
      const weak = passwordError(password)
      if (weak !== undefined) return yield* weak
      if (authChannelByEmail(ctx.data, project.id, email) !== undefined) {
        return yield* Create.UserWithEmailAlreadyExists({ email: normalizeEmail(email), would_work_if_email_was_verified: false })
      }
      // The KDF runs outside the state lock (other requests proceed meanwhile), so what was
      // checked before it is checked again after it.
      const passwordHash = yield* outsideLock(ctx.env.store, hashPassword(password))
      if (authChannelByEmail(ctx.data, project.id, email) !== undefined) {
        return yield* Create.UserWithEmailAlreadyExists({ email: normalizeEmail(email), would_work_if_email_was_verified: false })
      }
      const decision = yield* checkSignUpRules(ctx.data, project.id, {
        email,
        authMethod: "password",
        countryCode: requestCountry(ctx.request.headers)
      })
      // An anonymous caller is upgraded in place (current server: `createOrUpgradeAnonymousUser`).
      const caller = ctx.auth.user === undefined ? undefined : ctx.data.users[ctx.auth.user.id]
      const created = createOrUpgradeUser(ctx.data, project, caller, {
        primaryEmail: email,
        primaryEmailVerified: false,
        primaryEmailAuthEnabled: true,
        passwordHash,
        countryCode: requestCountry(ctx.request.headers)
      }, ctx.now)
      const user = restrictBySignUpRule(ctx.data, created, decision)
      if (callbackUrl !== undefined) {
        sendVerificationEmail(ctx.data, { project, user, email, callbackUrl, nowMillis: ctx.now })
      }
      return yield* finishSignIn(ctx.env, user, ctx.now, { isNewUser: true, reportNewUser: false })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/password/sign-in",
    access: ["client", "server", "admin"],
    body: withBotChallenge(PasswordSignInBody),
    handler: Effect.fnUntraced(function*(ctx) {
      const project = ctx.auth.project
      if (!project.config.credentialEnabled) return yield* Create.PasswordAuthenticationNotEnabled()
      const channel = authChannelByEmail(ctx.data, project.id, ctx.body.email)
      const user = channel === undefined ? undefined : ctx.data.users[channel.userId]
      // The KDF runs even for unknown e-mails, like the server (no timing oracle), and outside the
      // state lock; the user is read again after it (it may have been deleted meanwhile).
      const matches = yield* outsideLock(ctx.env.store, verifyPassword(ctx.body.password, user?.passwordHash ?? null))
      const still = user === undefined ? undefined : ctx.data.users[user.id]
      if (!matches || still === undefined || still.passwordHash !== user?.passwordHash) return yield* Create.EmailPasswordMismatch()
      return yield* finishSignIn(ctx.env, still, ctx.now, { isNewUser: false, reportNewUser: false })
    })
  })
]
