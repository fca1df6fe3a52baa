/**
 * Password reset, update and set, and anonymous sign-up (current service).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  PasswordAuthenticationNotEnabled,
  PasswordConfirmationMismatch,
  RedirectUrlNotWhitelisted,
  UserDoesNotHavePassword
} from "../../errors/catalogue.ts"
import { CodeValidBody } from "../../wire/common.ts"
import {
  PasswordResetBody,
  PasswordSetBody,
  PasswordUpdateBody,
  SendResetCodeBody,
  SendResetCodeResponse
} from "../../wire/auth.ts"
import { CodeBody } from "../../wire/teams.ts"
import { createUser } from "../accounts.ts"
import { checkCode, CodeType, consumeCode, createCode, isRedirectUrlTrusted } from "../codes.ts"
import { linkWithCode, sendEmail } from "../outbox.ts"
import { hashPassword, verifyPassword } from "../passwords.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import { authChannelByEmail, type StateData, type UserRecord } from "../state.ts"
import { finishSignIn } from "../sign-in.ts"
import { passwordError } from "./password.ts"
import * as Create from "../../errors/create.ts"

const ResetData = Schema.Struct({ user_id: Schema.String })

/** Replaces the password; ends every session of the user except `keep` (a refresh token). */
const setPassword = (data: StateData, user: UserRecord, passwordHash: string, keep?: string) => {
  data.users[user.id] = { ...user, passwordHash }
  for (const [id, session] of Object.entries(data.refreshTokens)) {
    if (session.userId === user.id && session.token !== keep) delete data.refreshTokens[id]
  }
}

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/auth/password/send-reset-code",
    access: ["client", "server", "admin"],
    body: SendResetCodeBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const project = ctx.auth.project
      if (!project.config.credentialEnabled) return yield* Create.PasswordAuthenticationNotEnabled()
      const channel = authChannelByEmail(data, project.id, ctx.body.email)
      // Unknown addresses get the same answer and no e-mail, so the endpoint tells nothing.
      if (channel !== undefined) {
        if (!isRedirectUrlTrusted(project, ctx.body.callback_url)) return yield* Create.RedirectUrlNotWhitelisted()
        const record = createCode(data, {
          projectId: project.id,
          type: CodeType.passwordReset,
          nowMillis: ctx.now,
          method: { email: channel.value },
          data: { user_id: channel.userId },
          callbackUrl: ctx.body.callback_url
        })
        const link = linkWithCode(ctx.body.callback_url, record.code)
        sendEmail(data, {
          projectId: project.id,
          to: channel.value,
          subject: `Reset your password at ${project.displayName}`,
          text: `Someone asked to reset your password at ${project.displayName}. Open this link to choose a new one:\n\n${link}`,
          code: record.code,
          link
        }, ctx.now)
      }
      return yield* Reply.json(SendResetCodeResponse, { success: "maybe, only if user with e-mail exists" })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/password/reset/check-code",
    access: ["client", "server", "admin"],
    body: CodeBody,
    handler: Effect.fnUntraced(function*(ctx) {
      yield* checkCode(ctx.data, { projectId: ctx.auth.project.id, type: CodeType.passwordReset, code: ctx.body.code, nowMillis: ctx.now })
      return yield* Reply.json(CodeValidBody, { is_code_valid: true })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/password/reset",
    access: ["client", "server", "admin"],
    body: PasswordResetBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const project = ctx.auth.project
      const record = yield* checkCode(data, { projectId: project.id, type: CodeType.passwordReset, code: ctx.body.code, nowMillis: ctx.now })
      // The server consumes the code before checking the password.
      consumeCode(data, record, ctx.now)
      if (!project.config.credentialEnabled) return yield* Create.PasswordAuthenticationNotEnabled()
      const weak = passwordError(ctx.body.password)
      if (weak !== undefined) return yield* weak
      const target = Schema.decodeUnknownOption(ResetData)(record.data)
      const user = target._tag === "Some" ? data.users[target.value.user_id] : undefined
      if (user !== undefined) setPassword(data, user, yield* hashPassword(ctx.body.password))
      return yield* Reply.success
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/password/update",
    access: ["client", "server", "admin"],
    user: "required",
    body: PasswordUpdateBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      if (!ctx.auth.project.config.credentialEnabled) return yield* Create.PasswordAuthenticationNotEnabled()
      const weak = passwordError(ctx.body.new_password)
      if (weak !== undefined) return yield* weak
      if (ctx.user.passwordHash === null) return yield* Create.UserDoesNotHavePassword()
      if (!(yield* verifyPassword(ctx.body.old_password, ctx.user.passwordHash))) return yield* Create.PasswordConfirmationMismatch()
      const keep = ctx.request.headers.get("x-stack-refresh-token") ?? undefined
      setPassword(data, ctx.user, yield* hashPassword(ctx.body.new_password), keep)
      return yield* Reply.success
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/password/set",
    access: ["client", "server", "admin"],
    user: "required",
    body: PasswordSetBody,
    handler: Effect.fnUntraced(function*(ctx) {
      if (!ctx.auth.project.config.credentialEnabled) return yield* Create.PasswordAuthenticationNotEnabled()
      const weak = passwordError(ctx.body.password)
      if (weak !== undefined) return yield* weak
      if (ctx.user.passwordHash !== null) return yield* Reply.textError(400, "User already has a password set.")
      ctx.data.users[ctx.user.id] = { ...ctx.user, passwordHash: yield* hashPassword(ctx.body.password) }
      return yield* Reply.success
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/anonymous/sign-up",
    access: ["client", "server", "admin"],
    // The service declares no body here: whatever is sent (or nothing) is ignored.
    handler: Effect.fnUntraced(function*(ctx) {
      const user = createUser(ctx.data, ctx.auth.project, { isAnonymous: true }, ctx.now)
      return yield* finishSignIn(ctx.env, user, ctx.now, { isNewUser: true, reportNewUser: false })
    })
  })
]
