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
  if (length > pool.length) {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length))
    let out = ""
    for (const byte of bytes) out += crockford[byte & 31]
    return out
  }
  if (used + length > pool.length) {
    globalThis.crypto.getRandomValues(pool)
    used = 0
  }
  let out = ""
  for (let i = used; i < used + length; i++) out += crockford[(pool[i] ?? 0) & 31]
  used += length
  return out
}

/** A fresh `X-Stack-Random-Nonce` value: 224 random bits, 45 lowercase base32 characters. */
export const makeNonce = (): string => randomBase32(224)
