/**
 * `POST /auth/oauth/callback/apple/native`: native Apple sign-in (backend 2.8.86). The service
 * verifies the identity token against Apple's published keys; the emulator runs offline and cannot
 * reach them, so it answers the service's checks up to that point (Apple enabled, bundle ids
 * configured) and then refuses every token with INVALID_APPLE_CREDENTIALS, as the service refuses
 * one it cannot verify.
 */
import * as Effect from "effect/Effect"
import * as Create from "../../errors/create.ts"
import { AppleNativeSignInBody } from "../../wire/apple-native.ts"
import { defineRoute } from "../router.ts"
import type { ProjectRecord } from "../state.ts"

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/auth/oauth/callback/apple/native",
    access: ["client", "server", "admin"],
    body: AppleNativeSignInBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const project: ProjectRecord = ctx.auth.project
      const apple = project.config.oauthProviders.find((provider) => provider.id === "apple")
      if (apple === undefined) return yield* Create.OAuthProviderNotFoundOrNotEnabled()
      if ((apple.appleBundleIds ?? []).length === 0) return yield* Create.AppleBundleIdNotConfigured()
      return yield* Create.InvalidAppleCredentials()
    })
  })
]
