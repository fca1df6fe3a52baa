/**
 * Password sign-ups over HTTP, both ways the emulator hashes: the service's bcrypt cost 10 (the
 * default) and `--fast-password-hashing` (cost 4). The emulator is the CLI in a child process and
 * the load comes from bench/http-load.ts in another, so none of them shares a thread. Each way is
 * one round of fixed length, so the report ends in about half a minute whatever the machine's load.
 */
import { startCli, stopCli } from "../test/integration/emulator-cli-process.ts"
import { httpLoad, line } from "./emulator-throughput.ts"

const clients = 20
const seconds = 5

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
    const figures = await httpLoad(`${cli.info.baseUrl}/api/v1/auth/password/sign-up`, headers, {
      seconds,
      clients,
      warmupSeconds: 0,
      post: JSON.stringify({ email: "load-{n}@example.com", password: "bench-password-123" }),
      expected: "200",
      serverPid: cli.child.pid
    })
    process.stdout.write(line(label, figures))
  } finally {
    await stopCli(cli.child)
  }
}

/** Prints the sign-up throughput with the service's hashing cost and with fast hashing. */
export const reportSignUpThroughput = async (): Promise<void> => {
  process.stdout.write(`password sign-ups over HTTP (${clients} clients for ${seconds} s each way; emulator CLI and load generator in processes of their own)\n`)
  await measure("bcrypt cost 10 (default, like the service)", [])
  await measure("bcrypt cost 4 (--fast-password-hashing)", ["--fast-password-hashing"])
  process.stdout.write("\n")
}

if (import.meta.main) await reportSignUpThroughput()
