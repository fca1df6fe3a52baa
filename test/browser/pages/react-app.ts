/**
 * A React 19 app on stackfx/react: `StackProvider` over the fetch core and the cookie token store,
 * two components reading `useUser` under Suspense, one `useStackQuery` of the contact channels, and
 * mutations that invalidate them. The Chromium test clicks its buttons and reads its text.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { createElement as h, StrictMode, Suspense, useState } from "react"
import { createRoot } from "react-dom/client"
import { layerBrowser } from "../../../src/browser/index.ts"
import {
  createContactChannel,
  createTeam,
  listContactChannels,
  signOut,
  signUpWithPassword
} from "../../../src/client/index.ts"
import {
  queryKey,
  sessionQueries,
  StackProvider,
  useStackMutation,
  useStackQuery,
  useTeamPermission,
  useTeams,
  useUser,
  useUserState
} from "../../../react/index.ts"
import { pageConfig } from "./config.ts"

const config = pageConfig

// Defined once, outside render: the provider builds one runtime from it.
const layer = layerBrowser(config)

const Greeting = (props: { readonly id: string }) => {
  const user = useUser()
  return h("p", { id: props.id }, user === null ? "signed out" : `hello ${user.primaryEmail ?? "?"}`)
}

const Channels = () => {
  const user = useUser()
  const channels = useStackQuery(queryKey("contactChannels", user?.id ?? null), user === null ? Effect.succeed([]) : listContactChannels())
  return h("p", { id: "channels" }, channels.loading ? "loading" : `channels: ${(channels.data ?? []).map((c) => c.value).join(", ")}`)
}

/** Suspending resource hooks, shown only when signed in. */
const Teams = () => {
  const teams = useTeams()
  const first = teams[0]
  return h("div", null,
    h("p", { id: "teams" }, `teams: ${teams.map((team) => team.displayName).join(", ")}`),
    first === undefined ? null : h(CanDelete, { teamId: first.id }))
}

const CanDelete = (props: { readonly teamId: string }) =>
  h("p", { id: "can-delete" }, useTeamPermission(props.teamId, "$delete_team") === null ? "no" : "yes")

const SignedInOnly = () => (useUser() === null ? null : h(Teams))

const Controls = () => {
  const [email] = useState(() => `react-${Date.now().toString(36)}@example.com`)
  const signUp = useStackMutation(signUpWithPassword, { invalidates: sessionQueries })
  const out = useStackMutation(signOut, { invalidates: sessionQueries })
  const addChannel = useStackMutation(createContactChannel, { invalidates: ["contactChannels"] })
  const addTeam = useStackMutation(createTeam, { invalidates: ["teams", "teamPermissions"] })
  return h(
    "div",
    null,
    h("button", { id: "sign-up", onClick: () => void signUp.run({ email, password: "correct horse battery" }) }, "Sign up"),
    h("button", { id: "sign-up-short", onClick: () => void signUp.run({ email: `short-${email}`, password: "short" }) }, "Short"),
    h("button", { id: "add-channel", onClick: () => void addChannel.run({ type: "email", value: `second-${email}`, usedForAuth: false }) }, "Add"),
    h("button", { id: "add-team", onClick: () => void addTeam.run({ displayName: "Rocket" }) }, "Add team"),
    h("button", { id: "sign-out", onClick: () => void out.run() }, "Sign out"),
    h("p", { id: "mutation-error" }, signUp.error?._tag ?? "none"),
    h("p", { id: "email" }, email)
  )
}

/** Outside any Suspense boundary: the non-suspending read of the same user entry. */
const UserState = () => {
  const state = useUserState()
  return h("p", { id: "user-state" }, state.loading ? "state: loading" : `state: ${state.data?.primaryEmail ?? "signed out"}`)
}

const App = () =>
  h("div", null, h(UserState), h(
    Suspense,
    { fallback: h("p", { id: "suspended" }, "loading user") },
    h(Greeting, { id: "greeting-a" }),
    h(Greeting, { id: "greeting-b" }),
    h(Channels),
    h(SignedInOnly),
    h(Controls)
  ))

const root = document.createElement("div")
document.body.append(root)
createRoot(root).render(h(StrictMode, null, h(StackProvider<Layer.Success<typeof layer>, Layer.Error<typeof layer>>, { layer }, h(App))))
