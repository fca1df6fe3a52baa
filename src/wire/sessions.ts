/**
 * A user's sessions (refresh tokens) on the wire: `GET /auth/sessions?user_id=` lists them (client:
 * its own user only; impersonation sessions for admins only), `DELETE /auth/sessions/{id}?user_id=`
 * revokes one that is not the current one. Shapes from the service's source (backend 2.8.86).
 */
import * as Schema from "effect/Schema"
import { ListOf } from "./common.ts"
import { UserIdOrMe, Uuid } from "./teams.ts"

/** Where a session was last used from, when the service knows it. */
export const SessionIpInfo = /*#__PURE__*/ Schema.Struct({
  ip: Schema.String,
  is_trusted: Schema.Boolean,
  country_code: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  region_code: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  city_name: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  latitude: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.Number)),
  longitude: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.Number)),
  tz_identifier: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String))
})
export type SessionIpInfo = typeof SessionIpInfo.Type

/** One session of a user. Times are milliseconds since the epoch. */
export const Session = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  user_id: Schema.String,
  created_at: Schema.Number,
  last_used_at: Schema.Number,
  is_impersonation: Schema.Boolean,
  /** Whether this is the session of the access token that made the request. */
  is_current_session: Schema.Boolean,
  last_used_at_end_user_ip_info: /*#__PURE__*/ Schema.optionalKey(SessionIpInfo)
})
export type Session = typeof Session.Type

/** `GET /auth/sessions`: newest first, never paginated. */
export const SessionList = /*#__PURE__*/ ListOf(Session)
export type SessionList = typeof SessionList.Type

/** The query of both routes: whose sessions (`me` for the signed-in user). */
export const SessionsQuery = /*#__PURE__*/ Schema.Struct({ user_id: UserIdOrMe })
export type SessionsQuery = typeof SessionsQuery.Type

/** `DELETE /auth/sessions/{id}` path parameters. */
export const SessionParams = /*#__PURE__*/ Schema.Struct({ id: Uuid })
export type SessionParams = typeof SessionParams.Type
