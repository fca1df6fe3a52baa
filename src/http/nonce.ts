/** Random strings in the alphabet the Stack API uses for nonces, codes and refresh tokens. */

const crockford = "0123456789abcdefghjkmnpqrstvwxyz"

// Random bytes drawn in blocks: one call to the system's generator serves about 90 nonces, each
// byte used once (a call per request was a measurable share of the client's CPU).
const pool = new Uint8Array(4096)
let used = pool.length

/**
 * A random lowercase Crockford-base32 string carrying `bits` bits of entropy (default 224, which is
 * 45 characters: the `X-Stack-Random-Nonce` format).
 */
export const randomBase32 = (bits = 224): string => {
  const length = Math.ceil(bits / 5)
  let bytes: Uint8Array
  if (length > pool.length) {
    bytes = globalThis.crypto.getRandomValues(new Uint8Array(length))
  } else {
    if (used + length > pool.length) {
      globalThis.crypto.getRandomValues(pool)
      used = 0
    }
    bytes = pool.subarray(used, used + length)
    used += length
  }
  // One flat string from the character codes in one call (a character at a time would build a
  // chain of partial strings; a TextDecoder call cost three times as much).
  const codes = new Array<number>(length)
  for (let i = 0; i < length; i++) codes[i] = crockford.charCodeAt((bytes[i] ?? 0) & 31)
  return String.fromCharCode.apply(null, codes)
}

/** A fresh `X-Stack-Random-Nonce` value: 224 random bits, 45 lowercase base32 characters. */
export const makeNonce = (): string => randomBase32(224)
