/**
 * A browser app built the way the README tells apps to: stackfx/client over `fetch`, the cookie
 * token store on `document.cookie`, browser navigation and WebAuthn from stackfx/browser, all in one
 * runtime that lives as long as the page. The
 * Chromium tests drive it through `window.stackfxApp`; on `/handler/oauth-callback` it finishes the
 * OAuth sign-in by itself, as an app's callback page does.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import {
  handleOAuthCallback,
  layerBrowserNavigation,
  layerBrowserWebAuthn,
  layerCookieTokenStore,
  layerDocumentCookieJar,
  signInWithOAuth
} from "../../../src/browser/index.ts"
import {
  getUser,
  layerCoreFetch,
  registerPasskey,
  signInWithPassword,
  signInWithPasskey,
  signOut,
  signUpWithPassword,
  TokenStore
} from "../../../src/client/index.ts"
import { pageConfig } from "./config.ts"

const config = pageConfig

const browserServices = Layer.mergeAll(layerDocumentCookieJar, layerBrowserNavigation, layerBrowserWebAuthn)
const live = Layer.mergeAll(
  layerCoreFetch(config).pipe(Layer.provideMerge(layerCookieTokenStore(config.projectId))),
  browserServices
).pipe(Layer.provideMerge(layerDocumentCookieJar))

/** What every call answers the test with: a value, or the failure's tag and message. */
type Outcome<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly tag: string; readonly message: string }

const runtime = ManagedRuntime.make(live)

const run = <A, E extends { readonly _tag: string; readonly message: string }>(
  effect: Effect.Effect<A, E, Layer.Success<typeof live>>
): Promise<Outcome<A>> =>
  runtime.runPromise(effect.pipe(
    Effect.map((value): Outcome<A> => ({ ok: true, value })),
    Effect.catch((error) => Effect.succeed<Outcome<A>>({ ok: false, tag: error._tag, message: error.message }))
  ))

const currentUser = Effect.map(getUser(), (user) =>
  Option.getOrNull(Option.map(user, (u) => ({ id: u.id, primaryEmail: u.primaryEmail, displayName: u.displayName }))))

const app = {
  signUp: (email: string, password: string) => run(Effect.map(signUpWithPassword({ email, password }), (r) => r.userId)),
  signIn: (email: string, password: string) => run(Effect.map(signInWithPassword({ email, password }), (r) => r.userId)),
  user: () => run(currentUser),
  signOut: () => run(signOut()),
  signInWithOAuth: (provider: string) => run(Effect.map(signInWithOAuth({ provider }), (a) => a.url)),
  registerPasskey: () => run(Effect.asVoid(registerPasskey())),
  signInWithPasskey: () => run(Effect.map(signInWithPasskey(), (r) => r.userId)),
  /** Records every change the token store reports (signed in or not) into `stackfxApp.changes`. */
  watch: () =>
    run(Effect.asVoid(Effect.flatMap(TokenStore, (store) =>
      store.subscribe((tokens) => {
        app.changes.push(Option.isSome(tokens.refreshToken) ? "signed in" : "signed out")
      })))),
  changes: [] as Array<string>
}

Object.assign(globalThis, { stackfxApp: app })

// The callback page: finishing the sign-in ends by leaving for the after-sign-in page.
if (location.pathname === "/handler/oauth-callback") void run(handleOAuthCallback())
