/** Runs the client-auth witnesses of the union audit (see witness.ts). */
import { describe, it } from "@effect/vitest"
import { witnesses } from "./client-auth.witnesses.ts"

describe("union audit: client-auth", () => {
  for (const witness of witnesses) {
    it.effect(`${witness.operation} fails with ${witness.error}: ${witness.how}`, () => witness.run)
  }
})
