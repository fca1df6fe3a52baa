/**
 * The app docs/next.md describes, put together from the guide's code blocks alone (not the example's
 * folder) in a folder of its own: it has every file an App Router app needs and type-checks under
 * the guide's `tsconfig.json`. (`next build` of the example runs once per `npm test`, in
 * test/browser/next-app-in-chromium.test.ts; a second build would cost minutes.)
 */
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { afterAll, assert, describe, it } from "vitest"
import { guideFiles, typeCheckGuideApp, writeGuideApp } from "./guide-files.ts"

const root = Path.resolve(import.meta.dirname, "../..")
const folder = Fs.mkdtempSync(Path.join(Os.tmpdir(), "stackfx-next-guide-"))

afterAll(() => Fs.rmSync(folder, { recursive: true, force: true }))

describe("docs/next.md as an app of its own", () => {
  it("has the root layout, the pages, the handler route, the middleware and a tsconfig, and type-checks", () => {
    const files = guideFiles(Path.join(root, "docs/next.md"), "examples/next-app/")
    const paths = files.map((file) => file.path)
    for (const needed of ["tsconfig.json", "lib/stack.ts", "app/layout.tsx", "app/page.tsx", "app/handler/[...stack]/page.tsx", "middleware.ts", "app/protected/page.tsx"]) {
      assert.include(paths, needed)
    }
    writeGuideApp(folder, files)
    const checked = typeCheckGuideApp(folder)
    assert.deepStrictEqual(checked.errors, [], checked.output)
  }, 240_000)
})
