import { defineConfig, type Options } from "tsup"

/**
 * The sources import each other with `.ts` extensions; the emitted files must say `.js`. Only
 * relative specifiers are touched.
 */
const rewriteTsSpecifiers = {
  name: "rewrite-ts-specifiers",
  renderChunk(code: string) {
    return { code: code.replace(/((?:from|import)\s*\(?\s*)(["'])(\.{1,2}\/[^"']+)\.tsx?\2/g, "$1$2$3.js$2") }
  }
}

// One emitted module per source module, not bundles: a bundled file is one scope, where a bundler
// cannot drop what an app does not use (classes, services), while separate modules under
// `"sideEffects": false` are dropped whole. The browser sign-in program stays at its measured size.
export const buildOptions = {
  // Emitted under dist/ with their folders: dist/src/..., dist/react/..., dist/next/...
  entry: ["src/**/*.ts", "react/**/*.ts", "react/**/*.tsx", "next/**/*.ts", "next/**/*.tsx"],
  bundle: false,
  format: ["esm"],
  target: "es2022",
  platform: "node",
  // Declarations come from tsc (tsconfig.build.json): one per module, with declaration maps.
  dts: false,
  // No maps: the package ships no sources for them to lead to, and the emitted modules are readable as they are.
  sourcemap: false,
  clean: true,
  plugins: [rewriteTsSpecifiers]
} satisfies Options

export default defineConfig(buildOptions)
