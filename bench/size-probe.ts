import { measure } from "./bundle-size.ts"
const kb = (b: number) => (b / 1024).toFixed(1)
const which = process.argv.slice(2)
const alone = await measure("react-alone.tsx")
for (const e of which) {
  const f = await measure(e)
  const total = f.contributors.reduce((s, [, b]) => s + b, 0)
  console.log(`${e}: ${kb(f.minified)} min ${kb(f.gzipped)} gz, lazy ${kb(f.lazyGzipped)}; over react ${kb(f.gzipped - alone.gzipped)}`)
  if (process.env.TOP) for (const [p, b] of f.contributors.slice(0, Number(process.env.TOP))) console.log(`  ${kb(b / total * f.gzipped).padStart(6)} ${kb(b).padStart(6)}m ${p.replace(/^.*node_modules\//, "")}`)
}
