/** Witnesses of StackServer's operations, the server families and `stackfx/server`'s functions. */
import * as Effect from "effect/Effect"
import { StackServer } from "../../src/server/index.ts"
import { serverWitness, type Witness } from "./witness.ts"

/** A fresh user of the project. */
const aUser = Effect.flatMap(Effect.service(StackServer), (server) => server.createUser({ displayName: "Member" }))

export const witnesses: ReadonlyArray<Witness> = [
  serverWitness("addTeamMember", "TeamNotFound", {
    how: "a team id the project does not have",
    setup: aUser,
    call: (add, user) => add("00000000-0000-4000-8000-000000000001", user.id)
  })
]
