/**
 * The package as a new user gets it: a clean copy of the tracked sources is packed (`prepack` builds
 * it), it holds the built code and declarations only (no TypeScript source a resolver could take for
 * an entry, no maps), every export's types resolve to declaration files under each module resolution
 * (node10, node16, nodenext, bundler), and an empty project that installs the tarball runs a client
 * call against the packaged emulator CLI, on Node 22 and on Node 24.
 *
 * Needs the npm registry (for the consumer's dependencies and Node 22), as CI has.
 */
import * as ChildProcess from "node:child_process"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { afterAll, assert, beforeAll, describe, it } from "vitest"

const root = Path.resolve(import.meta.dirname, "../..")
const manifest = JSON.parse(Fs.readFileSync(Path.join(root, "package.json"), "utf8")) as {
  readonly exports: Record<string, Record<string, string> | string | null>
  readonly version: string
  readonly peerDependencies: Record<string, string>
}

const run = (command: string, args: ReadonlyArray<string>, cwd: string, env: NodeJS.ProcessEnv = process.env): string => {
  const result = ChildProcess.spawnSync(command, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 })
  // What the command printed is the reason it failed (a type error, say): it goes into the message.
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`)
  return result.stdout
}

/** The npm on PATH (under `npm test`, run by the pinned Node 24). */
const npm = (args: ReadonlyArray<string>, cwd: string): string =>
  run("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], cwd)

let work = ""
let tarball = ""
let consumer = ""

beforeAll(() => {
  work = Fs.mkdtempSync(Path.join(Os.tmpdir(), "stackfx-pack-"))
  // A clean checkout: the tracked files as they are in the working tree, no dist/.
  const clean = Path.join(work, "clean")
  const tracked = run("git", ["ls-files", "-z"], root).split("\0").filter((file) => file !== "" && Fs.existsSync(Path.join(root, file)))
  for (const file of tracked) {
    Fs.mkdirSync(Path.dirname(Path.join(clean, file)), { recursive: true })
    Fs.copyFileSync(Path.join(root, file), Path.join(clean, file))
  }
  Fs.symlinkSync(Path.join(root, "node_modules"), Path.join(clean, "node_modules"))
  // (the build's own output shares stdout with npm's, so the tarball is found by name)
  npm(["pack", "--pack-destination", work], clean)
  tarball = Path.join(work, `stackfx-${manifest.version}.tgz`)

  consumer = Path.join(work, "consumer")
  Fs.mkdirSync(consumer)
  Fs.writeFileSync(Path.join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }))
  const peers = ["effect", "@effect/platform-node", "@simplewebauthn/server", "otpauth", "bcryptjs", "react", "react-dom"].map((name) => `${name}@${manifest.peerDependencies[name]}`)
  // The types a React consumer has (the declarations of stackfx/react and the emulator refer to them).
  npm(["install", tarball, ...peers, "next@15", "@types/react@19", "@types/node@24", "node@22"], consumer)
}, 300_000)

afterAll(() => {
  if (work !== "") Fs.rmSync(work, { recursive: true, force: true })
}, 60_000)

describe("npm pack", () => {
  it("ships the built code for every export, the licence and the changelog; no source a resolver could pick, no maps, no screenshots", () => {
    const listing = run("tar", ["-tzf", tarball], work).split("\n").map((line) => line.replace(/^package\//, "")).filter((line) => line !== "")
    for (const file of ["LICENSE", "CHANGELOG.md", "README.md", "package.json", "dist/src/cli.js", "docs/errors.md"]) assert.include(listing, file)
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (target === null || typeof target === "string") continue
      for (const file of Object.values(target)) assert.include(listing, file.replace(/^\.\//, ""), `${subpath} -> ${file}`)
    }
    // Raw TypeScript next to the package root (react/index.ts) is what node10 resolution found before the .d.ts.
    const sources = listing.filter((file) => /\.(ts|tsx|mts|cts)$/.test(file) && !/\.d\.ts$/.test(file))
    assert.deepStrictEqual(sources, [], "no TypeScript sources")
    assert.deepStrictEqual(listing.filter((file) => file.endsWith(".map")), [], "no source or declaration maps")
    assert.isFalse(listing.some((file) => /^(src|react|test|examples|scripts|bench|docs\/screenshots)\//.test(file)), "only dist/ and the docs' text")
  })

  // One consumer per module resolution a framework may use: every subpath's types come from the
  // package's declaration files, and a strict program over them type-checks.
  const resolutions = [
    { moduleResolution: "node10", module: "commonjs" },
    { moduleResolution: "node16", module: "node16" },
    { moduleResolution: "nodenext", module: "nodenext" },
    { moduleResolution: "bundler", module: "esnext" }
  ] as const
  for (const { moduleResolution, module } of resolutions) {
    it(`moduleResolution ${moduleResolution}: every subpath's types resolve to the package's .d.ts files and type-check`, () => {
      const folder = Path.join(consumer, `resolution-${moduleResolution}`)
      Fs.mkdirSync(folder, { recursive: true })
      Fs.writeFileSync(Path.join(folder, "tsconfig.json"), JSON.stringify({
        compilerOptions: {
          module,
          moduleResolution,
          target: "es2022",
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          lib: ["es2022", "dom"],
          types: ["node"],
          jsx: "react-jsx",
          // TypeScript 6 warns that node10 is going away; projects on it say so.
          ...(moduleResolution === "node10" ? { ignoreDeprecations: "6.0" } : {})
        },
        files: ["typed.tsx"]
      }))
      const subpaths = Object.keys(manifest.exports).filter((key) => key !== "./package.json" && !key.includes("*")).map((key) => `stackfx${key.slice(1)}`)
      const entries = [
        ...subpaths.map((subpath, index) => `import * as Entry${index} from ${JSON.stringify(subpath)}`),
        `export const entries = [${subpaths.map((_, index) => `Entry${index}`).join(", ")}]`
      ]
      // Under node10 effect's own types are out of reach (below), so the program is the imports alone.
      Fs.writeFileSync(Path.join(folder, "typed.tsx"), moduleResolution === "node10" ? entries.join("\n") : [
        ...entries,
        "import * as Effect from \"effect/Effect\"",
        "import { getProject, signInWithPassword } from \"stackfx/client\"",
        "import { StackServer } from \"stackfx/server\"",
        "import { isProjectAuthenticationError } from \"stackfx/errors\"",
        "import * as Create from \"stackfx/errors/create\"",
        "import { layerBrowser, StackHandler, StackProvider } from \"stackfx/react\"",
        "export const program = signInWithPassword({ email: \"a@example.com\", password: \"correct horse battery\" }).pipe(",
        "  Effect.catchTag(\"EmailPasswordMismatch\", () => Effect.succeed(undefined)),",
        "  Effect.catchIf(isProjectAuthenticationError, () => Effect.succeed(undefined))",
        ")",
        "export const project = getProject().pipe(Effect.map((p) => p.displayName))",
        "export const users = Effect.flatMap(Effect.service(StackServer), (stack) => stack.listUsers({ limit: 10 }))",
        "// A built error is the catalogue class's instance, with the server's message.",
        "export const tooShort: { readonly _tag: \"PasswordTooShort\"; readonly details: { readonly min_length: number } } = Create.PasswordTooShort({ min_length: 8 })",
        "// @ts-expect-error a tag the call cannot fail with is refused",
        "export const wrong = getProject().pipe(Effect.catchTag(\"EmailPasswordMismatch\", () => Effect.succeed(undefined)))",
        "const layer = layerBrowser({ projectId: \"p\", publishableClientKey: \"pck_x\" })",
        "export const app = <StackProvider layer={layer}><StackHandler path=\"/handler/sign-in\" /></StackProvider>",
        ""
      ].join("\n"))
      // One compiler run lists the files it read and reports the errors.
      const output = ChildProcess.spawnSync(process.execPath, [Path.join(root, "node_modules/typescript/bin/tsc"), "-p", folder, "--listFiles"], {
        cwd: folder,
        encoding: "utf8",
        maxBuffer: 64 << 20
      }).stdout.split("\n")
      const listed = output.filter((line) => line.startsWith("/") && line.includes("/node_modules/stackfx/"))
      assert.isNotEmpty(listed)
      assert.deepStrictEqual(listed.filter((file) => !file.endsWith(".d.ts")), [], "only declaration files of stackfx")
      for (const subpath of ["src/client", "src/server", "src/emulator", "react", "next"]) {
        assert.isTrue(listed.some((file) => file.includes(`/node_modules/stackfx/dist/${subpath}/`)), `${subpath} resolved`)
      }
      // Errors in stackfx's declarations or in the program (Next.js's own declarations do not pass
      // skipLibCheck: false, which is why Next.js apps set it; those are not ours).
      const errors = output.filter((line) => / error TS\d+/.test(line) && (line.startsWith("typed.tsx") || line.startsWith("node_modules/stackfx/")))
      if (moduleResolution === "node10") {
        // effect 4 has no node10 types (no typesVersions): its subpaths are the only thing a node10 consumer cannot find.
        assert.deepStrictEqual(errors.filter((line) => !/error TS2307: Cannot find module 'effect\//.test(line)), [], "only effect's own subpaths are missing")
      } else {
        assert.deepStrictEqual(errors, [], "no type errors")
      }
    }, 300_000)
  }

  const nodes = [
    { name: "Node 24", bin: () => process.execPath },
    { name: "Node 22", bin: () => Path.join(consumer, "node_modules/.bin/node") }
  ]

  for (const node of nodes) {
    it(`${node.name}: every export imports, require() works, and a client call reaches the packaged emulator`, async () => {
      const version = run(node.bin(), ["--version"], consumer).trim()
      assert.match(version, node.name === "Node 22" ? /^v22\./ : /^v24\./)
      const subpaths = Object.keys(manifest.exports).filter((key) => key !== "./package.json" && !key.includes("*"))
      const imports = run(node.bin(), ["--input-type=module", "-e", `
        for (const subpath of ${JSON.stringify(subpaths)}) {
          const module = await import("stackfx" + subpath.slice(1))
          if (Object.keys(module).length === 0) throw new Error(subpath + " exports nothing")
        }
        console.log("imported", ${subpaths.length})
      `], consumer)
      assert.include(imports, `imported ${subpaths.length}`)
      const required = run(node.bin(), ["-e", `console.log(typeof require("stackfx/client").signInWithPassword)`], consumer)
      assert.strictEqual(required.trim(), "function")

      const emulator = ChildProcess.spawn(node.bin(), [Path.join(consumer, "node_modules/stackfx/dist/src/cli.js"), "emulator", "--port", "0"], { cwd: consumer, stdio: ["ignore", "pipe", "pipe"] })
      try {
        const info = await new Promise<{ baseUrl: string; projectId: string; publishableClientKey: string }>((resolve, reject) => {
          let out = ""
          emulator.stdout.on("data", (chunk: Buffer) => {
            out += chunk.toString()
            const line = out.split("\n").find((candidate) => candidate.startsWith("STACKFX_EMULATOR "))
            if (line !== undefined && out.includes("\n")) resolve(JSON.parse(line.slice("STACKFX_EMULATOR ".length)))
          })
          emulator.on("exit", (code) => reject(new Error(`emulator exited (${code})`)))
        })
        Fs.writeFileSync(Path.join(consumer, "client-call.mjs"), `
          import * as Effect from "effect/Effect"
          import * as Layer from "effect/Layer"
          import { getUserOrFail, layerCoreFetch, layerMemoryTokenStore, signUpWithPassword } from "stackfx/client"
          const program = Effect.gen(function*() {
            yield* signUpWithPassword({ email: "new-user@example.com", password: "correct horse battery" })
            const user = yield* getUserOrFail()
            return user.primaryEmail
          })
          const email = await program.pipe(
            Effect.provide(layerCoreFetch(${JSON.stringify(info)}).pipe(Layer.provide(layerMemoryTokenStore()))),
            Effect.runPromise
          )
          console.log("signed up as " + email)
        `)
        const output = run(node.bin(), ["client-call.mjs"], consumer)
        assert.include(output, "signed up as new-user@example.com")
      } finally {
        emulator.kill("SIGTERM")
      }
    }, 60_000)
  }
})
