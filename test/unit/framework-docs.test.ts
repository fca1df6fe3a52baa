/**
 * docs/next.md and docs/vite.md show the examples' own code: every code block that names an example
 * file on its first line (`// examples/...`) is that file, character for character, so a change to
 * an example that the docs do not follow fails here.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { assert, describe, it } from "vitest"

const root = Path.resolve(import.meta.dirname, "../..")

describe("the framework guides", () => {
  for (const guide of ["docs/next.md", "docs/vite.md"]) {
    it(`${guide}: each example file it shows is the file as it is`, () => {
      const text = Fs.readFileSync(Path.join(root, guide), "utf8")
      const blocks = [...text.matchAll(/```tsx?\n\/\/ (examples\/[^\n]+)\n([\s\S]*?)\n```/g)]
      assert.isAtLeast(blocks.length, 4)
      for (const [, file = "", body = ""] of blocks) {
        assert.strictEqual(body, Fs.readFileSync(Path.join(root, file), "utf8").replace(/\n$/, ""), file)
      }
    })
  }
})
