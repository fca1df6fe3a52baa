import { defineConfig } from "vitest/config"

// `npm run test:remote`: the remote suite alone, against the server the STACK_TEST_* variables name.
export default defineConfig({
  test: {
    include: ["test/remote/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000
  }
})
