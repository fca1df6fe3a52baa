/**
 * The floor of the bundle-size benchmark: the same job as client-sign-in.ts (sign in with a password,
 * read the current user) written directly against Effect, with the Effect modules stackfx uses and
 * none of stackfx. What stackfx adds on top of this is its own weight.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as Semaphore from "effect/Semaphore"
import * as Ref from "effect/Ref"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"

const Tokens = Schema.Struct({ access_token: Schema.String, refresh_token: Schema.String, user_id: Schema.String })
const User = Schema.Struct({ id: Schema.String, primary_email: Schema.NullOr(Schema.String) })
class ApiError extends Schema.TaggedError<ApiError>()("ApiError", { code: Schema.String, message: Schema.String }) {}

class Store extends Context.Service<Store, Ref.Ref<Option.Option<Redacted.Redacted<string>>>>()(
  "floor/Store"
) {}

const program = Effect.gen(function*() {
  const client = (yield* HttpClient.HttpClient).pipe(
    HttpClient.mapRequest(HttpClientRequest.prependUrl("https://api.stack-auth.com/api/v1")),
    HttpClient.retryTransient({ schedule: Schedule.exponential("1 second"), times: 5 })
  )
  const store = yield* Store
  const lock = yield* Semaphore.make(1)
  const signIn = yield* client.execute(
    HttpClientRequest.post("/auth/password/sign-in").pipe(
      HttpClientRequest.bodyJsonUnsafe({ email: "a@example.com", password: "password" })
    )
  ).pipe(Effect.flatMap(HttpClientResponse.schemaBodyJson(Tokens)))
  yield* lock.withPermit(Ref.set(store, Option.some(Redacted.make(signIn.access_token))))
  const token = yield* Ref.get(store)
  const user = yield* client.execute(
    HttpClientRequest.get("/users/me").pipe(
      HttpClientRequest.setHeader("x-stack-access-token", Option.match(token, { onNone: () => "", onSome: Redacted.value }))
    )
  ).pipe(Effect.flatMap(HttpClientResponse.schemaBodyJson(User)))
  if (user.primary_email === null) return yield* new ApiError({ code: "NO_EMAIL", message: "no e-mail" })
  return user
})

const StoreLive = Layer.effect(Store, Ref.make(Option.none<Redacted.Redacted<string>>()))

Effect.runFork(program.pipe(Effect.provide(Layer.merge(FetchHttpClient.layer, StoreLive))))
