/**
 * Image storage (`storageBaseUrl`): base64 profile images and logos are stored and records keep a
 * storage URL that serves the image, as on the service; without a storage the data URL is kept.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { json, makeHarness } from "./emulator-harness.ts"

const storageOrigin = "http://localhost:8121"
const gif = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="
const field = (body: unknown, key: string): unknown => (typeof body === "object" && body !== null ? Reflect.get(body, key) : undefined)

describe("emulator: image storage", () => {
  it.effect("a user's base64 image becomes a storage URL that serves the same bytes", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ storageBaseUrl: storageOrigin })
      const user = yield* h.signUp()
      const updated = yield* json(yield* h.call("PATCH", "/users/me", { user, json: { profile_image_url: gif } }))
      const url = String(field(updated, "profile_image_url"))
      assert.match(url, /^http:\/\/localhost:8121\/stack-storage\/user-profile-images\/[0-9a-f-]{36}\.gif$/)
      const image = yield* h.emu.handle(new Request(url))
      assert.strictEqual(image.status, 200)
      assert.strictEqual(image.headers.get("content-type"), "image/gif")
      const bytes = new Uint8Array(yield* Effect.promise(() => image.arrayBuffer()))
      assert.deepStrictEqual([...bytes], [...Buffer.from(gif.split(",")[1] ?? "", "base64")])
    }))

  it.effect("team images and project logos go to their folders; plain URLs and no storage keep the value", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ storageBaseUrl: storageOrigin })
      const team = yield* json(yield* h.call("POST", "/teams", { accessType: "server", json: { display_name: "Pics", profile_image_url: gif } }))
      assert.match(String(field(team, "profile_image_url")), /\/stack-storage\/team-profile-images\/[0-9a-f-]{36}\.gif$/)
      const project = yield* json(yield* h.call("PATCH", "/internal/projects/current", { accessType: "admin", json: { logo_url: gif } }))
      assert.match(String(field(project, "logo_url")), /\/stack-storage\/project-logos\/[0-9a-f-]{36}\.gif$/)
      const plain = yield* json(yield* h.call("POST", "/teams", { accessType: "server", json: { display_name: "Link", profile_image_url: "https://example.com/a.png" } }))
      assert.strictEqual(field(plain, "profile_image_url"), "https://example.com/a.png")
      const without = yield* makeHarness()
      const kept = yield* json(yield* without.call("POST", "/teams", { accessType: "server", json: { display_name: "Kept", profile_image_url: gif } }))
      assert.strictEqual(field(kept, "profile_image_url"), gif)
    }))
})
