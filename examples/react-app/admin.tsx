/**
 * The example's admin page: the project as its owner sees it, through the admin hooks. It runs its
 * own provider over `StackAdmin` with the local emulator's admin key (example only: a real owner's
 * dashboard uses the owner's session, `StackAdmin.layer({ projectId, ownerSession })`).
 */
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { Suspense, useState } from "react"
import { StackAdmin } from "../../src/admin/index.ts"
import { layerBrowser } from "../../src/browser/index.ts"
import {
  Field,
  Form,
  MessageCard,
  StackErrorBoundary,
  StackProvider,
  useAdminProject,
  useAdminTeams,
  useAdminUsers,
  useApiKeys,
  useEmailTemplates,
  useField,
  usePermissionDefinitions
} from "../../react/index.ts"
import type { ExampleConfig } from "./config.ts"

const Users = () => {
  const search = useField()
  const [query, setQuery] = useState("")
  const [cursor, setCursor] = useState<string | undefined>(undefined)
  const page = useAdminUsers({ limit: 5, query, ...(cursor === undefined ? {} : { cursor }) })
  return (
    <section className="stackfx-section" aria-labelledby="admin-users">
      <h2 id="admin-users">Users</h2>
      <p id="admin-users-count" className="stackfx-note">
        {page.items.length === 0 ? "No users match." : `Showing ${page.items.length} user${page.items.length === 1 ? "" : "s"}${page.nextCursor === null ? "" : ", more on the next page"}.`}
      </p>
      <Form onSubmit={() => { setCursor(undefined); setQuery(search.value.trim()) }} submit="Search" pending={false} label="Search users">
        <Field name="user-search" label="Name or e-mail" field={search} />
      </Form>
      <table id="admin-users-table">
        <thead><tr><th scope="col">E-mail</th><th scope="col">Name</th><th scope="col">Signed up</th></tr></thead>
        <tbody>
          {page.items.map((user) => (
            <tr key={user.id}><td>{user.primaryEmail ?? "—"}</td><td>{user.displayName ?? "—"}</td><td>{new Date(user.signedUpAtMillis).toISOString().slice(0, 10)}</td></tr>
          ))}
        </tbody>
      </table>
      <div className="stackfx-row">
        {cursor === undefined ? null : <button type="button" className="stackfx-button stackfx-secondary" onClick={() => setCursor(undefined)}>First page</button>}
        {page.nextCursor === null ? null : <button type="button" className="stackfx-button stackfx-secondary" onClick={() => setCursor(page.nextCursor ?? undefined)}>Next page</button>}
      </div>
    </section>
  )
}

const Listing = ({ id, title, items }: { readonly id: string; readonly title: string; readonly items: ReadonlyArray<string> }) => (
  <section className="stackfx-section" aria-labelledby={`${id}-title`}>
    <h2 id={`${id}-title`}>{title}</h2>
    <ul id={id} className="stackfx-list">{items.map((item, index) => <li key={`${index}:${item}`}>{item}</li>)}</ul>
  </section>
)

const ProjectHeading = () => {
  const project = useAdminProject()
  return (
    <>
      <h1>Admin: {project.displayName}</h1>
      {/* Today's service sends no user count with the project: the count is the table's own. */}
      <p className="stackfx-note">Project {project.id}</p>
    </>
  )
}

const Teams = () => <Listing id="admin-teams" title="Teams" items={useAdminTeams().map((team) => team.displayName)} />

const Keys = () => (
  <Listing
    id="admin-keys"
    title="API keys"
    items={useApiKeys().map((key) => `${key.description} (${key.publishableClientKey?.lastFour === undefined ? "no client key" : `pck …${key.publishableClientKey.lastFour}`})`)}
  />
)

const Templates = () => <Listing id="admin-templates" title="E-mail templates" items={useEmailTemplates().map((template) => template.displayName)} />

const Definitions = () => (
  <Listing id="admin-definitions" title="Team permission definitions" items={usePermissionDefinitions().map((definition) => definition.id)} />
)

// Each part reads its own query as a sibling of the others: React renders them all before it
// waits, so the six reads go out together instead of one after another.
const Dashboard = () => (
  <div id="admin">
    <ProjectHeading />
    <Users />
    <Teams />
    <Keys />
    <Templates />
    <Definitions />
  </div>
)

// Made once for the page, outside render: a layer made during render is a new runtime (and a new
// cache, read again from the server) every time React renders the page anew, as it does after a
// first render that waited for the user.
let adminLayer: ReturnType<typeof makeAdminLayer> | undefined
const makeAdminLayer = (config: ExampleConfig, adminKey: string) =>
  Layer.merge(
    layerBrowser(config),
    StackAdmin.layer({ projectId: config.projectId, baseUrl: config.baseUrl, superSecretAdminKey: adminKey, dangerouslyAllowBrowser: true }).pipe(
      Layer.provide(FetchHttpClient.layer)
    )
  )

/** The browser client and `StackAdmin` over the local emulator's admin key, or `undefined` without one (also the dashboard page's). */
export const exampleAdminLayer = (config: ExampleConfig) => {
  if (config.demoAdminKey === undefined) return undefined
  adminLayer ??= makeAdminLayer(config, config.demoAdminKey)
  return adminLayer
}

/** The admin page, or why it cannot be shown. */
export const AdminPage = ({ config }: { readonly config: ExampleConfig }) => {
  const layer = exampleAdminLayer(config)
  if (layer === undefined) return <MessageCard title="Admin">This example runs the admin page against a local emulator only.</MessageCard>
  return (
    <StackProvider layer={layer}>
      <StackErrorBoundary>
        <Suspense fallback={<p aria-busy="true">Loading the project…</p>}>
          <Dashboard />
        </Suspense>
      </StackErrorBoundary>
    </StackProvider>
  )
}
