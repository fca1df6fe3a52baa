/**
 * The `WebAuthn` service in a real browser, with @simplewebauthn/browser, loaded on the first passkey
 * ceremony (a dynamic import, so bundlers leave it out of the page's first load): the relying party is the
 * page's hostname; the server's options are decoded into the library's option types (members the
 * library does not know are left out); any failure of the ceremony becomes `PasskeyWebAuthnError`
 * with the browser's message and error name.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { WebAuthn, webAuthnError } from "../client/auth/passkey.ts"
import type { ReadResult } from "../model/generated/kit.ts"
import { readCreationOptions, readRequestOptions } from "../model/generated/readers.ts"
import type { Json } from "../wire/common.ts"
import { isJson } from "../wire/json-value.ts"

/** The library, fetched when a ceremony first needs it. */
const library = Effect.tryPromise({
  try: () => import("@simplewebauthn/browser"),
  catch: (error) => webAuthnError(`Could not load the passkey support: ${String(error)}`, "NotSupportedError")
})

const failure = (error: unknown) =>
  error instanceof Error ? webAuthnError(error.message, error.name) : webAuthnError(String(error), "UnknownError")

const notJson = () => webAuthnError("The browser's WebAuthn answer is not JSON", "EncodingError")

/** The library's answer as JSON, for the wire. */
const asJson = (value: object): Effect.Effect<Json, ReturnType<typeof notJson>> =>
  Effect.flatMap(
    Effect.try({ try: (): unknown => JSON.parse(JSON.stringify(value)), catch: notJson }),
    // `isJson` checked it: a JSON value.
    (copy) => isJson(copy) ? Effect.succeed(copy as Json) : Effect.fail(notJson())
  )

/** The server's options read with `read`, or why the library could not take them. */
const usable = <A>(read: (input: unknown) => ReadResult<A>, options: unknown) =>
  Effect.suspend(() => {
    const result = read(options)
    return Result.isSuccess(result)
      ? Effect.succeed(result.success)
      : Effect.fail(webAuthnError(`The server's passkey options are not usable: ${result.failure.message}`, "TypeError"))
  })

/** `WebAuthn` over `navigator.credentials`, for browsers. */
export const layerBrowserWebAuthn: Layer.Layer<WebAuthn> = Layer.succeed(WebAuthn, WebAuthn.of({
  rpId: Effect.sync(() => globalThis.location?.hostname ?? "localhost"),
  register: (options) =>
    Effect.gen(function*() {
      const optionsJSON = yield* usable(readCreationOptions, options)
      const { startRegistration } = yield* library
      const response = yield* Effect.tryPromise({ try: () => startRegistration({ optionsJSON }), catch: failure })
      return yield* asJson(response)
    }),
  authenticate: (options) =>
    Effect.gen(function*() {
      const optionsJSON = yield* usable(readRequestOptions, options)
      const { startAuthentication } = yield* library
      const response = yield* Effect.tryPromise({ try: () => startAuthentication({ optionsJSON }), catch: failure })
      return yield* asJson(response)
    })
}))
