/**
 * Signing a terminal program in through the browser (official: `promptCliLogin`, and the kit's
 * `/handler/cli-auth-confirm` page, `CliAuthConfirmation`).
 *
 * The program calls `promptCliLogin({ appUrl, onUrl })`: an attempt is created, `onUrl` receives
 * `{appUrl}/handler/cli-auth-confirm?login_code=…` to print or open, and the program polls (every
 * `pollIntervalMillis`, on the Clock) until the user, signed in in that browser, approves with
 * `completeCliLogin(loginCode)`. The program's session then holds the browser's refresh token.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { InvalidPollingCodeError } from "../errors/catalogue.ts"
import * as Create from "../errors/create.ts"
import { CliAuthAttempt, CliAuthCheck, CliAuthPollStatus } from "../wire/cli-auth.ts"
import { SuccessBody } from "../wire/common.ts"
import { StackClientCore } from "./context.ts"
import { clientEndpoint } from "./runtime.ts"
import { UserNotSignedIn } from "./not-signed-in.ts"
import { readCliAuthAttempt, readCliAuthCheck, readCliAuthPollStatus, readSuccessBody } from "../model/generated/readers.ts"

/** Options of `promptCliLogin`. */
export interface PromptCliLoginOptions {
  /** The app whose `/handler/cli-auth-confirm` page approves the sign-in (e.g. `https://example.com`). */
  readonly appUrl: string
  /** Receives the URL to open; print it, or open a browser. */
  readonly onUrl: (url: string) => Effect.Effect<void>
  /** How long the attempt stays valid (default 2 hours, at most 24). */
  readonly expiresInMillis?: number | undefined
  /** Between polls (default 2 seconds). */
  readonly pollIntervalMillis?: number | undefined
}

/** The confirmation page's URL for a login code. */
export const cliAuthConfirmUrl = (appUrl: string, loginCode: string): string => {
  const url = new URL("handler/cli-auth-confirm", appUrl.endsWith("/") ? appUrl : `${appUrl}/`)
  url.searchParams.set("login_code", loginCode)
  return url.toString()
}

/**
 * Signs this program in through a browser: resolves once the user approved (the session then
 * holds the browser's refresh token), or fails with `CliAuthExpiredError` / `CliAuthUsedError`.
 */
export const promptCliLogin = /*#__PURE__*/ Effect.fnUntraced(function*(options: PromptCliLoginOptions) {
  const { runtime, session } = yield* StackClientCore
  const attempt = yield* runtime.anonymous(
    clientEndpoint("POST", "/auth/cli", readCliAuthAttempt, [], {
      body: options.expiresInMillis === undefined ? {} : { expires_in_millis: options.expiresInMillis }
    })
  )
  yield* options.onUrl(cliAuthConfirmUrl(options.appUrl, attempt.login_code))
  const interval = Duration.millis(options.pollIntervalMillis ?? 2_000)
  while (true) {
    const status = yield* runtime.anonymous(
      clientEndpoint("POST", "/auth/cli/poll", readCliAuthPollStatus, [InvalidPollingCodeError], { body: { polling_code: attempt.polling_code } })
    )
    if (status.status === "success" && status.refresh_token !== undefined) {
      yield* Effect.orDie(session.setTokens({ accessToken: null, refreshToken: status.refresh_token }))
      return { expiresAt: attempt.expires_at }
    }
    if (status.status === "expired") return yield* Create.CliAuthExpiredError()
    if (status.status === "used") return yield* Create.CliAuthUsedError()
    yield* Effect.sleep(interval)
  }
})

/** The signed-in browser's refresh token, or `UserNotSignedIn`. */
const browserRefreshToken = Effect.gen(function*() {
  const { session } = yield* StackClientCore
  const stored = yield* session.stored
  if (stored.refreshToken._tag === "None") {
    return yield* new UserNotSignedIn({ message: "Sign in before approving a CLI sign-in" })
  }
  return Redacted.value(stored.refreshToken.value)
})

/**
 * Approves a CLI sign-in from the signed-in browser (the confirmation page): the program polling
 * with this code receives a session of this user. An unknown, expired or already used code is a
 * 400 status error.
 */
export const completeCliLogin = /*#__PURE__*/ Effect.fnUntraced(function*(loginCode: string) {
  const { runtime } = yield* StackClientCore
  const refreshToken = yield* browserRefreshToken
  yield* runtime.anonymous(
    clientEndpoint("POST", "/auth/cli/complete", readSuccessBody, [], {
      body: { login_code: loginCode, mode: "complete", refresh_token: refreshToken }
    })
  )
})

/** Whether a login code is still pending, and whether the program brought an anonymous session (`"anonymous"` | `"none"`). */
export const checkCliLogin = /*#__PURE__*/ Effect.fnUntraced(function*(loginCode: string) {
  const { runtime } = yield* StackClientCore
  const answer = yield* runtime.anonymous(
    clientEndpoint("POST", "/auth/cli/complete", readCliAuthCheck, [], { body: { login_code: loginCode, mode: "check" } })
  )
  return answer.cli_session_state
})

/** Every operation of this module, for the StackClient object. */
export const cliAuthOperations = { promptCliLogin, completeCliLogin, checkCliLogin }
