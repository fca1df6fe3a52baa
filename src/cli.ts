#!/usr/bin/env node
/** `npx stackfx <command>`: today the only command is `emulator`. */
import { main } from "./emulator/cli.ts"

const [command, ...rest] = process.argv.slice(2)
if (command === "emulator") {
  main(rest)
} else {
  process.stderr.write("usage: stackfx emulator [--port 8102] [--project-id ID] [--data state.json] ...\n")
  process.exitCode = 2
}
