/** Runs the project owner's witnesses of the union audit (issue 28; see witness.ts). */
import { describe, it } from "@effect/vitest"
import { witnesses } from "./owner.witnesses.ts"

describe("union audit: the project owner's operations", () => {
  for (const witness of witnesses) {
    it.effect(`${witness.operation} fails with ${witness.error}: ${witness.how}`, () => witness.run)
  }
})
