/**
 * Completing a sign-in that needed a second factor: the 5-minute attempt code
 * of MULTI_FACTOR_AUTHENTICATION_REQUIRED plus the user's current TOTP.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { InvalidTotpCode } from "../../errors/catalogue.ts"
import { MfaSignInBody } from "../../wire/auth.ts"
import { checkCode, CodeType, consumeCode } from "../codes.ts"
import { defineRoute } from "../router.ts"
import type { StateData } from "../state.ts"
import { finishSignIn } from "../sign-in.ts"
import { isValidTotp } from "../totp.ts"
import * as Create from "../../errors/create.ts"

const AttemptData = Schema.Struct({ user_id: Schema.String, is_new_user: Schema.Boolean })

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/auth/mfa/sign-in",
    access: ["client", "server", "admin"],
    body: MfaSignInBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const record = yield* checkCode(data, { projectId: ctx.auth.project.id, type: CodeType.mfaAttempt, code: ctx.body.code, nowMillis: ctx.now })
      const attempt = Schema.decodeUnknownOption(AttemptData)(record.data)
      const user = attempt._tag === "Some" ? data.users[attempt.value.user_id] : undefined
      if (attempt._tag === "None" || user === undefined) return yield* Effect.die(new Error("MFA attempt without its user"))
      // A wrong TOTP counts as an attempt (checkCode did) and leaves the code usable.
      if (user.totpSecretBase64 === null || !isValidTotp(user.totpSecretBase64, ctx.body.totp, ctx.now)) {
        return yield* Create.InvalidTotpCode()
      }
      consumeCode(data, record, ctx.now)
      return yield* finishSignIn(ctx.env, user, ctx.now, { isNewUser: attempt.value.is_new_user, reportNewUser: true, skipMfa: true })
    })
  })
]
