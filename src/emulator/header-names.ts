/**
 * The service's two names on the wire: Stack Auth (`x-stack-*`) and Hexclave (`x-hexclave-*`).
 * Every request header is accepted under either prefix; the handlers read one canonical spelling,
 * `x-stack-*`, because the request's headers are folded once at the door. When a request carries
 * both spellings of one header with different values, the Hexclave one wins, as on the service.
 * The response headers the SDKs read are written under both prefixes.
 */

const stackPrefix = "x-stack-"
const hexclavePrefix = "x-hexclave-"

/** `x-hexclave-<name>` of an `x-stack-<name>` header (or the name unchanged). */
export const hexclaveTwin = (name: string): string =>
  name.startsWith(stackPrefix) ? `${hexclavePrefix}${name.slice(stackPrefix.length)}` : name

/** A request's headers with every `x-hexclave-<name>` read as `x-stack-<name>` (Hexclave wins). */
export const canonicalRequestHeaders = (headers: Headers): Headers => {
  let hexclave = false
  for (const name of headers.keys()) if (name.startsWith(hexclavePrefix)) hexclave = true
  // Nothing to fold: the headers are read as they are (no copy per request).
  if (!hexclave) return headers
  const canonical = new Headers()
  headers.forEach((value, name) => {
    if (!name.startsWith(hexclavePrefix)) canonical.set(name, value)
  })
  headers.forEach((value, name) => {
    if (name.startsWith(hexclavePrefix)) canonical.set(`${stackPrefix}${name.slice(hexclavePrefix.length)}`, value)
  })
  return canonical
}

/** A header list with the Hexclave twin of every `x-stack-*` name after it. */
export const withHexclaveTwins = (names: ReadonlyArray<string>): ReadonlyArray<string> =>
  names.flatMap((name) => name.startsWith(stackPrefix) ? [name, hexclaveTwin(name)] : [name])

/** Which response header names a server writes: both families, or `x-stack-*` only (before the rename). */
export type ResponseHeaderNames = "both" | "stack"

/** Header lists (`vary`, `access-control-*`) whose items are header names. */
const nameListHeaders = ["vary", "access-control-allow-headers", "access-control-expose-headers"]

/** A list header's value without the `x-hexclave-*` names in it. */
const withoutHexclaveItems = (value: string): string =>
  value.split(",").map((item) => item.trim()).filter((item) => !item.startsWith(hexclavePrefix)).join(", ")

/** Header pairs as a server from before the Hexclave rename writes them (see `withoutHexclaveNames`). */
export const pairsWithoutHexclaveNames = (
  headers: ReadonlyArray<readonly [string, string]>
): ReadonlyArray<readonly [string, string]> =>
  headers.flatMap(([name, value]) =>
    name.startsWith(hexclavePrefix) ? [] : [[name, nameListHeaders.includes(name) ? withoutHexclaveItems(value) : value] as const]
  )

/**
 * `response` as a Stack Auth server from before the Hexclave rename answers it (backend 2.8.86, the
 * one Stack Auth's own e2e suite records): no `x-hexclave-*` header, and none named in header lists.
 */
export const withoutHexclaveNames = (response: Response): Response => {
  const headers = new Headers()
  response.headers.forEach((value, name) => {
    if (name.startsWith(hexclavePrefix) || name === "set-cookie") return
    headers.set(name, nameListHeaders.includes(name) ? withoutHexclaveItems(value) : value)
  })
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
