/**
 * The project-permission hooks (react/feature-hooks.ts) rendered on the server over the in-process
 * emulator: a user granted `manage_reports` (which contains `read_reports`) sees both, checks them
 * by id, sees only the direct one with `recursive: false`, and a permission revoked by the server
 * disappears once the session's queries are read again (`projectPermissions` is one of them); the non-suspending form shares the entry.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type { ReactNode } from "react"
import { renderToReadableStream } from "react-dom/server"
import * as HttpClient from "effect/http/HttpClient"
import {
  layerServerRender,
  makeStackStore,
  sessionQueries,
  StackProvider,
  useHasProjectPermission,
  useProjectPermission,
  useProjectPermissions,
  useProjectPermissionsState
} from "../../react/index.ts"
import { keyHasName } from "../../react/cache.ts"
import { StackAdmin } from "../../src/admin/index.ts"
import { layerCoreFetch, makeMemoryTokenStore, signUpWithPassword, TokenStore } from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { StackServer } from "../../src/server/index.ts"

const projectId = "5f0c1a8e-0000-4000-8000-00000000feed"
const publishableClientKey = "pck_feature_hooks_test"

const renderHtml = async (node: ReactNode) => {
  const stream = await renderToReadableStream(node, { onError: () => {} })
  await stream.allReady
  return new Response(stream).text()
}

const Permissions = () => {
  const all = useProjectPermissions()
  const direct = useProjectPermissions({ recursive: false })
  const read = useProjectPermission("read_reports")
  const canManage = useHasProjectPermission("manage_reports")
  const canDelete = useHasProjectPermission("delete_reports")
  return (
    <p id="permissions">
      {`all=${all.map((p) => p.id).join(",")};direct=${direct.map((p) => p.id).join(",")};` +
        `read=${read?.id ?? "null"};manage=${canManage};delete=${canDelete}`}
    </p>
  )
}

const State = () => {
  const state = useProjectPermissionsState()
  return <p id="state">{`state=${state.data?.length ?? "none"}/${String(state.loading)}`}</p>
}

describe("stackfx/react project-permission hooks", () => {
  it.live("show the signed-in user's project permissions and checks, and follow a revocation", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      const options = { projectId, publishableClientKey, baseUrl: "http://emulator.test" }
      const http = Layer.succeed(HttpClient.HttpClient, emu.httpClient)
      const admin = StackAdmin.layer({ projectId, superSecretAdminKey: emu.info.superSecretAdminKey, baseUrl: options.baseUrl }).pipe(Layer.provide(http))
      const server = StackServer.layer({ projectId, secretServerKey: emu.info.secretServerKey, baseUrl: options.baseUrl }).pipe(Layer.provide(http))
      const store = yield* makeMemoryTokenStore()
      const core = layerCoreFetch(options, emu.fetch).pipe(Layer.provide(Layer.succeed(TokenStore, store)))
      const { userId } = yield* signUpWithPassword({ email: "reporter@example.com", password: "correct horse battery" }).pipe(Effect.provide(core), Effect.orDie)
      yield* Effect.gen(function*() {
        const stackAdmin = yield* StackAdmin
        const stackServer = yield* StackServer
        yield* stackAdmin.createProjectPermissionDefinition({ id: "read_reports" })
        yield* stackAdmin.createProjectPermissionDefinition({ id: "manage_reports", containedPermissionIds: ["read_reports"] })
        yield* stackServer.grantProjectPermission(userId, "manage_reports")
      }).pipe(Effect.provide(Layer.merge(admin, server)), Effect.orDie)

      const tokens = yield* store.get
      const auth = {
        accessToken: Option.getOrNull(Option.map(tokens.accessToken, Redacted.value)),
        refreshToken: Option.getOrNull(Option.map(tokens.refreshToken, Redacted.value))
      }
      const rendered = makeStackStore(layerServerRender({ ...options, request: { "x-stack-auth": JSON.stringify(auth) }, fetch: emu.fetch }))
      const html = yield* Effect.promise(() => renderHtml(<StackProvider store={rendered}><Permissions /><State /></StackProvider>))
      assert.include(html, "all=manage_reports,read_reports;direct=manage_reports;read=read_reports;manage=true;delete=false")
      const again = yield* Effect.promise(() => renderHtml(<StackProvider store={rendered}><State /></StackProvider>))
      assert.include(again, "state=2/false")

      yield* Effect.flatMap(StackServer, (s) => s.revokeProjectPermission(userId, "manage_reports")).pipe(Effect.provide(server), Effect.orDie)
      // What a sign-in or sign-out through the kit does: every session query is forgotten and read again.
      yield* Effect.promise(() => rendered.cache.resetSession((key) => sessionQueries.some((name) => keyHasName(key, name))))
      const after = yield* Effect.promise(() => renderHtml(<StackProvider store={rendered}><Permissions /></StackProvider>))
      assert.include(after, "all=;direct=;read=null;manage=false;delete=false")
      yield* Effect.promise(() => rendered.dispose())
    }).pipe(Effect.provide(Emulator.layer({ projectId, publishableClientKey }))))
})
