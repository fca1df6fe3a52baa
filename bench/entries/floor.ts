/**
 * The floor of the bundle-size benchmark: the same job as client-sign-in.ts (sign in with a password,
 * read the current user) written directly against Effect, with the Effect modules stackfx's client
 * uses (fetch through `Effect.tryPromise`, as stackfx's fetch transport does) and none of stackfx.
 * What stackfx adds on top of this is its own weight. Like stackfx's browser paths, it reads bodies
 * with plain checks and has a `Data.TaggedError`, not effect/Schema (once the client read responses
 * without Schema, a floor with Schema outweighed the client).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Ref from "effect/Ref"
import * as Schedule from "effect/Schedule"
import * as Data from "effect/Data"
import * as Semaphore from "effect/Semaphore"

interface Tokens {
  readonly access_token: string
  readonly refresh_token: string
  readonly user_id: string
}
interface User {
  readonly id: string
  readonly primary_email: string | null
}
class ApiError extends Data.TaggedError("ApiError")<{ readonly code: string; readonly message: string }> {}

/** Reads a response body as `A` (`undefined`: it is not one). */
type Reader<A> = (body: unknown) => A | undefined

const field = (body: unknown, key: string): unknown =>
  typeof body === "object" && body !== null && Object.hasOwn(body, key) ? Reflect.get(body, key) : undefined

const readTokens: Reader<Tokens> = (body) => {
  const [access_token, refresh_token, user_id] = ["access_token", "refresh_token", "user_id"].map((key) => field(body, key))
  return typeof access_token === "string" && typeof refresh_token === "string" && typeof user_id === "string"
    ? { access_token, refresh_token, user_id }
    : undefined
}

const readUser: Reader<User> = (body) => {
  const id = field(body, "id")
  const primary_email = field(body, "primary_email")
  return typeof id === "string" && (primary_email === null || typeof primary_email === "string") ? { id, primary_email } : undefined
}

class Store extends Context.Service<Store, Ref.Ref<Option.Option<Redacted.Redacted<string>>>>()(
  "floor/Store"
) {}

const base = "https://api.stack-auth.com/api/v1"

const fetchJson = <A>(path: string, init: RequestInit, read: Reader<A>) =>
  Effect.tryPromise({
    try: (signal) => fetch(`${base}${path}`, { ...init, signal }).then((response) => response.text()),
    catch: () => new ApiError({ code: "NETWORK", message: "no response" })
  }).pipe(
    Effect.retry({ schedule: Schedule.exponential("1 second"), times: 5 }),
    Effect.flatMap((text) => {
      const value = read(JSON.parse(text))
      return value === undefined ? Effect.fail(new ApiError({ code: "BAD_RESPONSE", message: "unexpected body" })) : Effect.succeed(value)
    })
  )

const program = Effect.gen(function*() {
  const store = yield* Store
  const lock = yield* Semaphore.make(1)
  const signIn = yield* fetchJson("/auth/password/sign-in", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "a@example.com", password: "password" })
  }, readTokens)
  yield* lock.withPermit(Ref.set(store, Option.some(Redacted.make(signIn.access_token))))
  const token = yield* Ref.get(store)
  const user = yield* fetchJson("/users/me", {
    headers: { "x-stack-access-token": Option.match(token, { onNone: () => "", onSome: Redacted.value }) }
  }, readUser)
  if (user.primary_email === null) return yield* new ApiError({ code: "NO_EMAIL", message: "no e-mail" })
  return user
})

const StoreLive = Layer.effect(Store, Ref.make(Option.none<Redacted.Redacted<string>>()))

Effect.runFork(program.pipe(Effect.provide(StoreLive)))
