/**
 * The official Next.js SDK's app object, set up as its docs say (`StackServerApp` with the
 * `nextjs-cookie` token store), for the first-load comparison in bench/next-first-load.ts.
 */
import { StackServerApp } from "@stackframe/stack"

export const stackServerApp = new StackServerApp({ tokenStore: "nextjs-cookie" })
