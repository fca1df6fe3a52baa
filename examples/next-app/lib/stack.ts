/**
 * The app's stackfx/next helpers, made once. The project comes from the environment (`npx stackfx
 * emulator` prints the values for a local emulator; `npm test` sets them for its own).
 */
import { stackNext } from "stackfx/next"

/** The project this app signs users into. */
export const stackOptions = {
  projectId: process.env["STACKFX_PROJECT_ID"] ?? "",
  publishableClientKey: process.env["STACKFX_PUBLISHABLE_CLIENT_KEY"],
  baseUrl: process.env["STACKFX_BASE_URL"]
}

/** Server helpers: `stack.currentUser()`, `stack.run(effect, "server-action")`, ... */
export const stack = stackNext(stackOptions)
