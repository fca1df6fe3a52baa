#!/usr/bin/env node
/** `npx stackfx <command>`: `emulator`, `config` (pull, push, diff). */

const emulatorPeers = ["@effect/platform-node", "@simplewebauthn/server", "otpauth", "bcryptjs", "effect"]

const [command, ...rest] = process.argv.slice(2)
if (command === "emulator") {
  // Loaded on demand: the emulator's dependencies are optional peers of the package, so an app that
  // only uses the SDK does not install them. Say which ones are missing instead of a stack trace.
  import("./emulator/cli.ts").then(
    ({ main }) => main(rest),
    (error: unknown) => {
      const text = String(error)
      const missing = emulatorPeers.filter((name) => text.includes(`'${name}'`) || text.includes(`"${name}"`))
      process.stderr.write(
        missing.length > 0 || /ERR_MODULE_NOT_FOUND|Cannot find (package|module)/.test(text)
          ? `The stackfx emulator needs packages that are not installed${missing.length > 0 ? ` (${missing.join(", ")})` : ""}.\n` +
            `Install them in your project: npm install -D ${emulatorPeers.join(" ")}\n`
          : `Cannot load the emulator: ${text}\n`
      )
      process.exitCode = 1
    }
  )
} else if (command === "config") {
  // Issue 28: configuration as code (src/config/cli.ts), over the admin key.
  import("./config/cli.ts").then(async ({ runConfigCommand }) => {
    const result = await runConfigCommand(rest)
    process.stdout.write(result.stdout)
    process.stderr.write(result.stderr)
    process.exitCode = result.exitCode
  })
} else {
  process.stderr.write("usage: stackfx emulator [--port 8102] [--data state.json] ... (stackfx emulator --help for every option)\n       stackfx config pull|push|diff ... (stackfx config help)\n")
  process.exitCode = command === "--help" || command === "-h" ? 0 : 2
}
