/**
 * The example imports stackfx from this repository's sources (`paths` in tsconfig.json), which live
 * outside the app's folder: `externalDir` lets Next compile them. `npm test` type-checks everything
 * itself, so the build skips its own type check and lint.
 */
export default {
  experimental: { externalDir: true },
  typescript: { ignoreBuildErrors: true },
  eslint: { ignoreDuringBuilds: true },
  // The test builds into a temporary folder of its own (STACKFX_NEXT_DIST_DIR), relative to this one.
  distDir: process.env.STACKFX_NEXT_DIST_DIR ?? ".next"
}
