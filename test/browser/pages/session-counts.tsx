/**
 * A page of stackfx/react hooks for counting requests: `?components=N` components reading the user,
 * `resources=1` adds one reading the teams and one reading the contact channels, `poll=MS` sets the
 * cookie poll (a long one leaves other tabs' news to the BroadcastChannel). Buttons sign in, sign
 * out, and mark every answer stale.
 */
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { layerBrowser } from "../../../src/browser/index.ts"
import { signInWithPassword, signOut } from "../../../src/client/index.ts"
import { StackProvider, useContactChannels, useStackContext, useStackMutation, useTeams, useUser } from "../../../react/index.ts"
import { pageConfig } from "./config.ts"

const params = new URLSearchParams(location.search)
const components = Number(params.get("components") ?? "1")
const poll = params.get("poll")
const layer = layerBrowser({ ...pageConfig, cookies: poll === null ? undefined : { pollMillis: Number(poll) } })

const Name = (props: { readonly index: number }) => {
  const user = useUser()
  return <p className="name" id={`name-${props.index}`}>{user === null ? "signed out" : user.displayName ?? "?"}</p>
}

const Teams = () => <p id="teams">{useTeams().map((team) => team.displayName).join(", ")}</p>
const Channels = () => <p id="channels">{useContactChannels().map((channel) => channel.value).join(", ")}</p>

const Controls = () => {
  const { cache } = useStackContext()
  const signIn = useStackMutation(signInWithPassword)
  const out = useStackMutation(signOut)
  return (
    <div>
      <button type="button" id="sign-in" onClick={() => void signIn.run({ email: params.get("email") ?? "", password: params.get("password") ?? "" })}>Sign in</button>
      <button type="button" id="sign-out" onClick={() => void out.run()}>Sign out</button>
      <button type="button" id="stale" onClick={() => void cache.invalidate(() => true)}>Reload data</button>
    </div>
  )
}

const App = () => (
  <main>
    <Controls />
    {Array.from({ length: components }, (_, index) => <Name key={index} index={index} />)}
    {params.get("resources") === "1" ? <><Teams /><Channels /></> : null}
  </main>
)

// `providers=N`: N more providers, each with its own layer (the leak the SPEC §9 warning is for).
const extraLayers = Array.from({ length: Number(params.get("providers") ?? "0") }, () => layerBrowser(pageConfig))

const root = document.createElement("div")
document.body.append(root)
createRoot(root).render(
  <StrictMode>
    <StackProvider layer={layer} fallback={<p id="loading">loading</p>}>
      <App />
    </StackProvider>
    {extraLayers.map((extra, index) => <StackProvider key={index} layer={extra}><p className="extra">extra</p></StackProvider>)}
  </StrictMode>
)
