/**
 * The service's two names on the wire. Stack Auth was renamed Hexclave; the service accepts every
 * request header as `x-stack-<name>` or `x-hexclave-<name>` and sends its own response headers under
 * both. stackfx sends `x-stack-*` by default, which every server version understands (self-hosted
 * backends from before the rename know no other), and reads a response's `x-hexclave-*` first.
 */

/** Which spelling of the request headers to send: `"stack"` (default) or `"hexclave"`. */
export type HeaderNames = "stack" | "hexclave"

/** The request headers in the chosen spelling (they are built as `x-stack-*`). */
export const spellHeaders = (headers: Record<string, string>, names: HeaderNames | undefined): Record<string, string> => {
  if (names !== "hexclave") return headers
  const spelled: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    spelled[name.startsWith("x-stack-") ? `x-hexclave-${name.slice("x-stack-".length)}` : name] = value
  }
  return spelled
}

/** One response header read under both names: absent, one value, or two that disagree. */
export type DualHeader =
  | { readonly _tag: "Absent" }
  | { readonly _tag: "Present"; readonly value: string }
  | { readonly _tag: "Conflict"; readonly hexclave: string; readonly stack: string }

const absent: DualHeader = { _tag: "Absent" }

/** The response headers read under both names, each spelled out once (not built per response). */
export const dualHeaderSpellings = {
  "actual-status": ["x-hexclave-actual-status", "x-stack-actual-status"],
  "known-error": ["x-hexclave-known-error", "x-stack-known-error"]
} as const

/** Reads `x-hexclave-<name>`, else `x-stack-<name>` (lower-case header names). */
export const readDualHeader = (headers: Readonly<Record<string, string | undefined>>, name: keyof typeof dualHeaderSpellings): DualHeader => {
  const names = dualHeaderSpellings[name]
  const hexclave = headers[names[0]]
  const stack = headers[names[1]]
  if (hexclave !== undefined && stack !== undefined && hexclave !== stack) return { _tag: "Conflict", hexclave, stack }
  const value = hexclave ?? stack
  return value === undefined ? absent : { _tag: "Present", value }
}
