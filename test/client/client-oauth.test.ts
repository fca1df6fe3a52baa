/** StackClient OAuth (PKCE) against the emulator's mock provider, driven request by request. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Crypto from "node:crypto"
import { StackClient } from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { inProcess } from "./client-harness.ts"
import { runProvider } from "./mock-provider-dance.ts"

const redirectUrl = "http://localhost:3000/handler/oauth-callback?code=old&state=old&keep=1"
const errorRedirectUrl = "http://localhost:3000/handler/error"

describe("StackClient OAuth (in-process)", () => {
  it.effect("the authorize URL carries PKCE S256, state, scope legacy, type, and a cleaned redirect URI", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const emu = yield* Emulator
      const authorization = yield* stack.getOAuthAuthorizeUrl({ provider: "GitHub", redirectUrl, errorRedirectUrl })
      const url = new URL(authorization.url)
      const params = url.searchParams
      assert.strictEqual(url.pathname, "/api/v1/auth/oauth/authorize/github")
      assert.strictEqual(params.get("client_id"), emu.info.projectId)
      assert.strictEqual(params.get("code_challenge_method"), "S256")
      const expected = Crypto.createHash("sha256").update(Redacted.value(authorization.codeVerifier)).digest("base64url")
      assert.strictEqual(params.get("code_challenge"), expected)
      assert.strictEqual(params.get("state"), authorization.state)
      assert.strictEqual(params.get("scope"), "legacy")
      assert.strictEqual(params.get("type"), "authenticate")
      assert.strictEqual(params.get("response_type"), "code")
      assert.strictEqual(params.get("error_redirect_url"), errorRedirectUrl)
      assert.strictEqual(params.get("redirect_uri"), "http://localhost:3000/handler/oauth-callback?keep=1")
      assert.strictEqual(authorization.redirectUri, "http://localhost:3000/handler/oauth-callback?keep=1")
      const other = yield* stack.getOAuthAuthorizeUrl({ provider: "github", redirectUrl, errorRedirectUrl })
      assert.notStrictEqual(other.state, authorization.state)
    }).pipe(Effect.provide(inProcess())))

  it.effect("the provider's callback code signs a new user in; the same identity again is an existing user", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const email = "oauth-client@example.com"
      const authorization = yield* stack.getOAuthAuthorizeUrl({ provider: "github", redirectUrl, errorRedirectUrl })
      const back = yield* runProvider(authorization.url, email)
      const backUrl = new URL(back)
      assert.strictEqual(`${backUrl.origin}${backUrl.pathname}`, "http://localhost:3000/handler/oauth-callback")
      assert.strictEqual(backUrl.searchParams.get("state"), authorization.state)
      assert.isNotNull(backUrl.searchParams.get("code"))
      const first = yield* stack.completeOAuthSignIn(back, authorization)
      assert.isTrue(first.isNewUser)
      const user = yield* stack.getUserOrFail()
      assert.strictEqual(user.id, first.userId)
      assert.strictEqual(user.primaryEmail, email)
      yield* stack.signOut()
      const again = yield* stack.getOAuthAuthorizeUrl({ provider: "github", redirectUrl, errorRedirectUrl })
      const second = yield* stack.completeOAuthSignIn(yield* runProvider(again.url, email), again)
      assert.isFalse(second.isNewUser)
      assert.strictEqual(second.userId, first.userId)
    }).pipe(Effect.provide(inProcess())))

  it.effect("a callback whose state is not ours is OAuthCallbackInvalid and signs nobody in", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const authorization = yield* stack.getOAuthAuthorizeUrl({ provider: "github", redirectUrl, errorRedirectUrl })
      const back = yield* runProvider(authorization.url, "oauth-state@example.com")
      const wrong = yield* Effect.flip(stack.completeOAuthSignIn(back, { ...authorization, state: "someone-else" }))
      assert.strictEqual(wrong._tag, "OAuthCallbackInvalid")
      assert.isTrue(Option.isNone(yield* stack.getUser()))
    }).pipe(Effect.provide(inProcess())))
})
