/** Runs the client-account witnesses of the union audit (see witness.ts). */
import { describe, it } from "@effect/vitest"
import { witnesses } from "./client-account.witnesses.ts"

describe("union audit: client-account", () => {
  for (const witness of witnesses) {
    it.effect(`${witness.operation} fails with ${witness.error}: ${witness.how}`, () => witness.run)
  }
})
