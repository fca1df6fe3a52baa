/**
 * The signed-in user's sessions: list them (newest first, the current one marked) and end one that
 * is not the current one (sign out for that: `signOut`).
 */
import * as Effect from "effect/Effect"
import { CannotDeleteCurrentSession, CannotGetOwnUserWithoutUser } from "../errors/catalogue.ts"
import { segment } from "../http/endpoint.ts"
import { UserSessionList } from "../model/sessions.ts"
import { SuccessBody } from "../wire/common.ts"
import { StackClientCore } from "./context.ts"
import { clientEndpoint } from "./runtime.ts"
import { readSuccessBody, readUserSessionList } from "../model/generated/readers.ts"

const listErrors = [CannotGetOwnUserWithoutUser] as const
const revokeErrors = [CannotGetOwnUserWithoutUser, CannotDeleteCurrentSession] as const

/** The signed-in user's sessions, newest first; `isCurrentSession` marks this one. */
export const listSessions = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const { runtime } = yield* StackClientCore
  const list = yield* runtime.withSession(
    clientEndpoint("GET", "/auth/sessions", readUserSessionList, listErrors, { query: [["user_id", "me"]] })
  )
  return list.items
})

/**
 * Ends another session of the signed-in user (its refresh token stops working; access tokens it
 * already has run out on their own). The current session is `CannotDeleteCurrentSession`; an
 * unknown id is a 404 status error.
 */
export const revokeSession = /*#__PURE__*/ Effect.fnUntraced(function*(sessionId: string) {
  const { runtime } = yield* StackClientCore
  yield* runtime.withSession(
    clientEndpoint("DELETE", `/auth/sessions/${segment(sessionId)}`, readSuccessBody, revokeErrors, { query: [["user_id", "me"]] })
  )
})

/** Every operation of this module, for the StackClient object. */
export const sessionsOperations = { listSessions, revokeSession }
