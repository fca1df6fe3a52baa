/** Witnesses of StackServer's operations, the server families and `stackfx/server`'s functions. */
import * as Effect from "effect/Effect"
import { StackServer } from "../../src/server/index.ts"
import { serverWitness, type Witness } from "./witness.ts"

/** A fresh user of the project. */
const aUser = Effect.flatMap(Effect.service(StackServer), (server) => server.createUser({ displayName: "Member" }))

export const witnesses: ReadonlyArray<Witness> = [
  serverWitness("listUsers", "InvalidSecretServerKey", {
    how: "a secret server key the project does not know",
    server: { secretServerKey: "ssk_not_this_projects_key_000" },
    setup: Effect.void,
    call: (list) => list()
  }),
  serverWitness("listUsers", "CurrentProjectNotFound", {
    how: "a project id the service does not know",
    server: { projectId: "00000000-0000-4000-8000-0000000000cc" },
    setup: Effect.void,
    call: (list) => list()
  }),
  serverWitness("listUsers", "StackResponseError", {
    how: "the service answers 500 with a body that is not a known error",
    emulator: { faults: [{ path: "/users", action: { _tag: "Status", status: 500 } }] },
    setup: Effect.void,
    call: (list) => list()
  }),
  serverWitness("addTeamMember", "TeamNotFound", {
    how: "a team id the project does not have",
    setup: aUser,
    call: (add, user) => add("00000000-0000-4000-8000-000000000001", user.id)
  })
]
