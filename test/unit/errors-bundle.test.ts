/**
 * A browser bundle carries the error classes (and messages) of the calls it makes, not all 133:
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
  it("keeps only the classes a program uses", async () => {
    const code = await bundle(`
      import { EmailPasswordMismatch, decodeKnownError, isRefreshTokenError } from "./src/errors/index.ts"
      export const decode = (body) =>
        decodeKnownError([EmailPasswordMismatch], { code: "X", status: 400, body, method: "POST", url: "/" })
      export const guard = isRefreshTokenError
    `)
    assert.include(code, "Wrong e-mail or password.")
    // UnsupportedError is what decode returns for unknown codes.
    assert.include(code, "The original unsupported error code was")
    for (const other of ["Password too short", "is not found in team", "Access token has expired", "Multi-factor authentication is required"]) {
      assert.notInclude(code, other)
    }
  }, 30_000)

  it("keeps every message when the whole catalogue is used", async () => {
    const code = await bundle(`
      import { allKnownErrors } from "./src/errors/index.ts"
      export const all = allKnownErrors
    `)
    assert.include(code, "Password too short")
    assert.include(code, "is not found in team")
  }, 30_000)
})
