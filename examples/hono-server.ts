/**
 * A Hono app that knows who is calling: the fetch servers guide (docs/fetch-servers.md) quotes this
 * file. The same app runs on Bun (`export default app`), Deno (`Deno.serve(app.fetch)`), Workers,
 * or Node (below, through examples/serve-fetch.ts).
 *
 * Run it on Node against the emulator (`npx stackfx emulator` prints the variables):
 * `STACK_PROJECT_ID=… STACK_API_URL=… node examples/hono-server.ts`
 */
import { Hono } from "hono"
import * as Option from "effect/Option"
import { type AuthenticatedCaller, type FetchAuthenticatorOptions, makeFetchAuthenticator } from "stackfx/http-api"
import { serveFetch } from "./serve-fetch.ts"

// #region hono
/** The app for one project; `dispose` releases the authenticator's cached keys. */
export const makeApp = (options: FetchAuthenticatorOptions) => {
  const auth = makeFetchAuthenticator(options)
  const app = new Hono<{ Variables: { caller: AuthenticatedCaller } }>()

  // Every /api route needs a signed-in caller; refusals are answered here (401, 403, 503).
  app.use("/api/*", async (c, next) => {
    const result = await auth.authenticate(c.req.raw)
    if (!result.ok) return result.response
    c.set("caller", result.caller)
    await next()
  })

  app.get("/api/me", (c) => {
    const caller = c.get("caller")
    return c.json({ id: caller.userId, email: caller.claims.primaryEmail })
  })

  // Anyone may call; a token that is sent must still verify.
  app.get("/hello", async (c) => {
    const result = await auth.authenticateOptional(c.req.raw)
    if (!result.ok) return result.response
    const name = Option.match(result.caller, { onNone: () => "stranger", onSome: (caller) => caller.claims.primaryEmail ?? caller.userId })
    return c.json({ greeting: `Hello, ${name}` })
  })

  return { app, dispose: auth.dispose }
}
// #endregion hono

if (import.meta.main) {
  const projectId = process.env.STACK_PROJECT_ID ?? ""
  const baseUrl = process.env.STACK_API_URL ?? ""
  if (projectId === "" || baseUrl === "") throw new Error("set STACK_PROJECT_ID and STACK_API_URL (the emulator CLI prints them)")
  const { app } = makeApp({ projectId, baseUrl })
  const { url } = await serveFetch(app.fetch, Number(process.env.PORT ?? 3004))
  process.stdout.write(`listening on ${url}/api/me\n`)
}
