/**
 * TOTP (RFC 6238: HMAC-SHA-1, 6 digits, 30-second period), with `otpauth`. The server accepts only
 * the current window; time is the caller's (the emulator passes its Clock).
 */
import * as OTPAuth from "otpauth"

const totpFor = (secretBase64: string) =>
  new OTPAuth.TOTP({
    secret: new OTPAuth.Secret({ buffer: Uint8Array.from(Buffer.from(secretBase64, "base64")).buffer }),
    algorithm: "SHA1",
    digits: 6,
    period: 30
  })

/** Whether `token` is the code of `secretBase64` at `nowMillis` (current window only). */
export const isValidTotp = (secretBase64: string, token: string, nowMillis: number): boolean =>
  /^\d{6}$/.test(token) && totpFor(secretBase64).validate({ token, timestamp: nowMillis, window: 0 }) !== null

/** The code of `secretBase64` at `nowMillis` (tests and examples use it as the authenticator app). */
export const totpAt = (secretBase64: string, nowMillis: number): string => totpFor(secretBase64).generate({ timestamp: nowMillis })
