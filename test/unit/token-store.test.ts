/** The memory TokenStore: values, listeners and the Stream of changes. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Stream from "effect/Stream"
import { noTokens, type UserTokens } from "../../src/http/access.ts"
import { tokenChanges } from "../../src/session/token-changes.ts"
import { makeMemoryTokenStore } from "../../src/session/token-store.ts"

const tokens = (access: string): UserTokens => ({
  accessToken: Option.some(Redacted.make(access)),
  refreshToken: Option.some(Redacted.make(`refresh-${access}`))
})
const accessOf = (t: UserTokens) => Option.getOrUndefined(Option.map(t.accessToken, Redacted.value))

describe("memory TokenStore", () => {
  it.effect("set, get and clear", () =>
    Effect.gen(function*() {
      const store = yield* makeMemoryTokenStore()
      assert.strictEqual(accessOf(yield* store.get), undefined)
      yield* store.set(tokens("a"))
      assert.strictEqual(accessOf(yield* store.get), "a")
      yield* store.clear
      assert.deepStrictEqual(yield* store.get, noTokens)
    }))

  it.effect("listeners hear every change until they unsubscribe", () =>
    Effect.gen(function*() {
      const store = yield* makeMemoryTokenStore()
      const heard: Array<string | undefined> = []
      const unsubscribe = yield* store.subscribe((t) => heard.push(accessOf(t)))
      yield* store.set(tokens("a"))
      yield* store.clear
      yield* unsubscribe
      yield* store.set(tokens("b"))
      assert.deepStrictEqual(heard, ["a", undefined])
    }))

  it.effect("tokenChanges starts with the current value and follows changes", () =>
    Effect.gen(function*() {
      const store = yield* makeMemoryTokenStore(tokens("first"))
      const fiber = yield* tokenChanges(store).pipe(Stream.take(3), Stream.runCollect, Effect.forkChild)
      yield* Effect.yieldNow
      yield* store.set(tokens("second"))
      yield* store.set(tokens("third"))
      const seen = yield* Fiber.join(fiber)
      assert.deepStrictEqual(Array.from(seen, accessOf), ["first", "second", "third"])
    }))
})
