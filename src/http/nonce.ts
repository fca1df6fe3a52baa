/** Random strings in the alphabet the Stack API uses for nonces, codes and refresh tokens. */

const crockford = "0123456789abcdefghjkmnpqrstvwxyz"

/**
 * A random lowercase Crockford-base32 string carrying `bits` bits of entropy (default 224, which is
 * 45 characters: the `X-Stack-Random-Nonce` format).
 */
export const randomBase32 = (bits = 224): string => {
  const length = Math.ceil(bits / 5)
  const bytes = new Uint8Array(length)
  globalThis.crypto.getRandomValues(bytes)
  let out = ""
  for (const byte of bytes) out += crockford[byte & 31]
  return out
}

/** A fresh `X-Stack-Random-Nonce` value: 224 random bits, 45 lowercase base32 characters. */
export const makeNonce = (): string => randomBase32(224)
