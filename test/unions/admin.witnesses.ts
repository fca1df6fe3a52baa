/** Witnesses of StackAdmin's own operations, the admin families and `stackfx/admin`'s functions. */
import * as Effect from "effect/Effect"
import { adminWitness, type Witness } from "./witness.ts"

export const witnesses: ReadonlyArray<Witness> = [
  adminWitness("listApiKeys", "InvalidSuperSecretAdminKey", {
    how: "a super secret admin key the project does not know",
    admin: { superSecretAdminKey: "sak_not_this_projects_key_000" },
    setup: Effect.void,
    call: (list) => list()
  }),
  adminWitness("listApiKeys", "CurrentProjectNotFound", {
    how: "a project id the service does not know",
    admin: { projectId: "00000000-0000-4000-8000-0000000000cc" },
    setup: Effect.void,
    call: (list) => list()
  }),
  adminWitness("getProject", "StackResponseError", {
    how: "the service answers 500 with a body that is not a known error",
    emulator: { faults: [{ path: "/internal/projects/current", action: { _tag: "Status", status: 500 } }, { path: "/projects/current", action: { _tag: "Status", status: 500 } }] },
    setup: Effect.void,
    call: (get) => get()
  }),
  adminWitness("revokeApiKey", "ApiKeyNotFound", {
    how: "an API key id the project does not have",
    setup: Effect.void,
    call: (revoke) => revoke("00000000-0000-4000-8000-000000000001")
  })
]
