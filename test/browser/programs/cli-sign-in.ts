/**
 * A terminal program signing in through the browser with stackfx's CLI sign-in: it prints
 * `OPEN <url>` (the app's confirmation page), polls until the user approves there, then prints
 * `SIGNED_IN <user id> <primary e-mail>` and exits 0 (or `FAILED <tag>` and exits 1).
 * Usage: node cli-sign-in.ts <api base URL> <project id> <publishable client key> <app URL>
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { layerMemoryTokenStore, StackClient } from "../../../src/client/index.ts"

const [baseUrl = "", projectId = "", publishableClientKey = "", appUrl = ""] = process.argv.slice(2)

const program = Effect.gen(function*() {
  const stack = yield* StackClient
  yield* stack.promptCliLogin({
    appUrl,
    onUrl: (url) => Effect.sync(() => process.stdout.write(`OPEN ${url}\n`)),
    pollIntervalMillis: 250
  })
  const user = yield* stack.getUser()
  return Option.match(user, { onNone: () => "none", onSome: (u) => `${u.id} ${u.primaryEmail ?? ""}` })
})

const layer = StackClient.layer({ projectId, publishableClientKey, baseUrl }).pipe(
  Layer.provide(Layer.merge(layerMemoryTokenStore(), FetchHttpClient.layer))
)

Effect.runPromiseExit(Effect.provide(program, layer)).then((exit) => {
  if (exit._tag === "Success") {
    process.stdout.write(`SIGNED_IN ${exit.value}\n`)
    process.exit(0)
  }
  process.stdout.write(`FAILED ${String(exit.cause)}\n`)
  process.exit(1)
})
