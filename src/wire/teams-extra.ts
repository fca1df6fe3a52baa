/**
 * Team-related wire shapes not covered by the other team modules: team permission definitions
 * (PROTOCOL §4.6, §11.7, admin only) and the deprecated `add_current_user` query of `POST /teams`.
 */
import * as Schema from "effect/Schema"
import { ListOf } from "./common.ts"
import { BooleanQuery } from "./teams.ts"

// =============================================================================
// Team permission definitions
// =============================================================================

/** A custom permission id as definitions accept it: lowercase letters, digits, `:` and `_`. */
export const CustomPermissionId = /*#__PURE__*/ Schema.String.check(
  Schema.isPattern(/^[a-z0-9_:]+$/, { message: "Only lowercase letters, numbers, \":\", \"_\" are allowed" })
)

/** `{id, description?, contained_permission_ids}`: `description` is omitted when empty; ids sorted. */
export const TeamPermissionDefinition = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  description: Schema.optionalKey(Schema.String),
  contained_permission_ids: Schema.Array(Schema.String)
})
export type TeamPermissionDefinition = typeof TeamPermissionDefinition.Type

/** `GET /team-permission-definitions`: system `$…` ids first, then custom ones, each sorted by id. */
export const TeamPermissionDefinitionList = /*#__PURE__*/ ListOf(TeamPermissionDefinition)
export type TeamPermissionDefinitionList = typeof TeamPermissionDefinitionList.Type

/** `POST /team-permission-definitions` body. */
export const TeamPermissionDefinitionCreate = /*#__PURE__*/ Schema.Struct({
  id: CustomPermissionId,
  description: Schema.optionalKey(Schema.String),
  contained_permission_ids: Schema.optionalKey(Schema.Array(Schema.String))
})
export type TeamPermissionDefinitionCreate = typeof TeamPermissionDefinitionCreate.Type

/** `PATCH /team-permission-definitions/{permission_id}` body (`contained_permission_ids` replaces the list). */
export const TeamPermissionDefinitionUpdate = /*#__PURE__*/ Schema.Struct({
  id: Schema.optionalKey(CustomPermissionId),
  description: Schema.optionalKey(Schema.String),
  contained_permission_ids: Schema.optionalKey(Schema.Array(Schema.String))
})
export type TeamPermissionDefinitionUpdate = typeof TeamPermissionDefinitionUpdate.Type

// =============================================================================
// Teams
// =============================================================================

/** `POST /teams` query: the deprecated `add_current_user=true|false`. */
export const TeamCreateQuery = /*#__PURE__*/ Schema.Struct({ add_current_user: Schema.optionalKey(BooleanQuery) })
export type TeamCreateQuery = typeof TeamCreateQuery.Type
