import { defineConfig } from "tsup"

// One entry per access level, so a browser app never bundles server, admin or emulator code.
export default defineConfig({
  entry: {
    client: "src/client/index.ts",
    server: "src/server/index.ts",
    admin: "src/admin/index.ts",
    browser: "src/browser/index.ts",
    errors: "src/errors/index.ts",
    emulator: "src/emulator/index.ts",
    cli: "src/cli.ts"
  },
  format: ["esm"],
  target: "es2022",
  platform: "node",
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true
})
