/**
 * Wire shapes of the two server-side checks the `stackfx/http-api` permission combinators ask:
 *
 * - `GET /project-permissions?user_id&permission_id&recursive=true` → `{items: [{id, user_id}], is_paginated: false}`;
 * - `POST /user-api-keys/check` / `POST /team-api-keys/check` with `{api_key}` → the key (server
 *   read shape: `value` holds only `last_four`), or `API_KEY_NOT_FOUND` (404), `WRONG_API_KEY_TYPE`
 *   (400), `API_KEY_REVOKED` / `API_KEY_EXPIRED` (401).
 */
import * as Schema from "effect/Schema"
import { ListOf } from "./common.ts"

/** A project permission held by a user (`id` is the permission id). */
export const ProjectPermission = /*#__PURE__*/ Schema.Struct({ id: Schema.String, user_id: Schema.String })

/** `GET /project-permissions`. */
export const ProjectPermissionList = /*#__PURE__*/ ListOf(ProjectPermission)

/** Body of `POST /{user,team}-api-keys/check`. */
export const ApiKeyCheckBody = /*#__PURE__*/ Schema.Struct({ api_key: Schema.String })

const checkedKeyFields = {
  id: Schema.String,
  description: Schema.String,
  expires_at_millis: Schema.optionalKey(Schema.Number),
  manually_revoked_at_millis: Schema.optionalKey(Schema.Number),
  created_at_millis: Schema.Number,
  is_public: Schema.Boolean,
  value: Schema.Struct({ last_four: Schema.String })
}

/** `POST /user-api-keys/check` answer: a valid user API key. */
export const CheckedUserApiKey = /*#__PURE__*/ Schema.Struct({ ...checkedKeyFields, type: Schema.Literal("user"), user_id: Schema.String })

/** `POST /team-api-keys/check` answer: a valid team API key. */
export const CheckedTeamApiKey = /*#__PURE__*/ Schema.Struct({ ...checkedKeyFields, type: Schema.Literal("team"), team_id: Schema.String })
