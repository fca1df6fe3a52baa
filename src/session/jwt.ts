/**
 * Reading (not verifying) an access token's expiry. The client only needs `exp` to know when to refresh;
 * signatures are checked by the server, or by `verifyAccessToken` on the server side.
 */
import * as Option from "effect/Option"

/** A claim of a payload that is a JSON object; none for anything else. */
const claimOf = (payload: unknown, name: string): Option.Option<unknown> =>
  typeof payload === "object" && payload !== null && !Array.isArray(payload)
    ? Option.some<unknown>(Reflect.get(payload, name))
    : Option.none()

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
  // Plain checks rather than a schema: the browser bundle carries no JSON-string schema for this.
  const exp = Option.flatMap(readPayload(token), (payload) => claimOf(payload, "exp"))
  const expiry: TokenExpiry = Option.isNone(exp)
    ? { _tag: "Unreadable" }
    : exp.value === undefined
    ? { _tag: "Never" }
    : typeof exp.value === "number"
    ? { _tag: "ExpiresAt", millis: exp.value * 1000 }
    : { _tag: "Unreadable" }
  lastToken = token
  lastExpiry = expiry
  return expiry
}

/** Reads `sub` (the user id) from a JWT's payload, unverified. */
export const readSubject = (token: string): Option.Option<string> =>
  Option.flatMap(
    Option.flatMap(readPayload(token), (payload) => claimOf(payload, "sub")),
    (sub) => typeof sub === "string" ? Option.some(sub) : Option.none()
  )

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
