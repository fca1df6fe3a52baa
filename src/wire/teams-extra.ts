/**
 * The deprecated `add_current_user` query of `POST /teams` (permission definitions are in
 * `permission-definitions.ts`).
 */
import * as Schema from "effect/Schema"
import { BooleanQuery } from "./teams.ts"

// =============================================================================
// Teams
// =============================================================================

/** `POST /teams` query: the deprecated `add_current_user=true|false`. */
export const TeamCreateQuery = /*#__PURE__*/ Schema.Struct({ add_current_user: /*#__PURE__*/ Schema.optionalKey(BooleanQuery) })
export type TeamCreateQuery = typeof TeamCreateQuery.Type
