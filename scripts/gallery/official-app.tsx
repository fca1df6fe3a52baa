/**
 * The official kit (`@stackframe/react` 2.8.108, a development dependency) as an app like the
 * React example: a header with `SelectedTeamSwitcher` and `UserButton`, and `StackHandler` under
 * `/handler/*`, against the emulator whose address the page's config holds. Only the screenshot
 * gallery builds it (scripts/screenshots.ts).
 */
import { SelectedTeamSwitcher, StackClientApp, StackHandler, StackProvider, StackTheme, UserButton, useUser } from "@stackframe/react"
import { Suspense } from "react"
import { createRoot } from "react-dom/client"
import { readExampleConfig } from "../../examples/react-app/config.ts"

const config = readExampleConfig()
const app = new StackClientApp({
  projectId: config.projectId,
  publishableClientKey: config.publishableClientKey,
  baseUrl: config.baseUrl,
  tokenStore: "cookie",
  redirectMethod: "window"
})

const Home = () => {
  const user = useUser()
  return (
    <>
      <header style={{ display: "flex", justifyContent: "space-between", alignItems: "center", padding: "0.75rem 1rem", borderBottom: "1px solid #8884" }}>
        <strong>Example app</strong>
        <div style={{ display: "flex", gap: "0.5rem", alignItems: "center" }}>
          {user === null ? null : <div style={{ width: "14rem" }}><SelectedTeamSwitcher /></div>}
          <UserButton />
        </div>
      </header>
      <main style={{ padding: "1rem" }} id="home">{user === null ? "signed out" : `hello ${user.primaryEmail ?? ""}`}</main>
    </>
  )
}

const Route = () => (location.pathname.startsWith("/handler/") ? <StackHandler fullPage location={location.pathname} /> : <Home />)

// An app sets its own font, and its own light or dark look (the official kit follows the page's
// `class="dark"` and background): here both follow the system's colour scheme, as our kit does.
const dark = matchMedia("(prefers-color-scheme: dark)").matches
document.documentElement.className = dark ? "dark" : "light"
document.documentElement.style.colorScheme = dark ? "dark" : "light"
document.body.style.fontFamily = "system-ui, sans-serif"
document.body.style.background = "Canvas"
document.body.style.color = "CanvasText"
const root = document.createElement("div")
document.body.append(root)
createRoot(root).render(
  <StackProvider app={app}>
    <StackTheme>
      <Suspense fallback={<p>Loading…</p>}>
        <Route />
      </Suspense>
    </StackTheme>
  </StackProvider>
)
