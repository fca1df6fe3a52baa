/** Witnesses of StackAdmin's own operations, the admin families and `stackfx/admin`'s functions. */
import * as Effect from "effect/Effect"
import { adminWitness, type Witness } from "./witness.ts"

export const witnesses: ReadonlyArray<Witness> = [
  adminWitness("revokeApiKey", "ApiKeyNotFound", {
    how: "an API key id the project does not have",
    setup: Effect.void,
    call: (revoke) => revoke("00000000-0000-4000-8000-000000000001")
  })
]
