/**
 * Permission definitions on the wire: `/team-permission-definitions` and,
 * on current servers, `/project-permission-definitions` (the ids of `config.user_default_permissions`),
 * both admin only, with the same shapes:
 *
 * - `GET` → `{items, is_paginated: false}` sorted by id (system `$…` ids first);
 * - `POST` `{id, description?, contained_permission_ids?}` → 201 definition;
 * - `PATCH /{permission_id}` (every field optional; the list is replaced) → 200 definition;
 * - `DELETE /{permission_id}` → `{"success": true}` (`SuccessBody`).
 */
import * as Schema from "effect/Schema"
import { ListOf } from "./common.ts"

/** A permission id a project may define: lowercase letters, digits, `:` and `_` (the server's message). */
export const PermissionId = /*#__PURE__*/ Schema.String.check(
  /*#__PURE__*/ Schema.isPattern(/^[a-z0-9_:]+$/, { message: "Only lowercase letters, numbers, \":\", \"_\" are allowed" })
)

// =============================================================================
// Responses
// =============================================================================

/** A definition: `description` is omitted when empty; `contained_permission_ids` are sorted. */
export const PermissionDefinition = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  description: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  contained_permission_ids: /*#__PURE__*/ Schema.Array(Schema.String)
})
export type PermissionDefinition = typeof PermissionDefinition.Type

/** `GET /team-permission-definitions` / `GET /project-permission-definitions`. */
export const PermissionDefinitionList = /*#__PURE__*/ ListOf(PermissionDefinition)
export type PermissionDefinitionList = typeof PermissionDefinitionList.Type

/** A team permission definition. */
export const TeamPermissionDefinition = PermissionDefinition
export type TeamPermissionDefinition = PermissionDefinition

/** A project (user-level) permission definition (current servers). */
export const ProjectPermissionDefinition = PermissionDefinition
export type ProjectPermissionDefinition = PermissionDefinition

// =============================================================================
// Requests
// =============================================================================

/** Creation body. */
export const PermissionDefinitionCreate = /*#__PURE__*/ Schema.Struct({
  id: PermissionId,
  description: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  contained_permission_ids: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(Schema.String))
})
export type PermissionDefinitionCreate = typeof PermissionDefinitionCreate.Type

/** Update body: `id` renames the permission; `contained_permission_ids` replaces the list. */
export const PermissionDefinitionUpdate = /*#__PURE__*/ Schema.Struct({
  id: /*#__PURE__*/ Schema.optionalKey(PermissionId),
  description: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  contained_permission_ids: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(Schema.String))
})
export type PermissionDefinitionUpdate = typeof PermissionDefinitionUpdate.Type
