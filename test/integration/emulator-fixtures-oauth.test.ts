/** Fixture replay for OAuth authorize, the authorization-code grant and connected-account tokens. */
import * as Effect from "effect/Effect"
import { json } from "./emulator-harness.ts"
import { type Bindings, type Case, type Harness, internal, keysOf, live, old, plain, recordedProject, replaySuite, signedIn, unknownProject } from "./emulator-setups.ts"
import { exchange, oauthDance } from "./oauth-dance.ts"

const e2eRedirect = "http://stack-test.localhost/some-callback-url"

/** An authorization code of the internal project, as the 2.7 e2e harness obtained it (plain PKCE). */
const internalCode = (options: { readonly withTotp?: boolean } = {}) => (h: Harness) =>
  Effect.gen(function*() {
    const keys = internal(h)
    const dance = yield* oauthDance(h, { projectId: "internal", publishableClientKey: keys.pck ?? "", redirectUri: e2eRedirect, email: "e2e@example.com" })
    let code = dance.code
    if (options.withTotp === true) {
      const tokens = yield* json(yield* exchange(h, { code, verifier: "some-code-challenge", redirectUri: e2eRedirect, projectId: "internal", pck: keys.pck ?? "" }))
      const accessToken = typeof tokens === "object" && tokens !== null ? String(Reflect.get(tokens, "access_token")) : ""
      yield* h.call("PATCH", "/users/me", { keys: h.internalKeys, user: { accessToken }, json: { totp_secret_base64: "MTIzNDU2Nzg5MDEyMzQ1Njc4OTA=" } })
      code = (yield* oauthDance(h, { projectId: "internal", publishableClientKey: keys.pck ?? "", redirectUri: e2eRedirect, email: "e2e@example.com" })).code
    }
    return { ...keys, overrides: { "body.code": code, "body.client_secret": keys.pck } } satisfies Bindings
  })

const cases: ReadonlyArray<Case> = [
  live("auth-oauth-authorize-invalid-client-id.json", (h) => Effect.succeed({ ...keysOf(h), projectId: unknownProject })),
  live("auth-oauth-authorize-provider-not-enabled.json", (h) => Effect.as(recordedProject(h, ["github"]), keysOf(h))),
  live("auth-oauth-authorize-redirect.json", plain),
  live("auth-oauth-authorize-untrusted-redirect-uri-still-redirects.json", plain),
  live("connected-accounts-access-token-not-connected.json", signedIn),
  live("connected-accounts-access-token-provider-not-enabled.json", (h) => Effect.andThen(recordedProject(h, ["github"]), signedIn(h))),
  live("connected-accounts-access-token-shared-keys.json", signedIn),
  old("auth-oauth-authorize-invalid-client-id.json", (h) => Effect.succeed(internal(h))),
  old("auth-oauth-token-authorization-code-success.json", internalCode()),
  // auth-oauth-token-invalid-redirect-uri.json (2.7: REDIRECT_URL_NOT_WHITELISTED) is superseded: backend
  // 2.8.86 answers a plain-text 400 (see emulator-mock-oauth.test.ts).
  old("auth-oauth-token-mfa-required.json", internalCode({ withTotp: true }))
]

replaySuite("emulator fixture replay: OAuth and connected accounts", cases)
