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
  const canonical = new Headers()
  headers.forEach((value, name) => {
    if (!name.startsWith(hexclavePrefix)) canonical.set(name, value)
  })
  headers.forEach((value, name) => {
    if (name.startsWith(hexclavePrefix)) canonical.set(`${stackPrefix}${name.slice(hexclavePrefix.length)}`, value)
  })
  return canonical
}

/** Sets `name` (an `x-stack-*` response header) and its Hexclave twin. */
export const setBothNames = (headers: Headers, name: string, value: string): void => {
  headers.set(name, value)
  headers.set(hexclaveTwin(name), value)
}

/** A header list with the Hexclave twin of every `x-stack-*` name after it. */
export const withHexclaveTwins = (names: ReadonlyArray<string>): ReadonlyArray<string> =>
  names.flatMap((name) => name.startsWith(stackPrefix) ? [name, hexclaveTwin(name)] : [name])
