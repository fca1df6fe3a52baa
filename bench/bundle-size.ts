/**
 * Measures the browser bundle of a real client program (password sign-in, then the current user,
 * through `stackfx/client`) against the floor: a bare Effect program using the same Effect modules.
 */
import * as Path from "node:path"
import * as Zlib from "node:zlib"
import * as esbuild from "esbuild"

/** The size goal of the client entry, gzipped (issue 2: 50 KB). Not met yet: see `ceilingBytes`. */
export const budgetBytes = 50 * 1024

/**
 * What `npm test` enforces until the goal is met: the measured size (56.8 KB gz on 2026-11-23, with a
 * bare Effect floor of 47.6 KB for the same modules) plus a little room. Lower it as the bundle shrinks.
 */
export const ceilingBytes = 58 * 1024

export interface BundleFigures {
  readonly minified: number
  readonly gzipped: number
}

const entriesDir = Path.resolve(import.meta.dirname, "entries")
const srcDir = Path.resolve(import.meta.dirname, "../src")

/** Public subpaths resolved to their source entries, so the measure needs no build. */
const publicEntries = { "stackfx/client": Path.join(srcDir, "client/index.ts") }

/** Bundles `entry` (a file in bench/entries) for the browser, minified, and measures it. */
export const measure = async (entry: string): Promise<BundleFigures> => {
  const result = await esbuild.build({
    entryPoints: [Path.join(entriesDir, entry)],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    treeShaking: true,
    legalComments: "none",
    alias: publicEntries,
    metafile: true
  })
  const code = result.outputFiles[0]?.contents ?? new Uint8Array()
  return { minified: code.byteLength, gzipped: Zlib.gzipSync(code, { level: 9 }).byteLength }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** Prints the client bundle, the floor and their ratio. */
export const reportBundleSize = async (): Promise<BundleFigures> => {
  const client = await measure("client-sign-in.ts")
  const floor = await measure("floor.ts")
  process.stdout.write(
    [
      "bundle size (esbuild, minified, gzip -9)",
      `  stackfx/client sign-in + current user: ${kb(client.minified)} min, ${kb(client.gzipped)} gz`,
      `  floor (bare Effect, same modules):      ${kb(floor.minified)} min, ${kb(floor.gzipped)} gz`,
      `  ratio client/floor (gz):                ${(client.gzipped / floor.gzipped).toFixed(2)}`,
      `  goal:                                   ${kb(budgetBytes)} gz (${client.gzipped <= budgetBytes ? "met" : "NOT MET"})`,
      `  enforced ceiling (npm test):             ${kb(ceilingBytes)} gz (${client.gzipped <= ceilingBytes ? "within" : "OVER"})`,
      ""
    ].join("\n")
  )
  return client
}
