/** The browser bundle of a password sign-in through stackfx/client stays under its enforced ceiling. */
import { expect, it } from "vitest"
import { ceilingBytes, measure } from "../../bench/bundle-size.ts"

it("the stackfx/client sign-in bundle stays under the enforced gzip ceiling", async () => {
  const client = await measure("client-sign-in.ts")
  const floor = await measure("floor.ts")
  expect(client.gzipped).toBeGreaterThan(floor.gzipped)
  expect(client.gzipped).toBeLessThanOrEqual(ceilingBytes)
}, 60_000)
