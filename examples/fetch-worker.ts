/**
 * A Cloudflare-Worker-shaped handler (`export default { fetch }`) that knows who is calling: the
 * fetch servers guide (docs/fetch-servers.md) quotes this file. Only Web APIs: it runs as is on
 * Workers, Deno and Bun.
 *
 * Run it on Node against the emulator (`npx stackfx emulator` prints the variables):
 * `STACK_PROJECT_ID=… STACK_API_URL=… node examples/fetch-worker.ts`
 */
import { type FetchAuthenticator, makeFetchAuthenticator } from "stackfx/http-api"
import { serveFetch } from "./serve-fetch.ts"

// #region worker
/** The Worker's bindings (wrangler `vars`). */
export interface Env {
  readonly STACK_PROJECT_ID: string
  readonly STACK_API_URL: string
}

// One authenticator per deployment: the project's keys are fetched once, not per request.
const authenticators = new WeakMap<Env, FetchAuthenticator>()

const worker = {
  async fetch(request: Request, env: Env): Promise<Response> {
    let auth = authenticators.get(env)
    if (auth === undefined) {
      auth = makeFetchAuthenticator({ projectId: env.STACK_PROJECT_ID, baseUrl: env.STACK_API_URL })
      authenticators.set(env, auth)
    }
    if (new URL(request.url).pathname !== "/api/me") return new Response("Not found", { status: 404 })
    const result = await auth.authenticate(request)
    // 401 with WWW-Authenticate, 403 for a restricted user, 503 when the keys are out of reach.
    if (!result.ok) return result.response
    const { claims, userId } = result.caller
    return Response.json({ id: userId, email: claims.primaryEmail })
  }
}

export default worker
// #endregion worker

if (import.meta.main) {
  const env: Env = { STACK_PROJECT_ID: process.env.STACK_PROJECT_ID ?? "", STACK_API_URL: process.env.STACK_API_URL ?? "" }
  if (env.STACK_PROJECT_ID === "" || env.STACK_API_URL === "") throw new Error("set STACK_PROJECT_ID and STACK_API_URL (the emulator CLI prints them)")
  const { url } = await serveFetch((request) => worker.fetch(request, env), Number(process.env.PORT ?? 3003))
  process.stdout.write(`listening on ${url}/api/me\n`)
}
