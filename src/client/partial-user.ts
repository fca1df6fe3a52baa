/**
 * The signed-in user as the access token describes them, with no request: the token's claims are
 * read (not verified: the server checks signatures) from the session's stored token. For showing a
 * name or an e-mail at once; anything that must be current reads `getUser()`.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { readPayload } from "../session/jwt.ts"
import { StackClientCore } from "./context.ts"

const Claims = /*#__PURE__*/ Schema.Struct({
  sub: Schema.String,
  name: Schema.optional(Schema.NullOr(Schema.String)),
  email: Schema.optional(Schema.NullOr(Schema.String)),
  email_verified: Schema.optional(Schema.Boolean),
  selected_team_id: Schema.optional(Schema.NullOr(Schema.String)),
  is_anonymous: Schema.optional(Schema.Boolean),
  is_restricted: Schema.optional(Schema.Boolean),
  requires_totp_mfa: Schema.optional(Schema.Boolean)
})

/** What an access token says about its user. */
export interface PartialUser {
  readonly id: string
  readonly displayName: string | null
  readonly primaryEmail: string | null
  readonly primaryEmailVerified: boolean
  readonly selectedTeamId: string | null
  readonly isAnonymous: boolean
  readonly isRestricted: boolean
  readonly requiresTotpMfa: boolean
}

/** The claims of `accessToken` as a partial user (none: not a token with a subject). */
export const partialUserOf = (accessToken: string): Option.Option<PartialUser> =>
  Option.map(
    Option.flatMap(readPayload(accessToken), Schema.decodeUnknownOption(Claims)),
    (claims) => ({
      id: claims.sub,
      displayName: claims.name ?? null,
      primaryEmail: claims.email ?? null,
      primaryEmailVerified: claims.email_verified ?? false,
      selectedTeamId: claims.selected_team_id ?? null,
      isAnonymous: claims.is_anonymous ?? false,
      isRestricted: claims.is_restricted ?? false,
      requiresTotpMfa: claims.requires_totp_mfa ?? false
    })
  )

/**
 * The signed-in user from the stored access token, with no request (none when there is no access
 * token: signed out, or only a refresh token so far).
 *
 * @example
 * const partial = yield* getPartialUser() // Option<{ id, displayName, primaryEmail, ... }>
 */
export const getPartialUser = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const { session } = yield* StackClientCore
  const tokens = yield* session.stored
  return Option.flatMap(tokens.accessToken, (token) => partialUserOf(Redacted.value(token)))
})
