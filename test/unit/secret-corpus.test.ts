/**
 * Credentials a server hands out are not in the request, so the pipeline cannot hide them by value.
 * Over a generated corpus of answers to a sign-in (the token under many names, nestings and types,
 * in every status and content type the pipeline reads, in known-error messages and details), no
 * rendering of the resulting error shows an 8-character fragment of any token.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { randomBytes } from "node:crypto"
import { inspect } from "node:util"
import { EmailPasswordMismatch } from "../../src/errors/catalogue.ts"
import { StackResponseError } from "../../src/errors/transport.ts"
import { noTokens } from "../../src/http/access.ts"
import { type Endpoint, json } from "../../src/http/endpoint.ts"
import { send } from "../../src/http/send.ts"
import { StackTransport } from "../../src/http/transport.ts"
import { base32, secureCode } from "../../src/emulator/ids.ts"

const config = {
  baseUrl: "https://stack.test",
  keys: { projectId: "p1", publishableClientKey: Redacted.make("pck_corpus_client_key_0123456789") }
}

const Tokens = Schema.Struct({ access_token: Schema.String, refresh_token: Schema.String, user_id: Schema.String })
const signIn: Endpoint<typeof Tokens.Type, readonly [typeof EmailPasswordMismatch]> = {
  method: "POST",
  path: "/auth/password/sign-in",
  level: "client",
  body: { _tag: "Json", value: { email: "ada@example.com", password: "correct horse battery" } },
  response: json(Tokens),
  errors: [EmailPasswordMismatch]
}

/** Credentials as Stack servers mint them: refresh tokens and codes, a JWT, random base64url, a key. */
const tokens = [
  secureCode(),
  `eyJhbGciOiJFUzI1NiIsImtpZCI6IjEyMyJ9.${randomBytes(90).toString("base64url")}.${randomBytes(64).toString("base64url")}`,
  randomBytes(32).toString("base64url"),
  `ssk_${base32(45)}`,
  randomBytes(24).toString("hex")
]

const names = ["refresh_token", "refreshtok", "refreshToken", "rt", "data", "x", "Refresh-Token", "session"]

/** Ways a value can be wrapped: as is, in arrays, objects, inside longer strings. */
const wrappings: ReadonlyArray<(token: string) => unknown> = [
  (token) => token,
  (token) => [token],
  (token) => [[{ value: token }]],
  (token) => ({ token: { nested: token } }),
  (token) => `Bearer ${token}`,
  (token) => `refresh=${token}; path=/`,
  (token) => `${token}:${token}`,
  (token) => ({ [token]: true })
]

/** A body for each name and wrapping, at the top and nested under other keys. */
const bodies = (token: string): Array<unknown> =>
  names.flatMap((name) =>
    wrappings.flatMap((wrap) => [
      { [name]: wrap(token) },
      { user_id: "7ac5f2e0-0000-4000-8000-000000000001", access_token: 42, [name]: wrap(token) },
      { result: { session: { [name]: wrap(token) } } },
      [wrap(token)]
    ])
  )

interface Answer {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: string
}

const answersFor = (token: string): Array<Answer> => {
  const answers: Array<Answer> = []
  const jsonType = { "content-type": "application/json" }
  for (const body of bodies(token)) {
    const text = JSON.stringify(body)
    answers.push({ status: 200, headers: jsonType, body: text })
    answers.push({ status: 400, headers: jsonType, body: text })
    // Known errors whose message or details quote the token: declared, undeclared, unknown codes.
    answers.push({
      status: 400,
      headers: { ...jsonType, "x-stack-known-error": "EMAIL_PASSWORD_MISMATCH" },
      body: JSON.stringify({ code: "EMAIL_PASSWORD_MISMATCH", error: `Wrong password ${JSON.stringify(body)}` })
    })
    answers.push({
      status: 404,
      headers: { ...jsonType, "x-stack-known-error": "USER_NOT_FOUND" },
      body: JSON.stringify({ code: "USER_NOT_FOUND", error: "No user", details: body })
    })
    answers.push({
      status: 400,
      headers: { ...jsonType, "x-stack-known-error": "SOMETHING_NEW" },
      body: JSON.stringify({ code: "SOMETHING_NEW", error: JSON.stringify(body), details: body })
    })
    answers.push({ status: 400, headers: { ...jsonType, "x-stack-known-error": "EMAIL_PASSWORD_MISMATCH" }, body: text })
  }
  answers.push({ status: 200, headers: { "content-type": "text/plain" }, body: `refresh token: ${token}` })
  answers.push({ status: 200, headers: { "content-type": "application/json" }, body: `{"refresh_token": "${token}"` })
  answers.push({ status: 502, headers: { "content-type": "text/html" }, body: `<p>${token}</p>` })
  return answers
}

const answering = (answer: Answer) =>
  StackTransport.of({
    send: () => Effect.succeed({ status: answer.status, headers: answer.headers, text: Effect.succeed(answer.body) })
  })

/** Every 8-character run of `token` (the pipeline's smallest hidden secret). */
const fragments = (token: string) => Array.from({ length: token.length - 7 }, (_, i) => token.slice(i, i + 8))

describe("credentials the server sends, in any shape", () => {
  it.effect("no rendering of any error shows a fragment of a token, over the whole corpus", () =>
    Effect.gen(function*() {
      let checked = 0
      const tags = new Set<string>()
      for (const token of tokens) {
        const pieces = fragments(token)
        for (const answer of answersFor(token)) {
          const error = yield* Effect.flip(send(config, signIn, noTokens).pipe(Effect.provideService(StackTransport, answering(answer))))
          tags.add("reason" in error ? `${error._tag}/${String(error.reason)}` : error._tag)
          const renderings = [
            String(error),
            JSON.stringify(error),
            inspect(error, { depth: 20 }),
            error.message,
            Cause.pretty(Cause.fail(error))
          ].join("\n")
          const leaked = pieces.find((piece) => renderings.includes(piece))
          if (leaked !== undefined) {
            assert.fail(`"${leaked}" of ${token.slice(0, 6)}… shows in ${error._tag} for ${answer.status} ${answer.body.slice(0, 120)}`)
          }
          checked++
        }
      }
      // The corpus reaches every way an answer can fail, so the check above covers each of them.
      for (const tag of [
        "StackResponseError/SchemaMismatch",
        "StackResponseError/UnexpectedStatus",
        "StackResponseError/UnexpectedContentType",
        "StackResponseError/MalformedJson",
        "EmailPasswordMismatch",
        "UnexpectedKnownError",
        "UnsupportedError"
      ]) assert.isTrue(tags.has(tag), `the corpus never produced ${tag}: ${[...tags].join(", ")}`)
      assert.isAbove(checked, 1500)
    }))

  it.effect("a schema mismatch still says what was wrong: the path and the shape, without the strings", () =>
    Effect.gen(function*() {
      const token = secureCode()
      const error = yield* Effect.flip(
        send(config, signIn, noTokens).pipe(Effect.provideService(
          StackTransport,
          answering({ status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify({ refreshtok: token, user_id: "u1" }) })
        ))
      )
      if (!(error instanceof StackResponseError)) return assert.fail(`expected a StackResponseError, got ${error._tag}`)
      assert.strictEqual(error.reason, "SchemaMismatch")
      assert.strictEqual(error.bodyExcerpt, "{\"refreshtok\":\"<string>\",\"user_id\":\"<string>\"}")
      assert.include(error.description, "access_token")
      assert.notInclude(error.description, token.slice(0, 8))
    }))
})
