/** Witnesses of the client's sign-in, sign-up, code and redirect operations. */
import * as Effect from "effect/Effect"
import { clientWitness, type Witness } from "./witness.ts"

export const witnesses: ReadonlyArray<Witness> = [
  clientWitness("signInWithPassword", "EmailPasswordMismatch", {
    how: "an address no user signs in with",
    setup: Effect.void,
    call: (signIn) => signIn({ email: "nobody@example.com", password: "not the password" })
  })
]
