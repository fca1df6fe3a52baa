/**
 * The floor of the bundle-size benchmark: the same job as client-sign-in.ts (sign in with a password,
 * read the current user) written directly against Effect, with the Effect modules stackfx's client
 * uses (fetch through `Effect.tryPromise`, as stackfx's fetch transport does) and none of stackfx.
 * What stackfx adds on top of this is its own weight.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Ref from "effect/Ref"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as Semaphore from "effect/Semaphore"

const Tokens = Schema.Struct({ access_token: Schema.String, refresh_token: Schema.String, user_id: Schema.String })
const User = Schema.Struct({ id: Schema.String, primary_email: Schema.NullOr(Schema.String) })
class ApiError extends Schema.TaggedError<ApiError>()("ApiError", { code: Schema.String, message: Schema.String }) {}

class Store extends Context.Service<Store, Ref.Ref<Option.Option<Redacted.Redacted<string>>>>()(
  "floor/Store"
) {}

const base = "https://api.stack-auth.com/api/v1"

const fetchJson = <A>(path: string, init: RequestInit, schema: Schema.Decoder<A>) =>
  Effect.tryPromise({
    try: (signal) => fetch(`${base}${path}`, { ...init, signal }).then((response) => response.text()),
    catch: () => new ApiError({ code: "NETWORK", message: "no response" })
  }).pipe(
    Effect.retry({ schedule: Schedule.exponential("1 second"), times: 5 }),
    Effect.flatMap((text) => Schema.decodeUnknownEffect(schema)(JSON.parse(text))),
    Effect.mapError((error) => new ApiError({ code: "BAD_RESPONSE", message: error.message }))
  )

const program = Effect.gen(function*() {
  const store = yield* Store
  const lock = yield* Semaphore.make(1)
  const signIn = yield* fetchJson("/auth/password/sign-in", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "a@example.com", password: "password" })
  }, Tokens)
  yield* lock.withPermit(Ref.set(store, Option.some(Redacted.make(signIn.access_token))))
  const token = yield* Ref.get(store)
  const user = yield* fetchJson("/users/me", {
    headers: { "x-stack-access-token": Option.match(token, { onNone: () => "", onSome: Redacted.value }) }
  }, User)
  if (user.primary_email === null) return yield* new ApiError({ code: "NO_EMAIL", message: "no e-mail" })
  return user
})

const StoreLive = Layer.effect(Store, Ref.make(Option.none<Redacted.Redacted<string>>()))

Effect.runFork(program.pipe(Effect.provide(StoreLive)))
