/**
 * Native Apple sign-in on the wire (`POST /auth/oauth/callback/apple/native`, backend 2.8.86): an
 * iOS/macOS app sends the identity token Apple gave it and receives a session.
 */
import * as Schema from "effect/Schema"

/** `POST /auth/oauth/callback/apple/native` body. */
export const AppleNativeSignInBody = /*#__PURE__*/ Schema.Struct({
  /** The identity token (a JWT signed by Apple, audience one of the project's bundle ids). */
  id_token: Schema.String
})
export type AppleNativeSignInBody = typeof AppleNativeSignInBody.Type
