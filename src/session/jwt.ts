/**
 * Reading (not verifying) an access token's expiry. The client only needs `exp` to know when to refresh;
 * signatures are checked by the server, or by `verifyAccessToken` on the server side.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"

const Payload = Schema.fromJsonString(Schema.Struct({ exp: Schema.optional(Schema.Number) }))
const decodePayload = Schema.decodeUnknownOption(Payload)

const base64UrlDecode = (segment: string): Option.Option<string> => {
  try {
    const base64 = segment.replace(/-/g, "+").replace(/_/g, "/")
    const binary = globalThis.atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4))
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
    return Option.some(new TextDecoder().decode(bytes))
  } catch {
    return Option.none()
  }
}

/** What a token's payload says about its lifetime. */
export type TokenExpiry =
  | { readonly _tag: "ExpiresAt"; readonly millis: number }
  | { readonly _tag: "Never" }
  | { readonly _tag: "Unreadable" }

// Every call checks the same access token's expiry: decode it once, not once per request.
let lastToken: string | undefined
let lastExpiry: TokenExpiry = { _tag: "Unreadable" }

/** Reads `exp` from a JWT's payload; a token without `exp` never expires. */
export const readExpiry = (token: string): TokenExpiry => {
  if (token === lastToken) return lastExpiry
  const parts = token.split(".")
  const payload = parts.length === 3 ? Option.flatMap(base64UrlDecode(parts[1] ?? ""), decodePayload) : Option.none()
  const expiry: TokenExpiry = Option.isNone(payload)
    ? { _tag: "Unreadable" }
    : payload.value.exp === undefined
    ? { _tag: "Never" }
    : { _tag: "ExpiresAt", millis: payload.value.exp * 1000 }
  lastToken = token
  lastExpiry = expiry
  return expiry
}

const Subject = Schema.fromJsonString(Schema.Struct({ sub: Schema.String }))
const decodeSubject = Schema.decodeUnknownOption(Subject)

/** Reads `sub` (the user id) from a JWT's payload, unverified. */
export const readSubject = (token: string): Option.Option<string> => {
  const parts = token.split(".")
  if (parts.length !== 3) return Option.none()
  return Option.map(Option.flatMap(base64UrlDecode(parts[1] ?? ""), decodeSubject), (payload) => payload.sub)
}

/** A JWT's payload as JSON (unverified); none when it is not a three-part token with a JSON payload. */
export const readPayload = (token: string): Option.Option<unknown> => {
  const parts = token.split(".")
  if (parts.length !== 3) return Option.none()
  return Option.flatMap(base64UrlDecode(parts[1] ?? ""), (text) => {
    try {
      return Option.some<unknown>(JSON.parse(text))
    } catch {
      return Option.none()
    }
  })
}
