/**
 * Session models (camelCase), derived from the wire schemas of ../wire/sessions.ts: one of a user's
 * sessions (refresh tokens), as the account-settings page lists them.
 */
import { ListOf } from "../wire/common.ts"
import * as Wire from "../wire/sessions.ts"
import { camelize } from "./camel.ts"

/** `{id, userId, createdAt, lastUsedAt, isImpersonation, isCurrentSession, lastUsedAtEndUserIpInfo?}` (times in ms). */
export const UserSession = /*#__PURE__*/ camelize(Wire.Session)
export type UserSession = typeof UserSession.Type

/** `GET /auth/sessions`. */
export const UserSessionList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(UserSession))
export type UserSessionList = typeof UserSessionList.Type
