/**
 * Vite with React. The example imports stackfx from this repository's sources; an app installs the
 * package and needs no aliases.
 */
import * as Path from "node:path"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

const repo = Path.join(import.meta.dirname, "..", "..")

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      "stackfx/react": Path.join(repo, "react", "index.ts"),
      "stackfx/client": Path.join(repo, "src", "client", "index.ts")
    }
  }
})
