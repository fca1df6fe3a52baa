/** The path parameter of routes that take a user id: `me` or a UUID, as the service's `userIdOrMeSchema`. */
import * as Schema from "effect/Schema"
import { Uuid } from "../wire/teams.ts"

/** `me` or a UUID (versions 1-8, as the service's check); anything else is the service's `... must be a valid UUID`. */
export const UserIdOrMeParam = /*#__PURE__*/ Schema.String.check(
  /*#__PURE__*/ Schema.makeFilter((s: string) => s === "me" || Schema.is(Uuid)(s), { expected: "a UUID or \"me\"", message: "must be a valid UUID" })
)
