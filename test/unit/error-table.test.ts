/** docs/errors.md is what the code declares: regenerated from the sources and compared. */
import * as Fs from "node:fs"
import { assert, describe, it } from "vitest"
import { errorTablePath, renderErrorTable } from "../../scripts/error-table.ts"

describe("docs/errors.md", () => {
  it("matches every operation's error union in the code (run `npm run docs:errors` after changing one)", () => {
    const table = renderErrorTable()
    assert.strictEqual(Fs.readFileSync(errorTablePath, "utf8"), table)
    // The shared families are in every operation that sends project headers; a sample of own errors.
    assert.match(table, /\| `signInWithPassword` \| `EmailPasswordMismatch`, [^|]*`MultiFactorAuthenticationRequired`[^|]*\| client project errors, transport errors \|/)
    assert.match(table, /\| `getProject` \| — \| client project errors, transport errors \|/)
    assert.match(table, /\| `updateUser` \|[^|]*\| client project errors, access-token errors, transport errors \|/)
  }, 60_000)
})
