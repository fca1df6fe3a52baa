/** The browser bundle of a password sign-in through stackfx/client stays within its gzip budget (`budgetBytes`). */
import { expect, it } from "vitest"
import { budgetBytes, measure, measurePublished } from "../../bench/bundle-size.ts"

it("the stackfx/client sign-in bundle stays within the gzip budget", async () => {
  const client = await measure("client-sign-in.ts")
  const floor = await measure("floor.ts")
  expect(client.gzipped).toBeGreaterThan(floor.gzipped)
  expect(client.gzipped).toBeLessThanOrEqual(budgetBytes)
}, 60_000)

it("the sign-in bundle over fetch carries no effect/http module", async () => {
  const client = await measure("client-sign-in.ts")
  expect(client.inputs.filter((path) => path.includes("effect/dist/http/"))).toEqual([])
}, 60_000)

it("the same program bundled from the built package (tsup output) stays within the budget too", async () => {
  const published = await measurePublished("client-sign-in.ts")
  // Built modules, not the sources.
  expect(published.inputs.some((path) => path.includes("stackfx-dist-"))).toBe(true)
  expect(published.inputs.filter((path) => path.endsWith(".ts") && !path.startsWith("bench/"))).toEqual([])
  expect(published.gzipped).toBeLessThanOrEqual(budgetBytes)
}, 120_000)

it("counts what a page loads at start, shared chunks included, and reads with the generated readers, not Effect's parser", async () => {
  const client = await measure("client-sign-in.ts")
  // Responses and inputs go through src/model/generated/readers.ts: the schema path (decoders.ts,
  // its compiled readers, the models' schemas) is neither loaded at start nor later.
  expect(client.inputs.filter((path) => /src\/model\/(decoders|fast-decode|camel|user|auth)\.ts$/.test(path))).toEqual([])
  // A module the entry needs is counted wherever the bundler put it.
  expect(client.inputs.some((path) => path.endsWith("src/http/send.ts"))).toBe(true)
  expect(client.inputs.some((path) => path.endsWith("src/model/generated/readers.ts"))).toBe(true)
}, 60_000)

it("the minimal React app carries no kit component and the kit app no account-settings section (a lazy section once moved shared modules into every first load)", async () => {
  // Under esbuild's splitting, a dynamic import anywhere behind the stackfx/react barrel puts the
  // modules it shares with the page into a chunk the page loads at start, used or not.
  const minimal = await measure("react-minimal.tsx")
  expect(minimal.inputs.filter((path) => path.includes("react/components/") && !path.includes("node_modules"))).toEqual([])
  const kit = await measure("react-kit-sign-in.tsx")
  expect(kit.inputs.filter((path) => path.includes("react/components/account-settings"))).toEqual([])
}, 60_000)

it("the kit app carries no operation it never calls (its mutations name their stale queries, each reading hook is a value of its own)", async () => {
  const kit = await measure("react-kit-sign-in.tsx")
  // Reachable only through the invalidation table (api keys, notification categories) or through
  // reading hooks the kit does not use (teams, sessions, contact channels).
  expect(kit.inputs.filter((path) => /src\/client\/(api-keys|notification-categories|teams|sessions|contact-channels)\.ts$/.test(path))).toEqual([])
}, 60_000)

it("the kit app carries no sign-up form (SignIn passes its own password form to the card, SignUp its own)", async () => {
  const kit = await measure("react-kit-sign-in.tsx")
  expect(kit.inputs.filter((path) => /react\/components\/(credential-sign-up|team-switcher|team-creation)\.tsx$|react\/components\/ui\/dialog\.tsx$/.test(path))).toEqual([])
}, 60_000)
