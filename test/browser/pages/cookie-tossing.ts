/**
 * The page program of cookie-tossing-in-chromium.test.ts: stackfx's browser token store over the
 * page's real cookies, with two hooks for the test: what session the store reads, and a sign-in
 * that writes one.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { layerCookieTokenStore, layerDocumentCookieJar } from "../../../src/browser/index.ts"
import { TokenStore } from "../../../src/session/token-store.ts"
import { pageConfig } from "./config.ts"

const runtime = ManagedRuntime.make(layerCookieTokenStore(pageConfig.projectId).pipe(Layer.provide(layerDocumentCookieJar)))

const plain = (value: Option.Option<Redacted.Redacted<string>>) => Option.getOrNull(Option.map(value, Redacted.value))

Object.assign(globalThis, {
  stackfxRead: () =>
    runtime.runPromise(Effect.gen(function*() {
      const tokens = yield* (yield* TokenStore).get
      return { refresh: plain(tokens.refreshToken), access: plain(tokens.accessToken) }
    })),
  stackfxSignIn: (refresh: string, access: string) =>
    runtime.runPromise(Effect.gen(function*() {
      yield* (yield* TokenStore).set({ refreshToken: Option.some(Redacted.make(refresh)), accessToken: Option.some(Redacted.make(access)) })
    }))
})
