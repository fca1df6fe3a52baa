/**
 * A browser bundle carries the error classes of the calls it makes, not all 133, and only the
 * messages of the errors it builds itself (`Create.*`):
 * every catalogue row is a separate pure top-level export, and decoding needs only the declared
 * classes plus the compact code table.
 */
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Esbuild from "esbuild"

const repo = Path.resolve(import.meta.dirname, "../..")

const bundle = async (contents: string): Promise<string> => {
  const result = await Esbuild.build({
    stdin: { contents, resolveDir: repo, loader: "ts" },
    bundle: true,
    write: false,
    format: "esm",
    minify: true,
    platform: "neutral",
    mainFields: ["module", "main"],
    logLevel: "silent"
  })
  return result.outputFiles.map((file) => file.text).join("\n")
}

describe("tree shaking of stackfx/errors", () => {
  it("keeps only the classes a program uses, and no message the service sends itself", async () => {
    const code = await bundle(`
      import { EmailPasswordMismatch, MultiFactorAuthenticationRequired, decodeKnownError, isRefreshTokenError } from "./src/errors/index.ts"
      export const decode = (body) =>
        decodeKnownError([EmailPasswordMismatch, MultiFactorAuthenticationRequired], { code: "X", status: 400, body, method: "POST", url: "/" })
      export const guard = isRefreshTokenError
    `)
    assert.include(code, "EMAIL_PASSWORD_MISMATCH")
    assert.include(code, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")
    // A decoded error carries the server's own message: the catalogue's copy stays out.
    assert.notInclude(code, "Wrong e-mail or password.")
    assert.notInclude(code, "Multi-factor authentication is required")
    // UnsupportedError is what decode builds itself, for unknown codes.
    assert.include(code, "The original unsupported error code was")
    for (const other of ["Password too short", "is not found in team", "Access token has expired"]) {
      assert.notInclude(code, other)
    }
  }, 30_000)

  it("keeps the message of each error a program builds, and only those", async () => {
    const code = await bundle(`
      import * as Create from "./src/errors/create.ts"
      export const tooShort = () => Create.PasswordTooShort({ min_length: 8 })
    `)
    assert.include(code, "Password too short")
    for (const other of ["Wrong e-mail or password.", "is not found in team", "Access token has expired"]) {
      assert.notInclude(code, other)
    }
  }, 30_000)

  it("keeps every class when the whole catalogue is used", async () => {
    const code = await bundle(`
      import { allKnownErrors } from "./src/errors/index.ts"
      export const all = allKnownErrors
    `)
    assert.include(code, "PASSWORD_TOO_SHORT")
    assert.include(code, "TEAM_MEMBERSHIP_NOT_FOUND")
  }, 30_000)
})
