// The registry mirror this project is built against only carries the linux-x64-gnu
// builds of platform-specific optional packages, so `npm install` silently drops the
// other platforms from package-lock.json and `npm ci` then refuses the lockfile.
// This adds the missing entries as optional, platform-tagged packages that `npm ci`
// skips on any machine they do not match. Run after `npm install`.
import { readFileSync, writeFileSync } from "node:fs"

const lockPath = new URL("../package-lock.json", import.meta.url)
const lock = JSON.parse(readFileSync(lockPath, "utf8"))
const packages = lock.packages

const platformOf = (name) => {
  const tail = name.split("/").pop().replace(/^rollup-/, "")
  const [os, arch, abi] = tail.split("-")
  const cpu = arch === "arm" ? "arm" : arch
  const libc = abi?.startsWith("musl") ? ["musl"] : abi?.startsWith("gnu") && os === "linux" ? ["glibc"] : undefined
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) }
}

let added = 0
for (const [path, entry] of Object.entries(packages)) {
  if (!path.startsWith("node_modules/") || !entry.optionalDependencies) continue
  for (const [dep, version] of Object.entries(entry.optionalDependencies)) {
    if (!dep.startsWith("@rollup/rollup-")) continue
    const key = `node_modules/${dep}`
    if (packages[key]) continue
    packages[key] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platformOf(dep) }
    added++
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)))
lock.packages = sorted
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + "\n")
process.stdout.write(`complete-lockfile: added ${added} platform entries\n`)
