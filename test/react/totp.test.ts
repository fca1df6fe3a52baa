/** The browser-side TOTP setup helpers agree with the otpauth package (RFC 6238) and RFC 4648. */
import { assert, describe, it } from "@effect/vitest"
import * as OTPAuth from "otpauth"
import { base32, base64, checkTotpCode, makeTotpSecret, otpauthUri } from "../../react/totp.ts"

describe("TOTP setup helpers", () => {
  it("base32 matches RFC 4648's test vectors and otpauth's encoding", () => {
    const text = (s: string) => new TextEncoder().encode(s)
    assert.strictEqual(base32(text("")), "")
    assert.strictEqual(base32(text("f")), "MY")
    assert.strictEqual(base32(text("foobar")), "MZXW6YTBOI")
    const secret = makeTotpSecret()
    assert.strictEqual(secret.length, 20)
    assert.strictEqual(base32(secret), new OTPAuth.Secret({ buffer: secret.slice().buffer }).base32)
    assert.strictEqual(base64(secret), Buffer.from(secret).toString("base64"))
  })

  it("accepts the current code and one step either side, and nothing further", async () => {
    const secret = makeTotpSecret()
    const totp = new OTPAuth.TOTP({ secret: new OTPAuth.Secret({ buffer: secret.slice().buffer }), digits: 6, period: 30, algorithm: "SHA1" })
    const now = 1_790_000_000_000
    assert.isTrue(await checkTotpCode(secret, totp.generate({ timestamp: now }), now))
    assert.isTrue(await checkTotpCode(secret, totp.generate({ timestamp: now - 30_000 }), now))
    assert.isTrue(await checkTotpCode(secret, ` ${totp.generate({ timestamp: now + 30_000 })} `, now))
    const far = totp.generate({ timestamp: now + 120_000 })
    const near = [-1, 0, 1].map((step) => totp.generate({ timestamp: now + step * 30_000 }))
    if (!near.includes(far)) assert.isFalse(await checkTotpCode(secret, far, now))
    assert.isFalse(await checkTotpCode(secret, "abcdef", now))
  })

  it("the otpauth URI carries the base32 secret, the issuer and the account", () => {
    const secret = new Uint8Array(20).fill(7)
    const uri = otpauthUri(secret, "My App", "ada@example.com")
    const parsed = OTPAuth.URI.parse(uri)
    assert.strictEqual(parsed.issuer, "My App")
    assert.strictEqual(parsed.label, "ada@example.com")
    assert.strictEqual(parsed.secret.base32, base32(secret))
  })
})
