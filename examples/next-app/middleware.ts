/**
 * Keeps the session fresh on every page request and sends signed-out visitors of `/protected` to the
 * sign-in page (and back after signing in). On Next.js 16 the same file is `proxy.ts`.
 */
import { stackMiddleware } from "stackfx/next/middleware"
import { stackOptions } from "./lib/stack"

export default stackMiddleware({ ...stackOptions, protect: ["/protected"] })

// Every page, not Next's own files.
export const config = { matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"] }
