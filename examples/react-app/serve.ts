/**
 * Serves the React example: a local emulator on one port, the app (bundled by esbuild) on another,
 * every path but `/app.js` answered with the page shell so `/handler/*` routes work on reload.
 */
import * as Http from "node:http"
import * as Path from "node:path"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import * as Esbuild from "esbuild"
import { addTeamMember, createTeam } from "../../src/emulator/accounts.ts"
import { Emulator, type EmulatorService, type StateData } from "../../src/emulator/index.ts"
import { configElementId, type ExampleConfig } from "./config.ts"

/** Bundles a browser entry (minified ESM), e.g. this example's `app.tsx`. */
export const bundleBrowserEntry = (entry: string) =>
  Effect.promise(async () => {
    const result = await Esbuild.build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      write: false
    })
    return result.outputFiles[0]?.text ?? ""
  })

const shell = (config: ExampleConfig) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>stackfx example</title><style>body{margin:0}` +
  // The example's own page frame, lists and sections (its home, admin and dashboard pages): the
  // kit's sheets style only the kit.
  ".stackfx-page{max-width:32rem;margin:0 auto;padding:var(--stackfx-space-6) var(--stackfx-space-4)}" +
  "@media (max-width:480px){.stackfx-page{padding:var(--stackfx-space-4) var(--stackfx-space-3)}}" +
  ".stackfx-list{list-style:none;padding:0;margin:var(--stackfx-space-2) 0;display:flex;flex-direction:column;gap:var(--stackfx-space-2)}" +
  ".stackfx-section{border-top:1px solid var(--stackfx-border);padding-top:var(--stackfx-space-3);margin-top:var(--stackfx-space-4)}</style>" +
  `<script type="application/json" id="${configElementId}">${JSON.stringify(config).replace(/</g, "\\u003c")}</script>` +
  `<script type="module" src="/app.js"></script>`

/** Where a served page is. */
export interface ServedPage {
  readonly origin: string
}

/**
 * Serves `script` as `/app.js` and the shell (with `config`) everywhere else, on a free port of
 * 127.0.0.1 named `host` in the origin (default `localhost`, which WebAuthn accepts), for the scope.
 */
export const servePage = (script: string, config: ExampleConfig, host = "localhost"): Effect.Effect<ServedPage, never, Scope.Scope> =>
  Effect.map(
    Effect.acquireRelease(
      Effect.callback<{ readonly server: Http.Server; readonly port: number }>((resume) => {
        const server = Http.createServer((request, response) => {
          if (request.url === "/app.js") response.writeHead(200, { "content-type": "text/javascript" }).end(script)
          else if (request.url === "/favicon.ico") response.writeHead(404).end()
          else response.writeHead(200, { "content-type": "text/html" }).end(shell(config))
        })
        server.listen(0, "127.0.0.1", () => {
          const address = server.address()
          resume(Effect.succeed({ server, port: typeof address === "object" && address !== null ? address.port : 0 }))
        })
      }),
      ({ server }) =>
        Effect.callback<void>((resume) => {
          server.closeAllConnections()
          server.close(() => resume(Effect.void))
        })
    ),
    ({ port }) => ({ origin: `http://${host}:${port}` })
  )

/** Adds `origin` to the trusted domains of `projectId` (records are replaced, never mutated). */
const trustOrigin = (data: StateData, projectId: string, origin: string): void => {
  const project = data.projects[projectId]
  if (project === undefined) return
  const domains = [...project.config.domains, { domain: origin, handlerPath: "/handler" }]
  data.projects[projectId] = { ...project, config: { ...project.config, domains } }
}

/**
 * Signs a project owner up in the emulator's `internal` project (the dashboard's users) and makes
 * their team own the example project, as creating a project in Stack Auth's dashboard does; returns
 * the owner's session for the example's dashboard page.
 */
const projectOwnerSession = (emu: EmulatorService) =>
  Effect.gen(function*() {
    const internalKey = yield* emu.withState((data) =>
      Effect.succeed(Object.values(data.apiKeySets).find((set) => set.projectId === "internal")?.publishableClientKey ?? "")
    )
    const response = yield* emu.handle(new Request(`${emu.info.baseUrl}/api/v1/auth/password/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-stack-access-type": "client", "x-stack-project-id": "internal", "x-stack-publishable-client-key": internalKey },
      body: JSON.stringify({ email: `owner-${Date.now().toString(36)}@example.com`, password: `owner-${Math.random().toString(36).slice(2)}-Password` })
    }))
    const session = Schema.decodeUnknownSync(OwnerSignUp)(yield* Effect.promise(() => response.json()))
    const now = yield* Clock.currentTimeMillis
    yield* emu.withState((data) =>
      Effect.sync(() => {
        const owner = data.users[session.user_id]
        const project = data.projects[emu.info.projectId]
        if (owner === undefined || project === undefined) return
        const team = createTeam(data, { projectId: "internal", displayName: "Example owners", nowMillis: now })
        addTeamMember(data, { team, user: owner, asCreator: true, nowMillis: now })
        data.projects[project.id] = { ...project, ownerTeamId: team.id }
      })
    )
    return { refreshToken: session.refresh_token, internalPublishableClientKey: internalKey }
  })

/** What the owner's sign-up answers (the fields used). */
const OwnerSignUp = Schema.Struct({ user_id: Schema.String, refresh_token: Schema.String })

/** The emulator and the example app served against it, for the scope. */
export const startReactExample: Effect.Effect<{ readonly emu: EmulatorService; readonly page: ServedPage }, never, Scope.Scope> =
  Effect.gen(function*() {
    const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
    // The admin key goes into this local example's page for its admin page only (see admin.tsx).
    const config = {
      baseUrl: emu.info.baseUrl,
      projectId: emu.info.projectId,
      publishableClientKey: emu.info.publishableClientKey,
      demoAdminKey: emu.info.superSecretAdminKey
    }
    const page = yield* servePage(yield* bundleBrowserEntry(Path.join(import.meta.dirname, "app.tsx")), { ...config, demoOwnerSession: yield* projectOwnerSession(emu) })
    // The emulator refuses admin keys from browser origins the project does not trust (another
    // localhost port included): the example's own origin is made a trusted domain, as a project
    // owner would add their app's domain.
    yield* emu.withState((data) => Effect.sync(() => trustOrigin(data, emu.info.projectId, page.origin)))
    return { emu, page }
  })
