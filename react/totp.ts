/**
 * Authenticator-app setup in the browser: a random secret, its base32 and `otpauth://` forms, and
 * a check of a six-digit code (RFC 6238: SHA-1, 30 s, one step of drift) with WebCrypto, so the
 * secret is saved only once the user's app produces the right codes.
 */

const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

/** A new 20-byte secret (the size authenticator apps expect for SHA-1). */
export const makeTotpSecret = (): Uint8Array => crypto.getRandomValues(new Uint8Array(20))

/** RFC 4648 base32 without padding, as authenticator apps take secrets. */
export const base32 = (bytes: Uint8Array): string => {
  let bits = 0
  let value = 0
  let out = ""
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += base32Alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += base32Alphabet[(value << (5 - bits)) & 31]
  return out
}

/** Standard base64, as `totp_secret_base64` carries the secret. */
export const base64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes))

/** The `otpauth://` URI an authenticator app scans (as a QR code) or accepts pasted. */
export const otpauthUri = (secret: Uint8Array, issuer: string, account: string): string =>
  `otpauth://totp/${encodeURIComponent(`${issuer}:${account}`)}?secret=${base32(secret)}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`

const hotp = async (secret: Uint8Array, counter: number): Promise<string> => {
  const message = new DataView(new ArrayBuffer(8))
  message.setUint32(0, Math.floor(counter / 2 ** 32))
  message.setUint32(4, counter >>> 0)
  const key = await crypto.subtle.importKey("raw", new Uint8Array(secret), { name: "HMAC", hash: "SHA-1" }, false, ["sign"])
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message.buffer))
  const offset = (mac[mac.length - 1] ?? 0) & 15
  const binary = (((mac[offset] ?? 0) & 127) << 24) | ((mac[offset + 1] ?? 0) << 16) | ((mac[offset + 2] ?? 0) << 8) | (mac[offset + 3] ?? 0)
  return String(binary % 1_000_000).padStart(6, "0")
}

/** Whether `code` is the secret's code for `nowMillis`, or for the 30 s step before or after it. */
export const checkTotpCode = async (secret: Uint8Array, code: string, nowMillis: number = Date.now()): Promise<boolean> => {
  const step = Math.floor(nowMillis / 30_000)
  const wanted = code.replace(/\s/g, "")
  for (const drift of [0, -1, 1]) {
    if (await hotp(secret, step + drift) === wanted) return true
  }
  return false
}
