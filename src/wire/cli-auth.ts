/**
 * CLI sign-in on the wire: a terminal program creates an attempt (`POST /auth/cli`), opens
 * `{handler}/cli-auth-confirm?login_code=…` in a browser, and polls (`POST /auth/cli/poll`) until
 * the signed-in browser completes it (`POST /auth/cli/complete`), which hands the program a
 * session. Shapes from the service's source (backend 2.8.86).
 */
import * as Schema from "effect/Schema"

/** `POST /auth/cli` body: lifetime (default 2 hours, at most 24) and the CLI's anonymous session, if any. */
export const CliAuthCreate = /*#__PURE__*/ Schema.Struct({
  expires_in_millis: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Finite.check(/*#__PURE__*/ Schema.isLessThanOrEqualTo(86_400_000))),
  anon_refresh_token: /*#__PURE__*/ Schema.optionalKey(Schema.String)
})
export type CliAuthCreate = typeof CliAuthCreate.Type

/** `POST /auth/cli` answer. */
export const CliAuthAttempt = /*#__PURE__*/ Schema.Struct({
  polling_code: Schema.String,
  login_code: Schema.String,
  /** ISO 8601. */
  expires_at: Schema.String
})
export type CliAuthAttempt = typeof CliAuthAttempt.Type

/** `POST /auth/cli/poll` body. */
export const CliAuthPoll = /*#__PURE__*/ Schema.Struct({ polling_code: Schema.String })
export type CliAuthPoll = typeof CliAuthPoll.Type

/** `POST /auth/cli/poll` answer (201 with the refresh token on success, once; 200 otherwise). */
export const CliAuthPollStatus = /*#__PURE__*/ Schema.Struct({
  status: /*#__PURE__*/ Schema.Literals(["waiting", "success", "expired", "used"]),
  refresh_token: /*#__PURE__*/ Schema.optionalKey(Schema.String)
})
export type CliAuthPollStatus = typeof CliAuthPollStatus.Type

/** `POST /auth/cli/complete` body: `check` (default `complete`), `claim-anon-session`, or `complete` with the browser's refresh token. */
export const CliAuthComplete = /*#__PURE__*/ Schema.Struct({
  login_code: Schema.String,
  mode: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Literals(["check", "claim-anon-session", "complete"])),
  refresh_token: /*#__PURE__*/ Schema.optionalKey(Schema.String)
})
export type CliAuthComplete = typeof CliAuthComplete.Type

/** `check` answer: whether the CLI brought an anonymous session. */
export const CliAuthCheck = /*#__PURE__*/ Schema.Struct({ cli_session_state: /*#__PURE__*/ Schema.Literals(["anonymous", "none"]) })
export type CliAuthCheck = typeof CliAuthCheck.Type

/** `claim-anon-session` answer: the CLI's anonymous session, for the browser. */
export const CliAuthClaimed = /*#__PURE__*/ Schema.Struct({ access_token: Schema.String, refresh_token: Schema.String })
export type CliAuthClaimed = typeof CliAuthClaimed.Type
