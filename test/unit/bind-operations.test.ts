/**
 * The bound client's methods run their operation with the client's core added to the caller's
 * context. The context with the core is reused while callers run on the same context; a caller with
 * other services gets its own, never a stale one.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { bindOperations, type ClientContext, StackClientCore } from "../../src/client/context.ts"

class Greeting extends Context.Service<Greeting, string>()("test/Greeting") {}

/** A core no operation here sends with: only its identity is checked. */
const fakeCore = (): ClientContext => ({
  runtime: undefined as never,
  session: undefined as never,
  startSession: () => Effect.die("not used")
})

const ops = {
  coreAndGreeting: () =>
    Effect.gen(function*() {
      const core = yield* StackClientCore
      const greeting = yield* Greeting
      return { core, greeting }
    }),
  coreOnly: () => Effect.flatMap(StackClientCore, (core) => Effect.succeed(core))
}

describe("bindOperations", () => {
  it.effect("gives each call the core and the caller's own services, context after context", () =>
    Effect.gen(function*() {
      const core = fakeCore()
      const bound = bindOperations(core, ops)
      for (const greeting of ["hello", "hello", "bonjour", "hello"]) {
        const seen = yield* Effect.provideService(bound.coreAndGreeting(), Greeting, greeting)
        assert.strictEqual(seen.core, core)
        assert.strictEqual(seen.greeting, greeting)
      }
      assert.strictEqual(yield* bound.coreOnly(), core)
    }))

  it.effect("leaves the caller's context as it was once the call is over", () =>
    Effect.gen(function*() {
      const bound = bindOperations(fakeCore(), ops)
      yield* bound.coreOnly()
      const after = yield* Effect.serviceOption(StackClientCore)
      assert.strictEqual(after._tag, "None")
    }))

  it.effect("two clients bound side by side keep their own cores", () =>
    Effect.gen(function*() {
      const first = fakeCore()
      const second = fakeCore()
      const a = bindOperations(first, ops)
      const b = bindOperations(second, ops)
      assert.strictEqual(yield* a.coreOnly(), first)
      assert.strictEqual(yield* b.coreOnly(), second)
      assert.strictEqual(yield* a.coreOnly(), first)
    }))
})
