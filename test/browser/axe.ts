/** axe-core (wcag2a/aa, wcag21a/aa) in a Chromium tab: the serious and critical violations of the page as it is now. */
import * as Fs from "node:fs"
import * as Path from "node:path"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { step } from "./chromium.ts"

const axeSource = Fs.readFileSync(Path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"), "utf8")

/** The serious and critical violations, each as `rule: targets`. */
export const axeViolations = (tab: Page) =>
  Effect.gen(function*() {
    const loaded = yield* step(() => tab.evaluate(() => "axe" in globalThis))
    if (!loaded) yield* step(() => tab.addScriptTag({ content: axeSource }))
    return yield* step(() =>
      tab.evaluate(async () => {
        const axe = (globalThis as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: Array<string> }> }> }> } }).axe
        const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })
        return result.violations
          .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
          .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)
      })
    )
  })
