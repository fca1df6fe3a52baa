/**
 * Team memberships on the wire: `POST|DELETE /team-memberships/{team_id}/{user_id}`.
 *
 * Both requests carry the body `{}` (`EmptyBody` of common.ts); the server rejects anything else on POST.
 */
import * as Schema from "effect/Schema"

/** `{team_id, user_id}`: the body of `POST /team-memberships/...` (201). */
export const TeamMembership = /*#__PURE__*/ Schema.Struct({
  team_id: Schema.String,
  user_id: Schema.String
})
export type TeamMembership = typeof TeamMembership.Type
