/**
 * Magic links and one-time codes. One 45-character code per e-mail: the link
 * carries it whole; the e-mail also shows its first six characters (upper-cased), which with the
 * 39-character nonce returned by the send call make the same code.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  RedirectUrlNotWhitelisted,
  SignUpNotEnabled,
  UserWithEmailAlreadyExists
} from "../../errors/catalogue.ts"
import { CodeValidBody } from "../../wire/common.ts"
import { OtpSendSignInCodeBody, OtpSendSignInCodeResponse, OtpSignInBody } from "../../wire/auth.ts"
import { createOrUpgradeUser } from "../accounts.ts"
import { checkCode, CodeType, consumeCode, createCode, isRedirectUrlTrusted } from "../codes.ts"
import { escapeHtml, linkWithCode, sendEmail } from "../outbox.ts"
import * as Reply from "../reply.ts"
import { withBotChallenge } from "../bot-challenge.ts"
import { defineRoute } from "../router.ts"
import { authChannelByEmail, type StateData } from "../state.ts"
import { finishSignIn, requestCountry } from "../sign-in.ts"
import { checkSignUpRules, restrictBySignUpRule } from "../sign-up-rules.ts"
import * as Create from "../../errors/create.ts"

/** What a sign-in code remembers: the address, and the account it signs into (none: sign up). */
const OtpData = Schema.Struct({
  email: Schema.String,
  user_id: Schema.NullOr(Schema.String),
  /** The country of the request that asked for the code: a new account signs up from there. */
  country_code: Schema.optionalKey(Schema.NullOr(Schema.String))
})

const magicLinkDisabled = () => Reply.textError(403, "OTP sign-in is not enabled for this project")

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/auth/otp/send-sign-in-code",
    access: ["client", "server", "admin"],
    body: withBotChallenge(OtpSendSignInCodeBody),
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const project = ctx.auth.project
      if (!project.config.magicLinkEnabled) return yield* magicLinkDisabled()
      const email = ctx.body.email.trim()
      const channel = authChannelByEmail(data, project.id, email)
      if (channel !== undefined && !channel.isVerified) {
        return yield* Create.UserWithEmailAlreadyExists({ email, would_work_if_email_was_verified: true })
      }
      if (channel === undefined && !project.config.signUpEnabled) return yield* Create.SignUpNotEnabled()
      if (!isRedirectUrlTrusted(project, ctx.body.callback_url)) return yield* Create.RedirectUrlNotWhitelisted()
      const record = createCode(data, {
        projectId: project.id,
        type: CodeType.otpSignIn,
        nowMillis: ctx.now,
        method: { email },
        data: { email, user_id: channel?.userId ?? null, country_code: requestCountry(ctx.request.headers) },
        callbackUrl: ctx.body.callback_url
      })
      const otp = record.code.slice(0, 6).toUpperCase()
      const link = linkWithCode(ctx.body.callback_url, record.code)
      sendEmail(data, {
        projectId: project.id,
        to: email,
        subject: `Sign in to ${project.displayName}: your code is ${otp}`,
        text: `Your sign-in code for ${project.displayName} is ${otp}.\n\nOr open this link to sign in:\n\n${link}`,
        // The code stands in a paragraph of its own, as in the service's template (clients pick it out).
        html: `<p>Your sign-in code for ${escapeHtml(project.displayName)} is:</p><p>${otp}</p>` +
          `<p>Or <a href="${escapeHtml(link)}">open this link to sign in</a>.</p>`,
        code: record.code,
        link
      }, ctx.now)
      return yield* Reply.json(OtpSendSignInCodeResponse, { nonce: record.code.slice(6) })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/otp/sign-in",
    access: ["client", "server", "admin"],
    body: OtpSignInBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const project = ctx.auth.project
      const record = yield* checkCode(data, { projectId: project.id, type: CodeType.otpSignIn, code: ctx.body.code, nowMillis: ctx.now })
      consumeCode(data, record, ctx.now)
      const remembered = Schema.decodeUnknownOption(OtpData)(record.data)
      if (remembered._tag === "None") return yield* Effect.die(new Error("OTP code without its data"))
      const { email } = remembered.value
      const holder = authChannelByEmail(data, project.id, email)
      // The service checks the address again (`ensureUserForEmailAllowsOtp`): an account that got it
      // unverified meanwhile blocks the code, and a new account needs sign-up still enabled.
      if (holder !== undefined && !holder.isVerified) {
        return yield* Create.UserWithEmailAlreadyExists({ email, would_work_if_email_was_verified: true })
      }
      if (holder === undefined && !project.config.signUpEnabled) return yield* Create.SignUpNotEnabled()
      let user = holder === undefined ? undefined : data.users[holder.userId]
      const isNewUser = user === undefined
      if (user === undefined) {
        if (remembered.value.user_id !== null) {
          // The account the code was for no longer signs in with this address: another got it first.
          return yield* Create.UserWithEmailAlreadyExists({ email, would_work_if_email_was_verified: false })
        }
        const decision = yield* checkSignUpRules(data, project.id, {
          email,
          authMethod: "otp",
          countryCode: remembered.value.country_code ?? null
        })
        // An anonymous caller is upgraded in place, keeping its id.
        const caller = ctx.auth.user === undefined ? undefined : data.users[ctx.auth.user.id]
        user = restrictBySignUpRule(data, createOrUpgradeUser(data, project, caller, {
          primaryEmail: email,
          primaryEmailVerified: true,
          primaryEmailAuthEnabled: true,
          otpAuthEnabled: true,
          countryCode: remembered.value.country_code ?? null
        }, ctx.now), decision)
      } else {
        // Signing in by code turns OTP sign-in on for the account.
        if (!user.otpAuthEnabled) {
          user = { ...user, otpAuthEnabled: true }
          data.users[user.id] = user
        }
      }
      return yield* finishSignIn(ctx.env, user, ctx.now, { isNewUser, reportNewUser: true })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/otp/sign-in/check-code",
    access: ["client", "server", "admin"],
    body: OtpSignInBody,
    handler: Effect.fnUntraced(function*(ctx) {
      yield* checkCode(ctx.data, { projectId: ctx.auth.project.id, type: CodeType.otpSignIn, code: ctx.body.code, nowMillis: ctx.now })
      return yield* Reply.json(CodeValidBody, { is_code_valid: true })
    })
  })
]
