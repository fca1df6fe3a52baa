/** The README's first Quick start command: `npm run demo` runs the examples against a local emulator. */
import { execFile } from "node:child_process"
import * as Path from "node:path"
import { promisify } from "node:util"
import { expect, it } from "vitest"

const run = promisify(execFile)
const root = Path.resolve(import.meta.dirname, "../..")

it("the demo signs up, signs in and updates a profile against the emulator over HTTP", async () => {
  const { stdout } = await run(process.execPath, ["examples/demo.ts"], { cwd: root, timeout: 60_000 })
  expect(stdout).toMatch(/^stackfx emulator at http:\/\/localhost:\d+/)
  expect(stdout).toContain("a wrong password fails with EmailPasswordMismatch")
  expect(stdout).toContain('profile updated: display name "Ada Lovelace"')
  expect(stdout).toContain("added contact channel")
  expect(stdout).toContain('created team "Analytical Engines"')
  expect(stdout).toMatch(/server {2}listed \d+ user\(s\) in \d+ page\(s\) of 2/)
  expect(stdout).toContain("server  verified a session token locally")
  expect(stdout).toMatch(/admin {3}created API key .*: secret server key ends in …\w{4}/)
  expect(stdout).toContain("Trusted domains should be HTTPS: http://app.example.com")
  expect(stdout).toContain("demo finished")
}, 60_000)
