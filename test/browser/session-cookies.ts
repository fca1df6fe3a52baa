/**
 * A signed-up user's session as browser cookies, for Chromium tests that start a page already signed
 * in: sign up over HTTP with the fetch core, then hand the tokens to a browser context.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type { BrowserContext } from "playwright-core"
import { tokenCookieNames } from "../../src/browser/index.ts"
import {
  createTeam,
  layerCoreFetch,
  makeMemoryTokenStore,
  signUpWithPassword,
  type StackClientOptions,
  TokenStore,
  updateUser
} from "../../src/client/index.ts"

/** The tokens of a new user (password `correct horse battery`) with a display name and a team. */
export const signedUpUser = (config: StackClientOptions, profile: { readonly email: string; readonly displayName: string; readonly team?: string }) =>
  Effect.gen(function*() {
    const store = yield* makeMemoryTokenStore()
    const core = layerCoreFetch(config).pipe(Layer.provide(Layer.succeed(TokenStore, store)))
    yield* Effect.gen(function*() {
      yield* signUpWithPassword({ email: profile.email, password: "correct horse battery" })
      yield* updateUser({ displayName: profile.displayName })
      if (profile.team !== undefined) yield* createTeam({ displayName: profile.team })
    }).pipe(Effect.provide(core), Effect.orDie)
    const tokens = yield* store.get
    return {
      refresh: Redacted.value(Option.getOrThrow(tokens.refreshToken)),
      access: Redacted.value(Option.getOrThrow(tokens.accessToken)),
      /** Runs a client effect as this user (e.g. to end the session on the server). */
      core
    }
  })

/** The same access token with its expiry moved into the past: the client refreshes before using it. */
export const expiredCopy = (accessToken: string): string => {
  const [header = "", payload = "", signature = ""] = accessToken.split(".")
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>
  const expired = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })).toString("base64url")
  return `${header}.${expired}.${signature}`
}

/** Puts a session in `context`'s cookies for `origin` (the refresh token, and the access token if given). */
export const addSessionCookies = (
  context: BrowserContext,
  origin: string,
  projectId: string,
  session: { readonly refresh: string; readonly access?: string | undefined }
) => {
  const names = tokenCookieNames(projectId)
  return Effect.promise(() =>
    context.addCookies([
      { name: names.refresh, value: session.refresh, url: origin },
      ...(session.access === undefined
        ? []
        : [{ name: names.access, value: encodeURIComponent(JSON.stringify([session.refresh, session.access])), url: origin }])
    ])
  )
}
