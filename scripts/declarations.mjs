// Declarations for the package: `tsc -p tsconfig.build.json` emits one .d.ts
// per module beside the built .js; this rewrites their relative `.ts`/`.tsx`
// import specifiers to `.js`, the files that exist in dist/. Run by `npm run build` after tsup.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const visit = (folder) => {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) visit(path)
    else if (name.endsWith(".d.ts")) {
      const text = readFileSync(path, "utf8")
      const fixed = text.replace(/((?:from|import)\s*\(?\s*)(["'])(\.{1,2}\/[^"']+)\.tsx?\2/g, "$1$2$3.js$2")
      if (fixed !== text) writeFileSync(path, fixed)
    }
  }
}
visit(new URL("../dist", import.meta.url).pathname)
