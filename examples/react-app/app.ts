/**
 * The React example app: stackfx/react over the fetch core and the official SDK's cookies, with the
 * handler pages at `/handler/*` and a home page showing the user, their teams and their e-mail
 * addresses. `npm run example:react` serves it next to a local emulator.
 */
import * as Layer from "effect/Layer"
import { createElement as h, type ReactNode, StrictMode, Suspense, useState } from "react"
import { createRoot } from "react-dom/client"
import { layerBrowser } from "../../src/browser/index.ts"
import { createTeam } from "../../src/client/index.ts"
import {
  StackHandler,
  StackProvider,
  useContactChannels,
  useStackMutation,
  useTeams,
  useUser
} from "../../react/index.ts"
import { readExampleConfig } from "./config.ts"

const exampleConfig = readExampleConfig()

// One layer for the app's life: the provider builds one runtime from it.
const layer = layerBrowser(exampleConfig)

const link = (href: string, text: string) => h("a", { href, style: { marginRight: "1rem" } }, text)

const Teams = () => {
  const teams = useTeams()
  const [name, setName] = useState("")
  const create = useStackMutation(createTeam, { invalidates: ["teams"] })
  return h("section", null,
    h("h2", null, "Teams"),
    h("ul", { id: "teams" }, teams.map((team) => h("li", { key: team.id }, team.displayName))),
    h("form", {
      onSubmit: (event: { preventDefault: () => void }) => {
        event.preventDefault()
        void create.run({ displayName: name }).then(() => setName(""))
      }
    },
    h("input", { name: "team-name", value: name, placeholder: "New team", onChange: (event: { target: { value: string } }) => setName(event.target.value) }),
    h("button", { type: "submit", disabled: create.pending }, "Create team")),
    create.error === undefined ? null : h("p", { role: "alert" }, create.error.message))
}

const Channels = () =>
  h("section", null, h("h2", null, "E-mail addresses"),
    h("ul", { id: "channels" }, useContactChannels().map((channel) =>
      h("li", { key: channel.id }, `${channel.value}${channel.isVerified ? " (verified)" : ""}`))))

const Home = (): ReactNode => {
  const user = useUser()
  if (user === null) {
    return h("main", null,
      h("p", { id: "home" }, "signed out"),
      link("/handler/sign-in", "Sign in"),
      link("/handler/sign-up", "Create an account"))
  }
  return h("main", null,
    h("p", { id: "home" }, `hello ${user.primaryEmail ?? user.displayName ?? user.id}`),
    link("/handler/account-settings", "Account settings"),
    link("/handler/sign-out", "Sign out"),
    h(Teams),
    h(Channels))
}

const App = () =>
  h(Suspense, { fallback: h("p", null, "Loading…") }, location.pathname.startsWith("/handler/") ? h(StackHandler) : h(Home))

const root = document.createElement("div")
document.body.append(root)
createRoot(root).render(h(StrictMode, null, h(StackProvider<Layer.Success<typeof layer>, Layer.Error<typeof layer>>, { layer }, h(App))))
