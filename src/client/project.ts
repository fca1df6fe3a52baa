/** The project as end users see it: its name and which sign-in methods are on. */
import * as Effect from "effect/Effect"
import { readClientProject } from "../model/generated/readers.ts"
import { clientEndpoint } from "./runtime.ts"
import { StackClientCore } from "./context.ts"

/** The current project and its client-visible config. */
export const getProject = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const { runtime } = yield* StackClientCore
  return yield* runtime.anonymous(clientEndpoint("GET", "/projects/current", readClientProject, []))
})

/** Every operation of this module, for the StackClient object. */
export const projectOperations = { getProject }
