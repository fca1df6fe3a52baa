/**
 * The value of a user or team API key, in the service's format so secret scanners and the
 * service's own tooling recognise it:
 * `<sk|pk>_<45 random base32><32-hex id><user|team><scanner flag><"574ck4u7h"><crc32 hex>`.
 * The scanner flag says self-hosted (the emulator is never the cloud) and public or secret; the
 * checksum is the CRC-32 of everything before it.
 */
import * as Ids from "./ids.ts"

const marker = "574ck4u7h"
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

const crcTable: ReadonlyArray<number> = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

/** CRC-32 (IEEE) of the UTF-8 bytes of `text`, as 8 lowercase hex digits. */
export const crc32Hex = (text: string): string => {
  let crc = 0xffffffff
  for (const byte of new TextEncoder().encode(text)) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return ((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, "0")
}

/** A new key value for the key `id` (a UUID). */
export const projectApiKeySecret = (options: { readonly id: string; readonly isPublic: boolean; readonly type: "user" | "team" }): string => {
  const prefix = options.isPublic ? "pk" : "sk"
  // Self-hosted (1) + public (2); version 0.
  const flag = (crockford[1 + (options.isPublic ? 2 : 0)] ?? "1").toLowerCase()
  const body = `${prefix}_${Ids.base32(45)}${options.id.replace(/-/g, "")}${options.type}${flag}${marker}`
  return `${body}${crc32Hex(body)}`
}
