/**
 * Client JSON (SPEC §5): options handed from a server render to the browser are rebuilt and checked;
 * the same JSON under an identifier gives the same options again; other JSON under a taken
 * identifier is ClientJsonMismatch; bad JSON and a secret key are InvalidStackOptions.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { fromClientJson, toClientJson } from "../../src/client/index.ts"

const options = { projectId: "7ac5f2e0-0000-4000-8000-000000000001", publishableClientKey: "pck_abc", baseUrl: "http://localhost:8102" }

describe("client JSON", () => {
  it.effect("round trips, and the same JSON (in any key order) may be built again", () =>
    Effect.gen(function*() {
      const json = toClientJson(options, "app-round-trip")
      assert.deepStrictEqual(json, { uniqueIdentifier: "app-round-trip", ...options })
      assert.deepStrictEqual(yield* fromClientJson(JSON.parse(JSON.stringify(json))), options)
      const reordered = { baseUrl: options.baseUrl, uniqueIdentifier: "app-round-trip", publishableClientKey: "pck_abc", projectId: options.projectId }
      assert.deepStrictEqual(yield* fromClientJson(reordered), options)
    }))

  it.effect("other JSON under a taken identifier is ClientJsonMismatch; another identifier is free", () =>
    Effect.gen(function*() {
      yield* fromClientJson(toClientJson(options, "app-taken"))
      const error = yield* Effect.flip(fromClientJson(toClientJson({ ...options, baseUrl: "http://localhost:9999" }, "app-taken")))
      assert.strictEqual(error._tag, "ClientJsonMismatch")
      assert.include(error.message, "does not match the configuration of the existing client app with the same unique identifier")
      const other = yield* fromClientJson(toClientJson({ ...options, baseUrl: "http://localhost:9999" }, "app-other"))
      assert.strictEqual(other.baseUrl, "http://localhost:9999")
    }))

  it.effect("JSON that is not client JSON, or that holds a secret key, is InvalidStackOptions", () =>
    Effect.gen(function*() {
      for (const bad of [null, "text", { projectId: 1, uniqueIdentifier: "x" }, { projectId: "p" }]) {
        const error = yield* Effect.flip(fromClientJson(bad))
        assert.strictEqual(error._tag, "InvalidStackOptions")
      }
      const secret = yield* Effect.flip(fromClientJson({ ...toClientJson(options, "app-secret"), publishableClientKey: "ssk_leak" }))
      assert.strictEqual(secret._tag, "InvalidStackOptions")
    }))
})
