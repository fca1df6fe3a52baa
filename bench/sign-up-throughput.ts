/**
 * Password sign-ups at 200 concurrent clients over HTTP, both ways the emulator hashes: the
 * service's bcrypt cost 10 (the default) and `--fast-password-hashing` (cost 4). The emulator is the
 * CLI in a child process; this process is only the load generator, so the two do not share a thread.
 */
import { startCli, stopCli } from "../test/integration/emulator-cli-process.ts"
import { line, load } from "./emulator-throughput.ts"

const clients = 200
const signUps = 400

/** Runs the sign-up load against a fresh CLI started with `flags`; prints one line. */
const measure = async (label: string, flags: ReadonlyArray<string>): Promise<void> => {
  const cli = await startCli(["--port", "0", "--random-keys", ...flags])
  try {
    const headers = {
      "content-type": "application/json",
      "x-stack-access-type": "client",
      "x-stack-project-id": cli.info.projectId,
      "x-stack-publishable-client-key": cli.info.publishableClientKey
    }
    let sent = 0
    const figures = await load(signUps, () =>
      new Request(`${cli.info.baseUrl}/api/v1/auth/password/sign-up`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: `load-${++sent}@example.com`, password: "bench-password-123" })
      }), clients)
    process.stdout.write(line(label, figures))
  } finally {
    await stopCli(cli.child)
  }
}

/** Prints the sign-up throughput with the service's hashing cost and with fast hashing. */
export const reportSignUpThroughput = async (): Promise<void> => {
  process.stdout.write(`password sign-ups over HTTP (${signUps} sign-ups, ${clients} clients; emulator CLI in its own process)\n`)
  await measure("bcrypt cost 10 (default, like the service)", [])
  await measure("bcrypt cost 4 (--fast-password-hashing)", ["--fast-password-hashing"])
  process.stdout.write("\n")
}

if (import.meta.main) await reportSignUpThroughput()
