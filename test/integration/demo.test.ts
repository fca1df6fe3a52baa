/**
 * The README's first Quick start command, `npm run demo`: the emulator and the React example app,
 * no network; it prints the app's address, which serves the app. And `npm run walkthrough`: the
 * console examples against a local emulator.
 */
import { execFile, spawn } from "node:child_process"
import * as Path from "node:path"
import { promisify } from "node:util"
import { expect, it } from "vitest"

const run = promisify(execFile)
const root = Path.resolve(import.meta.dirname, "../..")

it("npm run demo serves the React example app next to an emulator and prints its address", async () => {
  const child = spawn(process.execPath, ["examples/react-app/main.ts"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] })
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let out = ""
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString()
        const found = /stackfx React example at (http:\/\/localhost:\d+\/)/.exec(out)
        if (found?.[1] !== undefined) resolve(found[1])
      })
      child.on("exit", (code) => reject(new Error(`the demo exited (${code}) before printing its address: ${out}`)))
    })
    const page = await fetch(line).then((response) => response.text())
    expect(page).toContain(`<script type="module" src="/app.js">`)
    const script = await fetch(new URL("/app.js", line)).then((response) => response.text())
    expect(script.length).toBeGreaterThan(100_000)
    const emulator = /"baseUrl":"(http:\/\/localhost:\d+)"/.exec(page)?.[1] ?? ""
    const api = await fetch(`${emulator}/api/v1`).then((response) => response.status)
    expect(api).toBe(200)
  } finally {
    child.kill()
  }
}, 60_000)

it("npm run walkthrough signs up, signs in and updates a profile against the emulator over HTTP", async () => {
  const { stdout } = await run(process.execPath, ["examples/walkthrough.ts"], { cwd: root, timeout: 60_000 })
  expect(stdout).toMatch(/^stackfx emulator at http:\/\/localhost:\d+/)
  expect(stdout).toContain("a wrong password fails with EmailPasswordMismatch")
  expect(stdout).toContain('profile updated: display name "Ada Lovelace"')
  expect(stdout).toContain("added contact channel")
  expect(stdout).toContain('created team "Analytical Engines"')
  expect(stdout).toMatch(/server {2}listed \d+ user\(s\) in \d+ page\(s\) of 2/)
  expect(stdout).toContain("server  verified a session token locally")
  expect(stdout).toMatch(/admin {3}created API key .*: secret server key ends in …\w{4}/)
  expect(stdout).toContain("Trusted domains should be HTTPS: http://app.example.com")
  expect(stdout).toContain("walkthrough finished")
}, 60_000)
