/**
 * The app docs/vite.md describes, put together from the guide's code blocks alone (not the example's
 * folder) in a folder of its own: it type-checks under the guide's `tsconfig.json`, `vite build`
 * builds it with the guide's `vite.config.ts` and `.env.local` variables, and a visitor signs up in
 * it in Chromium with no error in the console.
 */
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Emulator } from "../../src/emulator/emulator.ts"
import { buildViteApp, previewViteApp } from "../../examples/vite-app/serve.ts"
import { guideFiles, typeCheckGuideApp, writeGuideApp } from "../next/guide-files.ts"
import { launchChromium, signUpThroughPage, step, watchedTab } from "./chromium.ts"

const root = Path.resolve(import.meta.dirname, "../..")

/** The guide's app in a temporary folder, removed with the scope. */
const guideApp = Effect.acquireRelease(
  Effect.sync(() => {
    const folder = Fs.mkdtempSync(Path.join(Os.tmpdir(), "stackfx-vite-guide-"))
    writeGuideApp(folder, guideFiles(Path.join(root, "docs/vite.md"), "examples/vite-app/"))
    return folder
  }),
  (folder) => Effect.sync(() => Fs.rmSync(folder, { recursive: true, force: true }))
)

describe("docs/vite.md as an app of its own: tsc, vite build, Chromium", () => {
  it.live("type-checks, builds, and signs a visitor up", () =>
    Effect.gen(function*() {
      const folder = yield* guideApp
      for (const needed of ["index.html", "vite.config.ts", "tsconfig.json", "src/main.tsx", "src/app.tsx", "src/stack.ts"]) {
        assert.isTrue(Fs.existsSync(Path.join(folder, needed)), `the guide gives ${needed}`)
      }
      const checked = typeCheckGuideApp(folder)
      assert.deepStrictEqual(checked.errors, [], checked.output)

      // The guide's configuration as it is; only stackfx comes from this repository's sources, not an installed package.
      Fs.writeFileSync(Path.join(folder, "vite.check.config.ts"), [
        "import { mergeConfig } from \"vite\"",
        "import guide from \"./vite.config.ts\"",
        `export default mergeConfig(guide, { resolve: { alias: ${JSON.stringify({
          "stackfx/react": Path.join(root, "react", "index.ts"),
          "stackfx/client": Path.join(root, "src", "client", "index.ts")
        })} } })`,
        ""
      ].join("\n"))
      const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
      const config = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
      const location = { dir: folder, configFile: "vite.check.config.ts" }
      yield* buildViteApp(config, location)
      const { origin } = yield* previewViteApp(config, location)

      const browser = yield* launchChromium
      const { tab, problems } = yield* watchedTab(yield* step(() => browser.newContext()), emu.info.baseUrl)
      const email = `vite-guide-${Date.now().toString(36)}@example.com`
      yield* step(() => tab.goto(`${origin}/`))
      yield* step(() => tab.locator("#home h1", { hasText: "Signed out" }).waitFor({ timeout: 15_000 }))
      yield* signUpThroughPage(tab, origin, email, "correct horse battery")
      yield* step(() => tab.locator("#greeting", { hasText: `Hello, ${email}` }).waitFor({ timeout: 15_000 }))
      yield* step(() => tab.reload())
      yield* step(() => tab.locator("#greeting", { hasText: `Hello, ${email}` }).waitFor({ timeout: 15_000 }))
      assert.deepStrictEqual(problems, [])
    }), { timeout: 300_000 })
})
