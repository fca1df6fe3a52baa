/** Runs the admin witnesses of the union audit (see witness.ts). */
import { describe, it } from "@effect/vitest"
import { witnesses } from "./admin.witnesses.ts"

describe("union audit: admin", () => {
  for (const witness of witnesses) {
    it.effect(`${witness.operation} fails with ${witness.error}: ${witness.how}`, () => witness.run)
  }
})
