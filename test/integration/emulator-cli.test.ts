/**
 * The CLI: argument parsing, and the real process (first stdout line, HTTP, save on SIGTERM, load).
 */
import * as ChildProcess from "node:child_process"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { cliDefaults, parseCliArgs, saveData } from "../../src/emulator/cli.ts"
import { decodeState } from "../../src/emulator/state.ts"
import { cliPath, startCli, stopCli } from "./emulator-cli-process.ts"

const start = startCli
const stop = (child: ChildProcess.ChildProcess) => stopCli(child)

describe("emulator CLI", () => {
  it.effect("parses flags", () =>
    Effect.gen(function*() {
      const options = yield* parseCliArgs([
        "emulator",
        "--port",
        "9000",
        "--project-id=p1",
        "--data",
        "s.json",
        "--access-token-lifetime-seconds",
        "60"
      ])
      assert.strictEqual(options.port, 9000)
      assert.strictEqual(options.projectId, "p1")
      assert.strictEqual(options.dataFile, "s.json")
      assert.strictEqual(options.accessTokenLifetimeSeconds, 60)
      assert.strictEqual((yield* parseCliArgs([])).port, 8102)
      assert.ok(Exit.isFailure(yield* Effect.exit(parseCliArgs(["--bogus"]))))
      assert.ok(Exit.isFailure(yield* Effect.exit(parseCliArgs(["--port", "-1"]))))
      assert.ok(Exit.isFailure(yield* Effect.exit(parseCliArgs(["--port"]))))
    }))

  it.live("prints its info line, serves HTTP, saves on SIGTERM and loads again", () =>
    Effect.gen(function*() {
      const dir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "stackfx-emulator-"))
      const dataFile = Path.join(dir, "state.json")
      const keys = {
        pck: `pck_${"a".repeat(45)}`,
        ssk: `ssk_${"b".repeat(45)}`,
        sak: `sak_${"c".repeat(45)}`
      }
      const first = yield* Effect.promise(() =>
        start([
          "--port",
          "0",
          "--project-id",
          "11111111-1111-4111-8111-111111111111",
          "--publishable-client-key",
          keys.pck,
          "--secret-server-key",
          keys.ssk,
          "--super-secret-admin-key",
          keys.sak,
          "--data",
          dataFile
        ])
      )
      assert.strictEqual(first.info.projectId, "11111111-1111-4111-8111-111111111111")
      assert.strictEqual(first.info.publishableClientKey, keys.pck)
      assert.match(first.info.outboxUrl, new RegExp(`^${first.info.baseUrl}/emulator/outbox\\?token=emu_`))
      const outbox = yield* Effect.promise(() => fetch(`${first.info.baseUrl}/emulator/outbox`).then((r) => r.status))
      assert.strictEqual(outbox, 401, "the outbox needs the printed token")
      const root = yield* Effect.promise(() => fetch(`${first.info.baseUrl}/api/v1`).then((r) => r.text()))
      assert.ok(root.endsWith("Authentication: None"))
      const headers = {
        "content-type": "application/json",
        "x-stack-access-type": "client",
        "x-stack-project-id": first.info.projectId,
        "x-stack-publishable-client-key": keys.pck
      }
      const credentials = { email: "cli@example.com", password: "cli-password-1" }
      const signUp = yield* Effect.promise(() =>
        fetch(`${first.info.baseUrl}/api/v1/auth/password/sign-up`, { method: "POST", headers, body: JSON.stringify(credentials) })
      )
      assert.strictEqual(signUp.status, 200)
      const code = yield* Effect.promise(() => stop(first.child))
      assert.ok(code === 0 || code === null || code === 130 || code === 143, `exit code ${code}`)
      const saved = yield* decodeState(Fs.readFileSync(dataFile, "utf8"))
      assert.strictEqual(Object.values(saved.users).length, 1)
      assert.ok(first.output().includes("stackfx emulator is running"))

      const second = yield* Effect.promise(() => start(["--port", "0", "--data", dataFile]))
      assert.strictEqual(second.info.projectId, first.info.projectId)
      assert.strictEqual(second.info.secretServerKey, keys.ssk)
      const signIn = yield* Effect.promise(() =>
        fetch(`${second.info.baseUrl}/api/v1/auth/password/sign-in`, { method: "POST", headers, body: JSON.stringify(credentials) })
      )
      assert.strictEqual(signIn.status, 200)
      yield* Effect.promise(() => stop(second.child))
      Fs.rmSync(dir, { recursive: true, force: true })
    }), 30_000)

  /** Runs the CLI to its exit; its code and output. */
  const runToExit = (args: ReadonlyArray<string>) =>
    Effect.promise(() =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = ChildProcess.spawn(process.execPath, [cliPath, ...args], { stdio: ["ignore", "pipe", "pipe"] })
        let out = ""
        let err = ""
        child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()))
        child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()))
        child.on("exit", (code) => resolve({ code, out, err }))
      })
    )

  it.live("--help lists every option and exits 0; an unknown flag points to --help", () =>
    Effect.gen(function*() {
      const help = yield* runToExit(["--help"])
      assert.strictEqual(help.code, 0)
      for (const flag of ["--port", "--project-id", "--random-keys", "--data", "--internal-super-secret-admin-key", "--access-token-lifetime-seconds"]) {
        assert.include(help.out, flag)
      }
      const bogus = yield* runToExit(["--bogus"])
      assert.strictEqual(bogus.code, 2)
      assert.include(bogus.err, "Unknown argument: --bogus")
      assert.include(bogus.err, "--help")
    }), 30_000)

  it.live("starts with the documented fixed keys, random ones on request, and the internal project's keys as given", () =>
    Effect.gen(function*() {
      const fixed = yield* Effect.promise(() =>
        start(["--port", "0", "--internal-super-secret-admin-key", "this-super-secret-admin-key-is-for-local-development-only"])
      )
      assert.deepInclude(fixed.info, cliDefaults)
      // The internal project answers to the key given for it.
      const internal = yield* Effect.promise(() =>
        fetch(`${fixed.info.baseUrl}/api/v1/projects/current`, {
          headers: {
            "x-stack-access-type": "admin",
            "x-stack-project-id": "internal",
            "x-stack-super-secret-admin-key": "this-super-secret-admin-key-is-for-local-development-only"
          }
        })
      )
      assert.strictEqual(internal.status, 200)
      yield* Effect.promise(() => stop(fixed.child))
      const random = yield* Effect.promise(() => start(["--port", "0", "--random-keys"]))
      assert.notStrictEqual(random.info.projectId, cliDefaults.projectId)
      assert.notStrictEqual(random.info.secretServerKey, cliDefaults.secretServerKey)
      yield* Effect.promise(() => stop(random.child))
    }), 30_000)

  it.live("a port in use is a clear message with the fix, exit code 1", () =>
    Effect.gen(function*() {
      const first = yield* Effect.promise(() => start(["--port", "0"]))
      const port = new URL(first.info.baseUrl).port
      const second = yield* runToExit(["--port", port])
      yield* Effect.promise(() => stop(first.child))
      assert.strictEqual(second.code, 1)
      assert.include(second.err, `port ${port} is already in use`)
      assert.include(second.err, "--port 0")
    }), 30_000)

  it.live("--data: the file is written (0600) at start, a path that cannot be written is refused at once, SIGINT saves the last write", () =>
    Effect.gen(function*() {
      const dir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "stackfx-emulator-"))
      const unwritable = yield* runToExit(["--port", "0", "--data", Path.join(dir, "missing-directory", "state.json")])
      assert.strictEqual(unwritable.code, 1)
      assert.include(unwritable.err, "Cannot write")
      assert.notInclude(unwritable.out, "STACKFX_EMULATOR")

      const dataFile = Path.join(dir, "state.json")
      const running = yield* Effect.promise(() => start(["--port", "0", "--data", dataFile, "--fast-password-hashing"]))
      assert.strictEqual((Fs.statSync(dataFile).mode & 0o777).toString(8), "600", "private from the start")
      const signUp = yield* Effect.promise(() =>
        fetch(`${running.info.baseUrl}/api/v1/auth/password/sign-up`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-stack-access-type": "client", "x-stack-project-id": running.info.projectId },
          body: JSON.stringify({ email: "last@example.com", password: "last-password-1" })
        })
      )
      assert.strictEqual(signUp.status, 200)
      // At once, before the saver's next look: the exit saves it.
      yield* Effect.promise(() => stopCli(running.child, "SIGINT"))
      const saved = yield* decodeState(Fs.readFileSync(dataFile, "utf8"))
      assert.strictEqual(Object.values(saved.users).length, 1)
      Fs.rmSync(dir, { recursive: true, force: true })
    }), 30_000)

  it.effect("saves atomically: a failed write keeps the last good file and leaves no partial file", () =>
    Effect.gen(function*() {
      const dir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "stackfx-save-"))
      const file = Path.join(dir, "state.json")
      yield* saveData(file, "good")
      assert.strictEqual(Fs.readFileSync(file, "utf8"), "good")
      yield* saveData(file, "better")
      assert.strictEqual(Fs.readFileSync(file, "utf8"), "better")
      // A directory where the file should go: the write cannot complete.
      const blocked = Path.join(dir, "blocked")
      Fs.mkdirSync(Path.join(blocked, "inside"), { recursive: true })
      const failure = yield* Effect.flip(saveData(blocked, "lost"))
      assert.strictEqual(failure._tag, "CliDataError")
      assert.include(failure.message, blocked)
      assert.deepStrictEqual(Fs.readdirSync(dir).sort(), ["blocked", "state.json"], "no temporary file left behind")
      assert.strictEqual(Fs.readFileSync(file, "utf8"), "better")
      Fs.rmSync(dir, { recursive: true, force: true })
    }))
})
