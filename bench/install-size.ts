/**
 * What `npm install stackfx` brings to an empty project: the package is packed from this checkout
 * (prepack builds it), then installed twice into fresh folders: as a client/server/React user gets
 * it (npm adds the required peer `effect`), and with the emulator's optional peers added. Counts the
 * installed packages and their size on disk. Needs the npm registry (or npm's cache).
 */
import * as ChildProcess from "node:child_process"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"

const root = Path.resolve(import.meta.dirname, "..")

const npm = (args: ReadonlyArray<string>, cwd: string): string =>
  ChildProcess.execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })

/** Every installed package folder (one with a package.json directly under node_modules). */
const packagesUnder = (nodeModules: string): ReadonlyArray<string> => {
  const found: Array<string> = []
  const visit = (folder: string) => {
    if (!Fs.existsSync(folder)) return
    for (const entry of Fs.readdirSync(folder)) {
      if (entry.startsWith(".")) continue
      const path = Path.join(folder, entry)
      if (entry.startsWith("@")) {
        visit(path)
        continue
      }
      if (Fs.existsSync(Path.join(path, "package.json"))) {
        found.push(path)
        visit(Path.join(path, "node_modules"))
      }
    }
  }
  visit(nodeModules)
  return found
}

const bytesUnder = (folder: string): number => {
  let total = 0
  for (const entry of Fs.readdirSync(folder, { withFileTypes: true })) {
    const path = Path.join(folder, entry.name)
    if (entry.isDirectory()) total += bytesUnder(path)
    else if (entry.isFile()) total += Fs.statSync(path).size
  }
  return total
}

/** Packs the package, installs it into empty projects, prints packages and megabytes. */
export const reportInstallSize = async (): Promise<void> => {
  const work = Fs.mkdtempSync(Path.join(Os.tmpdir(), "stackfx-install-"))
  try {
    npm(["pack", "--pack-destination", work], root)
    const version = (JSON.parse(Fs.readFileSync(Path.join(root, "package.json"), "utf8")) as { version: string }).version
    const tarball = Path.join(work, `stackfx-${version}.tgz`)
    const measure = (name: string, extra: ReadonlyArray<string>) => {
      const project = Path.join(work, name)
      Fs.mkdirSync(project)
      Fs.writeFileSync(Path.join(project, "package.json"), JSON.stringify({ name, private: true }))
      npm(["install", tarball, ...extra], project)
      const nodeModules = Path.join(project, "node_modules")
      const packages = packagesUnder(nodeModules)
      return { count: packages.length, megabytes: bytesUnder(nodeModules) / 1e6, names: packages.map((path) => `${Path.relative(nodeModules, path)} ${(bytesUnder(path) / 1e6).toFixed(1)} MB`) }
    }
    const sdk = measure("sdk-only", [])
    const emulator = measure("with-emulator", ["@effect/platform-node", "@simplewebauthn/server", "otpauth", "bcryptjs"])
    process.stdout.write(
      [
        "install size (npm install into an empty project)",
        `  stackfx (client, server, React; effect as its peer): ${sdk.count} packages, ${sdk.megabytes.toFixed(1)} MB`,
        `    ${sdk.names.join(", ")}`,
        `  plus the emulator's optional peers:                   ${emulator.count} packages, ${emulator.megabytes.toFixed(1)} MB`,
        "  (before the split every install carried the emulator's: 44 packages, 99 MB)",
        ""
      ].join("\n") + "\n"
    )
  } finally {
    Fs.rmSync(work, { recursive: true, force: true })
  }
}
