/** `npm run bench`: prints every benchmark's figures. Timings never fail; the size budget is enforced by `npm test`. */
import { reportBundleSize } from "./bundle-size.ts"
import { reportEmulatorThroughput } from "./emulator-throughput.ts"
import { reportHttpApiThroughput } from "./http-api-throughput.ts"
import { reportInstallSize } from "./install-size.ts"
import { reportNextFirstLoad } from "./next-first-load.ts"
import { spawnSync } from "node:child_process"
import * as Path from "node:path"
import { reportReactRequestCounts } from "./react-counts.ts"
import { reportRequestCounts } from "./request-counts.ts"
import { reportSignUpThroughput } from "./sign-up-throughput.ts"
import { reportVerifyThroughput } from "./verify-throughput.ts"

/** Runs one report; a failing benchmark prints its error and the others still run. */
const run = async (name: string, report: () => Promise<unknown>) => {
  try {
    await report()
  } catch (error) {
    process.stdout.write(`${name}: failed: ${String(error)}\n\n`)
  }
}

await run("bundle size", reportBundleSize)
await run("emulator throughput", reportEmulatorThroughput)
await run("sign-up throughput", reportSignUpThroughput)
await run("request counts", reportRequestCounts)
await run("React request counts", reportReactRequestCounts)
// In a process of its own: the heap and compiled code the other benchmarks leave behind (the
// emulator's 10,000 users, esbuild) would otherwise weigh on one side of the comparison or the other.
await run("per-call cost", async () => {
  const script = Path.join(import.meta.dirname, "per-call.ts")
  const child = spawnSync(process.execPath, ["--expose-gc", "--experimental-strip-types", "--no-warnings", script], { stdio: "inherit" })
  if (child.status !== 0) throw new Error(`bench/per-call.ts exited with ${child.status}`)
})
await run("verification throughput", reportVerifyThroughput)
await run("HttpApi authentication throughput", reportHttpApiThroughput)
await run("install size", reportInstallSize)
await run("Next.js first load", reportNextFirstLoad)
