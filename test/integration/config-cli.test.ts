/**
 * `stackfx config pull|push|diff` as a user runs it: the CLI emulator in one process, the config
 * command in another, over real HTTP.
 */
import * as ChildProcess from "node:child_process"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"

const root = Path.resolve(import.meta.dirname, "../..")
const Info = Schema.Struct({ baseUrl: Schema.String, projectId: Schema.String, superSecretAdminKey: Schema.String })

let emulator: ChildProcess.ChildProcess | undefined
let info: typeof Info.Type = { baseUrl: "", projectId: "", superSecretAdminKey: "" }
const dir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "stackfx-config-cli-"))

beforeAll(() =>
  new Promise<void>((resolve, reject) => {
    const child = ChildProcess.spawn(process.execPath, [Path.join(root, "src/cli.ts"), "emulator", "--port", "0", "--random-keys"], { stdio: ["ignore", "pipe", "pipe"] })
    emulator = child
    let out = ""
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const newline = out.indexOf("\n")
      if (newline >= 0) {
        info = Schema.decodeUnknownSync(Schema.fromJsonString(Info))(out.slice("STACKFX_EMULATOR ".length, newline))
        resolve()
      }
    })
    child.on("exit", (code) => reject(new Error(`emulator exited (${code})`)))
  }), 30_000)

afterAll(() => {
  emulator?.removeAllListeners("exit")
  emulator?.kill("SIGTERM")
  Fs.rmSync(dir, { recursive: true, force: true })
})

/** Runs `stackfx config ...` with the emulator's credentials in the environment. */
const config = (...args: ReadonlyArray<string>) => {
  const result = ChildProcess.spawnSync(process.execPath, [Path.join(root, "src/cli.ts"), "config", ...args], {
    encoding: "utf8",
    env: { ...process.env, STACK_PROJECT_ID: info.projectId, STACK_SUPER_SECRET_ADMIN_KEY: info.superSecretAdminKey, STACK_API_URL: info.baseUrl }
  })
  return { stdout: result.stdout, stderr: result.stderr, status: result.status }
}

const file = (name: string, text: string) => {
  const path = Path.join(dir, name)
  Fs.writeFileSync(path, text)
  return path
}

describe("stackfx config", () => {
  it("diff shows what push would change, push applies it, pull reads it back", () => {
    const json = file("stack.config.json", JSON.stringify({ teams: { createPersonalTeamOnSignUp: true }, "users.allowClientUserDeletion": false }))
    const before = config("diff", json)
    assert.strictEqual(before.status, 1)
    assert.strictEqual(before.stdout, "+ teams.createPersonalTeamOnSignUp: true\n+ users.allowClientUserDeletion: false\n")
    const push = config("push", json)
    assert.strictEqual(push.status, 0, push.stderr)
    assert.strictEqual(push.stdout, `Pushed 2 keys to project ${info.projectId}.\n`)
    const same = config("diff", json)
    assert.deepStrictEqual([same.status, same.stdout], [0, ""])
    const pulled = config("pull")
    assert.deepStrictEqual(JSON.parse(pulled.stdout), { teams: { createPersonalTeamOnSignUp: true }, "users.allowClientUserDeletion": false })
    const rendered = JSON.parse(config("pull", "--level", "rendered").stdout)
    assert.strictEqual(rendered.teams.createPersonalTeamOnSignUp, true)
    const out = Path.join(dir, "pulled.json")
    assert.strictEqual(config("pull", "--out", out).status, 0)
    assert.deepStrictEqual(JSON.parse(Fs.readFileSync(out, "utf8")), JSON.parse(pulled.stdout))
  }, 60_000)

  it("reads a TypeScript config module; a changed value shows as ~", () => {
    const ts = file("stack.config.ts", "export const config = { teams: { createPersonalTeamOnSignUp: false } }\n")
    const diff = config("diff", ts)
    assert.strictEqual(diff.stdout, "~ teams.createPersonalTeamOnSignUp: true -> false\n- users.allowClientUserDeletion: false\n")
  }, 60_000)

  it("refuses a config the service would refuse, sending nothing, and explains missing credentials", () => {
    const bad = file("bad.json", JSON.stringify({ emails: { server: { isShared: false } } }))
    const push = config("push", bad)
    assert.strictEqual(push.status, 1)
    assert.strictEqual(push.stderr, "emails contains unknown properties: server\n")
    const missing = ChildProcess.spawnSync(process.execPath, [Path.join(root, "src/cli.ts"), "config", "pull"], { encoding: "utf8", env: { PATH: process.env["PATH"] ?? "", NODE_ENV: "test" } })
    assert.strictEqual(missing.status, 2)
    assert.include(missing.stderr, "A project id and a super secret admin key are needed.")
  }, 60_000)
})
