/**
 * `npm run example:ssr`: the server-rendered React example next to a local emulator, until Ctrl-C.
 * Its server side is TSX, so it is bundled with esbuild first (Node runs TypeScript, not JSX).
 * Sign in at the printed address, then reload: the name arrives in the HTML.
 */
import * as Path from "node:path"
import { pathToFileURL } from "node:url"
import * as Esbuild from "esbuild"

// Inside node_modules, so the bundle finds the packages it leaves external.
const outfile = Path.join(import.meta.dirname, "..", "..", "node_modules", ".cache", "stackfx", "ssr-example.mjs")
await Esbuild.build({
  entryPoints: [Path.join(import.meta.dirname, "start.tsx")],
  bundle: true,
  platform: "node",
  format: "esm",
  jsx: "automatic",
  packages: "external",
  outfile
})
process.env["STACKFX_SSR_EXAMPLE_DIR"] = import.meta.dirname
await import(pathToFileURL(outfile).href)
