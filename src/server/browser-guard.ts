/**
 * Secret keys never run in a browser: a bundle that builds `StackServer` or `StackAdmin` into a web
 * page ships its secret server key (or admin key) to every visitor. Their layers refuse to build in
 * a browser-like environment unless the app says it knows what it is doing (tests in jsdom, say).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/** `StackServer` or `StackAdmin` was built in a browser-like environment; nothing was sent. */
export class SecretKeyInBrowser extends Schema.TaggedError<SecretKeyInBrowser>()("SecretKeyInBrowser", {
  app: Schema.String,
  message: Schema.String
}) {}

/** True where `window` and `document` exist (browsers, jsdom, happy-dom). */
export const isBrowserLike = (): boolean => typeof globalThis.window !== "undefined" && typeof globalThis.document !== "undefined"

/** Fails with `SecretKeyInBrowser` in a browser-like environment unless `allowed`. */
export const refuseInBrowser = (app: "StackServer" | "StackAdmin", allowed: boolean | undefined): Effect.Effect<void, SecretKeyInBrowser> =>
  allowed === true || !isBrowserLike()
    ? Effect.void
    : Effect.fail(new SecretKeyInBrowser({
      app,
      message: `${app} holds a secret key and must not run in a browser: every visitor could read the key. ` +
        "Call it from your server (or pass dangerouslyAllowBrowser: true in tests that fake a browser)."
    }))
