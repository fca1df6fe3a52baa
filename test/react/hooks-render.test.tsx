/**
 * Every reading hook, rendered on the server (React's `renderToReadableStream`, which waits for
 * suspended reads) over the in-process emulator: each shows what the API holds for a signed-up user
 * with a team, a second e-mail and an invitation; the non-suspending forms read the same entries;
 * `useStackClient()` runs operations; a hook outside the provider gives a readable error.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type { ReactNode } from "react"
import { renderToReadableStream } from "react-dom/server"
import { layerServerRender, makeStackStore, StackProvider } from "../../react/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import {
  useAccessToken,
  useAuthHeaders,
  useAuthJson,
  useConnectedAccount,
  useContactChannels,
  useContactChannelsState,
  useOAuthProviders,
  usePartialUser,
  useProject,
  useTeam,
  useTeamInvitations,
  useTeamMembers,
  useTeamPermission,
  useTeamPermissions,
  useTeamProfile,
  useTeams,
  useTeamsState
} from "../../react/resource-hooks.ts"
import { useUser, useUserState } from "../../react/hooks.ts"
import {
  useAdminProject,
  useAdminTeams,
  useAdminUsers,
  useApiKeys,
  useEmailTemplates,
  usePermissionDefinitions
} from "../../react/admin-hooks.ts"
import { StackAdmin } from "../../src/admin/index.ts"
import * as HttpClient from "effect/http/HttpClient"
import { type StackClientHandle, useStackClient } from "../../react/stack-client-hook.ts"
import {
  createContactChannel,
  createTeam,
  inviteToTeam,
  layerCoreFetch,
  makeMemoryTokenStore,
  signUpWithPassword,
  TokenStore,
  updateUser
} from "../../src/client/index.ts"

const projectId = "5f0c1a8e-0000-4000-8000-00000000c0de"
const publishableClientKey = "pck_hooks_render_test"

const renderHtml = async (node: ReactNode) => {
  const stream = await renderToReadableStream(node, { onError: () => {} })
  await stream.allReady
  return new Response(stream).text()
}

const Everything = (props: { readonly teamId: string }) => {
  const user = useUser({ or: "throw" })
  const sameUser = useUser()
  const project = useProject()
  const teams = useTeams()
  const team = useTeam(props.teamId)
  const permissions = useTeamPermissions(props.teamId)
  const canInvite = useTeamPermission(props.teamId, "$invite_members")
  const profile = useTeamProfile(props.teamId)
  const members = useTeamMembers(props.teamId)
  const invitations = useTeamInvitations(props.teamId)
  const channels = useContactChannels()
  const github = useConnectedAccount("github", { scopes: ["repo"] })
  const providers = useOAuthProviders()
  const auth = useAuthJson()
  const accessToken = useAccessToken()
  const headers = useAuthHeaders()
  const partial = usePartialUser()
  const rows: ReadonlyArray<readonly [string, string]> = [
    ["user", `${user.displayName ?? ""}${sameUser?.id === user.id ? "" : "(differs)"}`],
    ["project", project.id],
    ["teams", teams.map((t) => t.displayName).join(",")],
    ["team", Option.match(team, { onNone: () => "none", onSome: (found) => found.displayName })],
    ["permissions", String(permissions.some((p) => p.id === "$update_team"))],
    ["can-invite", String(canInvite !== null)],
    ["profile", profile.displayName ?? ""],
    ["members", String(members.length)],
    ["invitations", invitations.map((i) => i.recipientEmail).join(",")],
    ["channels", channels.map((c) => c.value).sort().join(",")],
    ["github", String(github)],
    ["providers", String(providers.length)],
    ["auth", String(auth.refreshToken !== null && auth.accessToken === accessToken)],
    ["headers", String(headers["x-stack-auth"].includes(auth.refreshToken ?? "-"))],
    ["partial", `${partial?.id === user.id}:${partial?.displayName}`]
  ]
  return <dl>{rows.map(([name, value]) => <div key={name} id={name}>{`${name}=${value}`}</div>)}</dl>
}

/** The non-suspending forms, on entries the suspending ones filled. */
const States = () => {
  const user = useUserState()
  const teams = useTeamsState()
  const channels = useContactChannelsState()
  return <p id="states">{`states=${user.data?.displayName}/${teams.data?.length}/${channels.data?.length}/${String(teams.loading)}`}</p>
}

describe("stackfx/react hooks rendered on the server", () => {
  it.live("every reading hook shows the API's data; the state forms share the entries; useStackClient runs operations", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      const options = { projectId, publishableClientKey, baseUrl: "http://emulator.test" }
      const store = yield* makeMemoryTokenStore()
      const core = layerCoreFetch(options, emu.fetch).pipe(Layer.provide(Layer.succeed(TokenStore, store)))
      const email = "ada@example.com"
      const teamId = yield* Effect.gen(function*() {
        yield* signUpWithPassword({ email, password: "correct horse battery" })
        yield* updateUser({ displayName: "Ada" })
        const team = yield* createTeam({ displayName: "Engines" })
        yield* createContactChannel({ type: "email", value: "ada.second@example.com", usedForAuth: false })
        yield* inviteToTeam({ teamId: team.id, email: "guest@example.com", callbackUrl: "http://localhost:3000/handler/team-invitation" })
        return team.id
      }).pipe(Effect.provide(core), Effect.orDie)
      const tokens = yield* store.get
      const auth = {
        accessToken: Option.getOrNull(Option.map(tokens.accessToken, Redacted.value)),
        refreshToken: Option.getOrNull(Option.map(tokens.refreshToken, Redacted.value))
      }
      // The user's tokens reach the render as the official SDK's auth header would bring them.
      const rendered = makeStackStore(layerServerRender({ ...options, request: { "x-stack-auth": JSON.stringify(auth) }, fetch: emu.fetch }))
      let handle: StackClientHandle | undefined
      const Grab = () => {
        handle = useStackClient()
        return null
      }
      const html = yield* Effect.promise(() =>
        renderHtml(
          <StackProvider store={rendered}>
            <Everything teamId={teamId} />
            <States />
            <Grab />
          </StackProvider>
        )
      )
      const shown = (name: string) => new RegExp(`id="${name}">${name}=([^<]*)<`).exec(html)?.[1]
      assert.strictEqual(shown("user"), "Ada")
      assert.strictEqual(shown("project"), projectId)
      assert.strictEqual(shown("teams"), "Engines")
      assert.strictEqual(shown("team"), "Engines")
      assert.strictEqual(shown("permissions"), "true")
      assert.strictEqual(shown("can-invite"), "true")
      assert.strictEqual(shown("profile"), "Ada")
      assert.strictEqual(shown("members"), "1")
      assert.strictEqual(shown("invitations"), "guest@example.com")
      assert.strictEqual(shown("channels"), "ada.second@example.com,ada@example.com")
      assert.strictEqual(shown("github"), "null")
      assert.strictEqual(shown("providers"), "0")
      assert.strictEqual(shown("auth"), "true")
      assert.strictEqual(shown("headers"), "true")
      // The token was minted at sign-up, before the name was set: the partial user is as of its token.
      assert.strictEqual(shown("partial"), "true:null")
      // The non-suspending forms render their first state on a server (React renders a suspended
      // boundary's siblings once); a second render over the same cache shows the shared entries.
      assert.include(html, "states=undefined/undefined/undefined/true")
      const again = yield* Effect.promise(() => renderHtml(<StackProvider store={rendered}><States /></StackProvider>))
      assert.include(again, "states=Ada/1/2/false")

      // useStackClient(): operations as Promises of their Exit, typed failures included.
      assert.isDefined(handle)
      const wrong = yield* Effect.promise(() => handle!.signInWithPassword({ email, password: "not the password" }))
      assert.isTrue(Exit.isFailure(wrong))
      assert.strictEqual(Exit.isFailure(wrong) ? Option.getOrUndefined(Exit.findErrorOption(wrong))?._tag : undefined, "EmailPasswordMismatch")
      const renamed = yield* Effect.promise(() => handle!.updateUser({ displayName: "Ada L." }))
      assert.strictEqual(Exit.isSuccess(renamed) ? renamed.value.displayName : undefined, "Ada L.")
      yield* Effect.promise(() => rendered.dispose())
    }).pipe(Effect.provide(Emulator.layer({ projectId, publishableClientKey }))))

  it.live("the admin hooks show the project, a searched page of users, teams, API keys, templates and definitions", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      const options = { projectId, publishableClientKey, baseUrl: "http://emulator.test" }
      const store = yield* makeMemoryTokenStore()
      const core = layerCoreFetch(options, emu.fetch).pipe(Layer.provide(Layer.succeed(TokenStore, store)))
      for (const name of ["grace", "alan", "gracie"]) {
        yield* signUpWithPassword({ email: `${name}@example.com`, password: "correct horse battery" }).pipe(Effect.provide(core), Effect.orDie)
      }
      yield* createTeam({ displayName: "Bletchley" }).pipe(Effect.provide(core), Effect.orDie)
      const admin = StackAdmin.layer({ projectId, superSecretAdminKey: emu.info.superSecretAdminKey, baseUrl: "http://emulator.test" }).pipe(
        Layer.provide(Layer.succeed(HttpClient.HttpClient, emu.httpClient))
      )
      const rendered = makeStackStore(Layer.merge(layerServerRender({ ...options, request: {}, fetch: emu.fetch }), admin))
      const Dashboard = () => {
        const project = useAdminProject()
        const page = useAdminUsers({ limit: 1, query: "grac" })
        const teams = useAdminTeams()
        const keys = useApiKeys()
        const templates = useEmailTemplates()
        const definitions = usePermissionDefinitions()
        return (
          <p id="dashboard">
            {`project=${project.id};page=${page.items.map((user) => user.primaryEmail).join(",")};more=${page.nextCursor !== null};` +
              `teams=${teams.length};keys=${keys.length};templates=${templates.length > 0};definitions=${definitions.some((d) => d.id === "$update_team")}`}
          </p>
        )
      }
      const html = yield* Effect.promise(() => renderHtml(<StackProvider store={rendered}><Dashboard /></StackProvider>))
      yield* Effect.promise(() => rendered.dispose())
      assert.match(html, new RegExp(`project=${projectId};page=grac[a-z]*@example\\.com;more=true;teams=1;keys=\\d+;templates=true;definitions=true`))
    }).pipe(Effect.provide(Emulator.layer({ projectId, publishableClientKey }))))

  it.live("a hook outside <StackProvider> fails the render with a message that says how to fix it", () =>
    Effect.gen(function*() {
      const failure = yield* Effect.promise(() => renderHtml(<States />).then(() => "rendered", (error: unknown) => String(error)))
      assert.include(failure, "used outside <StackProvider>")
    }))
})
