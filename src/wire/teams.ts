/**
 * Teams on the wire: `GET|POST /teams`, `GET|PATCH|DELETE /teams/{team_id}`.
 *
 * Also home of the request-side id and format checks shared by the user and team resources: users.ts
 * depends on this module (a user carries its selected team), so they cannot live there without an
 * import cycle.
 */
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { Json, ListOf, Millis, extendStruct } from "./common.ts"
import { isUrlText, isUserIdOrMe } from "./field-checks.ts"

// =============================================================================
// Request-side field checks
// =============================================================================

/** A UUID, as the server requires for every id it did not mint as `me` (`... must be a valid UUID`). */
export const Uuid = /*#__PURE__*/ Schema.String.check(/*#__PURE__*/ Schema.isUUID())

/** A user id in a request: a UUID, or `me` for the signed-in user. */
export const UserIdOrMe = /*#__PURE__*/ Schema.String.check(
  /*#__PURE__*/ Schema.makeFilter(isUserIdOrMe, { expected: "a UUID or \"me\"", readerCheck: "isUserIdOrMe" })
)

/** An absolute URL without spaces (callback URLs), as the server's `urlSchema` checks it. */
export const Url = /*#__PURE__*/ Schema.String.check(
  /*#__PURE__*/ Schema.makeFilter(isUrlText, { expected: "a URL", readerCheck: "isUrlText" })
)

/**
 * A profile image URL as the server's `urlSchema` checks it (no spaces, parses as a URL: `data:`
 * images do), at most 1 000 000 characters; an empty string is `... is not a valid URL` (use `null`
 * to remove the image).
 */
export const ProfileImageUrl = /*#__PURE__*/ Schema.String.check(
  /*#__PURE__*/ Schema.isMaxLength(1_000_000),
  /*#__PURE__*/ Schema.makeFilter(isUrlText, { expected: "a URL", readerCheck: "isUrlText" })
)

/**
 * An e-mail address as the server's `e-mail` fields accept it (yup's `email()` pattern). Checked
 * here so a typo fails before the round trip, with the same verdict the server would give.
 */
export const Email = /*#__PURE__*/ Schema.String.check(
  // An empty address is reported as such (`... must not be empty`), like the service.
  /*#__PURE__*/ Schema.isMinLength(1),
  /*#__PURE__*/ Schema.isPattern(
    /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/,
    { expected: "an e-mail address" }
  )
)

/** The stricter e-mail of sign-up-like fields: the domain needs a dot and a 2+ character TLD. */
export const StrictEmail = /*#__PURE__*/ Email.check(
  /*#__PURE__*/ Schema.isPattern(/^.*@.*\.[^.][^.]+$/, { expected: "an e-mail address with a dot in the domain" })
)

/** A 45-character verification code (links, invitations); the server rejects any other length. */
export const VerificationCode = /*#__PURE__*/ Schema.String.check(/*#__PURE__*/ Schema.isBetweenLength(45, 45))

/** `{"code": "<45 chars>"}`: the body of every endpoint that checks or consumes a code. */
export const CodeBody = /*#__PURE__*/ Schema.Struct({ code: VerificationCode })
export type CodeBody = typeof CodeBody.Type

/** A boolean query parameter: `"true"` / `"false"` on the wire, a boolean once decoded. */
export const BooleanQuery = /*#__PURE__*/ Schema.Literals(["true", "false"]).pipe(
  /*#__PURE__*/ Schema.decodeTo(
    Schema.Boolean,
    /*#__PURE__*/ SchemaTransformation.transform({
      decode: (s: "true" | "false") => s === "true",
      encode: (b: boolean): "true" | "false" => (b ? "true" : "false")
    })
  )
)

// =============================================================================
// Responses
// =============================================================================

/** `ClientTeam`: what client access sees of a team. */
export const ClientTeam = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  display_name: Schema.String,
  profile_image_url: /*#__PURE__*/ Schema.NullOr(Schema.String),
  client_metadata: Json,
  client_read_only_metadata: Json
})
export type ClientTeam = typeof ClientTeam.Type

/** `ServerTeam`: ClientTeam plus creation time and server metadata (server/admin access). */
export const ServerTeam = /*#__PURE__*/ extendStruct(ClientTeam, {
  created_at_millis: Millis,
  server_metadata: Json
})
export type ServerTeam = typeof ServerTeam.Type

/** `GET /teams` with client access. */
export const ClientTeamList = /*#__PURE__*/ ListOf(ClientTeam)
export type ClientTeamList = typeof ClientTeamList.Type

/** `GET /teams` with server/admin access. */
export const ServerTeamList = /*#__PURE__*/ ListOf(ServerTeam)
export type ServerTeamList = typeof ServerTeamList.Type

// =============================================================================
// Requests
// =============================================================================

/** `PATCH /teams/{team_id}` body, client access (needs `$update_team`). */
export const ClientTeamUpdate = /*#__PURE__*/ Schema.Struct({
  display_name: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  profile_image_url: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(ProfileImageUrl)),
  client_metadata: /*#__PURE__*/ Schema.optionalKey(Json)
})
export type ClientTeamUpdate = typeof ClientTeamUpdate.Type

/** `PATCH /teams/{team_id}` body, server/admin access: client fields plus the privileged metadata. */
export const ServerTeamUpdate = /*#__PURE__*/ extendStruct(ClientTeamUpdate, {
  client_read_only_metadata: /*#__PURE__*/ Schema.optionalKey(Json),
  server_metadata: /*#__PURE__*/ Schema.optionalKey(Json)
})
export type ServerTeamUpdate = typeof ServerTeamUpdate.Type

/** `POST /teams` body, client access: `creator_user_id` (`me`) makes the caller a member. */
export const ClientTeamCreate = /*#__PURE__*/ extendStruct(ClientTeamUpdate, {
  display_name: Schema.String,
  creator_user_id: /*#__PURE__*/ Schema.optionalKey(UserIdOrMe)
})
export type ClientTeamCreate = typeof ClientTeamCreate.Type

/** `POST /teams` body, server/admin access. */
export const ServerTeamCreate = /*#__PURE__*/ extendStruct(ServerTeamUpdate, {
  display_name: Schema.String,
  creator_user_id: /*#__PURE__*/ Schema.optionalKey(UserIdOrMe)
})
export type ServerTeamCreate = typeof ServerTeamCreate.Type

/** `GET /teams` query, client access: `user_id` must be `me` (or the caller's id), else 403. */
export const ClientTeamsListQuery = /*#__PURE__*/ Schema.Struct({ user_id: UserIdOrMe })
export type ClientTeamsListQuery = typeof ClientTeamsListQuery.Type

/** `GET /teams` query, server/admin access: optional member filter. */
export const ServerTeamsListQuery = /*#__PURE__*/ Schema.Struct({ user_id: /*#__PURE__*/ Schema.optionalKey(UserIdOrMe) })
export type ServerTeamsListQuery = typeof ServerTeamsListQuery.Type
