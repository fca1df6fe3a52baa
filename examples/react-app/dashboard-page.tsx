/**
 * The example's owner dashboard (`/dashboard`, issue 28): for a signed-in user, the project's
 * metrics, its e-mail outbox (pause and resume what is not sent yet) and e-mail themes, through the
 * owner's hooks. It runs `StackAdmin` on the project owner's session, as Stack Auth's dashboard does
 * (`StackAdmin.layer({ projectId, ownerSession })`: the owner's access token sent as the admin access
 * token and refreshed with the refresh token), never on the admin key. The example's server makes
 * the owner (`demoOwnerSession`, serve.ts); a real dashboard has the owner sign in to it.
 */
import { Suspense, useState } from "react"
import {
  MessageCard,
  StackErrorBoundary,
  StackProvider,
  updateOutboxEmail,
  useEmailThemes,
  useMetrics,
  useOutboxEmails,
  useStackMutation,
  useUser
} from "../../react/index.ts"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { StackAdmin } from "../../src/admin/index.ts"
import { layerBrowser } from "../../src/browser/index.ts"
import type { ExampleConfig } from "./config.ts"

const today = <A extends { readonly activity: number }>(series: ReadonlyArray<A>): number => series[series.length - 1]?.activity ?? 0

const Metrics = () => {
  const metrics = useMetrics()
  const countries = Object.entries(metrics.usersByCountry).map(([country, count]) => `${country}: ${count}`).join(", ")
  return (
    <section className="stackfx-section" aria-labelledby="dashboard-metrics-title">
      <h2 id="dashboard-metrics-title">Metrics</h2>
      <dl id="dashboard-metrics" className="stackfx-list">
        <dt>Users</dt><dd data-metric="total-users">{metrics.totalUsers}</dd>
        <dt>Active today</dt><dd data-metric="active-today">{today(metrics.dailyActiveUsers)}</dd>
        <dt>Signed up today</dt><dd data-metric="signed-up-today">{today(metrics.dailyUsers)}</dd>
        <dt>E-mails</dt><dd data-metric="emails">{metrics.emailOverview.totalEmails}</dd>
        <dt>Countries</dt><dd data-metric="countries">{countries === "" ? "—" : countries}</dd>
      </dl>
    </section>
  )
}

const Outbox = () => {
  const emails = useOutboxEmails()
  const update = useStackMutation(updateOutboxEmail, { invalidates: ["outboxEmails", "adminMetrics"] })
  return (
    <section className="stackfx-section" aria-labelledby="dashboard-outbox-title">
      <h2 id="dashboard-outbox-title">Outbox</h2>
      <table id="dashboard-outbox">
        <thead><tr><th scope="col">Subject</th><th scope="col">Status</th><th scope="col">Action</th></tr></thead>
        <tbody>
          {emails.map((email) => (
            <tr key={email.id}>
              <td>{email.subject ?? "(not rendered yet)"}</td>
              <td>{email.status}</td>
              <td>
                {email.status === "scheduled" || email.status === "paused"
                  ? (
                    <button type="button" className="stackfx-button stackfx-secondary" disabled={update.pending}
                      onClick={() => void update.run(email.id, { isPaused: email.status !== "paused" })}>
                      {email.status === "paused" ? "Resume" : "Pause"}
                    </button>
                  )
                  : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

const Themes = () => {
  const themes = useEmailThemes()
  return (
    <section className="stackfx-section" aria-labelledby="dashboard-themes-title">
      <h2 id="dashboard-themes-title">E-mail themes</h2>
      <ul id="dashboard-themes" className="stackfx-list">{themes.map((theme) => <li key={theme.id}>{theme.displayName}</li>)}</ul>
    </section>
  )
}

const Dashboard = () => {
  const user = useUser({ or: "redirect" })
  return (
    <div id="dashboard">
      <h1>Dashboard</h1>
      <p className="stackfx-note">Signed in as {user.primaryEmail ?? user.id}</p>
      <Metrics />
      <Outbox />
      <Themes />
    </div>
  )
}

/** The browser client and `StackAdmin` on the owner's session, or `undefined` without one. */
const ownerLayer = (config: ExampleConfig) => {
  const session = config.demoOwnerSession
  if (session === undefined) return undefined
  return Layer.merge(
    layerBrowser(config),
    StackAdmin.layer({
      projectId: config.projectId,
      baseUrl: config.baseUrl,
      ownerSession: { refreshToken: session.refreshToken, publishableClientKey: session.internalPublishableClientKey },
      // An owner's dashboard runs in the browser on the owner's session (no secret key is involved).
      dangerouslyAllowBrowser: true
    }).pipe(Layer.provide(FetchHttpClient.layer))
  )
}

/** The owner's dashboard, or why it cannot be shown. */
export const DashboardPage = ({ config }: { readonly config: ExampleConfig }) => {
  const [layer] = useState(() => ownerLayer(config))
  if (layer === undefined) return <MessageCard title="Dashboard">This example runs the dashboard against a local emulator only.</MessageCard>
  return (
    <StackProvider layer={layer}>
      <StackErrorBoundary>
        <Suspense fallback={<p aria-busy="true">Loading the dashboard…</p>}>
          <Dashboard />
        </Suspense>
      </StackErrorBoundary>
    </StackProvider>
  )
}
