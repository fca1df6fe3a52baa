/**
 * A request's `theme_id` as the service's schema checks it: `false` (no theme), `null` or absent
 * (the project's theme), or a UUID (whether that theme exists is the route's own check). Anything
 * else (another type, a string that is no UUID) is refused with yup's bare `body.theme_id is
 * invalid`, which is why the routes decode `theme_id` as any JSON (`LooseThemeId`) and check it here.
 */
import * as Schema from "effect/Schema"
import { Json } from "../wire/common.ts"

/** `theme_id` decoded as any JSON, checked by `checkThemeId`. */
export const LooseThemeId = Schema.optionalKey(Json)

/** The valid choice, or `"invalid"`. */
export const checkThemeId = (value: unknown): string | false | null | undefined | "invalid" => {
  if (value === undefined || value === null || value === false) return value
  return typeof value === "string" && uuidPattern.test(value) ? value : "invalid"
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** yup's line for a failed custom check. */
export const invalidThemeLine = "body.theme_id is invalid"
