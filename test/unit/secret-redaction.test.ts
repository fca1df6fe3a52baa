/**
 * Secrets are hidden before any text is cut: a server that echoes a token or key anywhere in an
 * error body (here at every offset around the 200-character excerpt) shows no fragment of it in
 * any rendering of the error.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { json } from "../../src/http/endpoint.ts"
import { send } from "../../src/http/send.ts"
import { StackTransport } from "../../src/http/transport.ts"

const refreshToken = "r7k2m9p4q8s1t6v3w5x0y2z7a9b4c6d8e1f3g5h7j9k2m"
const accessToken = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1MSIsImV4cCI6OTk5OTk5OTk5OX0.c2lnbmF0dXJlLXNpZ25hdHVyZQ"
const serverKey = "ssk_9f8e7d6c5b4a39281706f5e4d3c2b1a0"
const secrets = [refreshToken, accessToken, serverKey]

const config = {
  baseUrl: "https://stack.test",
  keys: { projectId: "p1", secretServerKey: Redacted.make(serverKey) }
}
const tokens = { accessToken: Option.some(Redacted.make(accessToken)), refreshToken: Option.some(Redacted.make(refreshToken)) }
const endpoint = { method: "GET", path: "/users/me", level: "server", response: json(Schema.Struct({ id: Schema.String })), errors: [] } as const

/** Every run of 8 characters of `secret`. */
const fragments = (secret: string) => Array.from({ length: secret.length - 7 }, (_, i) => secret.slice(i, i + 8))

const answering = (status: number, contentType: string, body: string) =>
  StackTransport.of({ send: () => Effect.succeed({ status, headers: { "content-type": contentType }, text: Effect.succeed(body) }) })

describe("secrets in error text", () => {
  it.effect("a secret echoed at any offset around the excerpt's cut leaves no 8-character fragment in the error", () =>
    Effect.gen(function*() {
      for (const secret of secrets) {
        for (let offset = 140; offset <= 210; offset++) {
          const body = `${"x".repeat(offset)}${secret}${"y".repeat(120)}`
          for (const [status, contentType] of [[500, "text/html"], [200, "text/plain"], [200, "application/json"]] as const) {
            const error = yield* Effect.flip(send(config, endpoint, tokens).pipe(Effect.provideService(StackTransport, answering(status, contentType, body))))
            const renderings = [String(error), JSON.stringify(error), error.message, "description" in error ? String(error.description) : ""].join("\n")
            for (const fragment of fragments(secret)) {
              if (renderings.includes(fragment)) assert.fail(`offset ${offset}, ${status} ${contentType}: "${fragment}" of a secret shows in ${error._tag}`)
            }
          }
        }
      }
    }))
})
