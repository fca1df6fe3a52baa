/** `npm run bench`: prints every benchmark's figures. Timings never fail; the size budget is enforced by `npm test`. */
import { reportBundleSize } from "./bundle-size.ts"
import { reportEmulatorThroughput } from "./emulator-throughput.ts"
import { reportInstallSize } from "./install-size.ts"
import { reportPerCall } from "./per-call.ts"
import { reportReactRequestCounts } from "./react-counts.ts"
import { reportRequestCounts } from "./request-counts.ts"
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
await run("request counts", reportRequestCounts)
await run("React request counts", reportReactRequestCounts)
await run("per-call cost", reportPerCall)
await run("verification throughput", reportVerifyThroughput)
await run("install size", reportInstallSize)
