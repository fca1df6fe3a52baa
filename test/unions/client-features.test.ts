/** Runs the client-features witnesses of the union audit (see witness.ts). */
import { describe, it } from "@effect/vitest"
import { witnesses } from "./client-features.witnesses.ts"

describe("union audit: client-features", () => {
  for (const witness of witnesses) {
    it.effect(`${witness.operation} fails with ${witness.error}: ${witness.how}`, () => witness.run)
  }
})
