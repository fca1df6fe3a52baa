/** Runs the witnesses of `stackfx/server`'s functions for the union audit (see witness.ts). */
import { describe, it } from "@effect/vitest"
import { witnesses } from "./server-functions.witnesses.ts"

describe("union audit: server functions", () => {
  for (const witness of witnesses) {
    it.effect(`${witness.operation} fails with ${witness.error}: ${witness.how}`, () => witness.run)
  }
})
