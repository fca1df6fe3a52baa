/**
 * The example's owner dashboard (`/dashboard`, issue 28): for a signed-in user, the project's
 * metrics, its e-mail outbox (pause and resume what is not sent yet) and e-mail themes, through the
 * owner's hooks. Like the admin page it runs `StackAdmin` on the local emulator's admin key
 * (example only: a real owner's dashboard uses `StackAdmin.layer({ projectId, ownerSession })`).
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
import { exampleAdminLayer } from "./admin.tsx"
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

/** The owner's dashboard, or why it cannot be shown. */
export const DashboardPage = ({ config }: { readonly config: ExampleConfig }) => {
  const [layer] = useState(() => exampleAdminLayer(config))
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
