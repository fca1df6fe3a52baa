/**
 * `AccountSettings`: everything a signed-in user manages about their account, organised as the
 * official page: a sidebar (a select at 640 px and narrower) with My profile, E-mails & sign-in,
 * Notifications, Active sessions, API keys (where the project allows them), Settings, the app's
 * `extraItems`, then each team and "Create a team". The selected item is the URL's hash
 * (`#profile`, `#team-<id>`, the official ids), so a section can be linked and Back works.
 *
 * Each section renders inside a designed loading state (while its queries load) and an error boundary
 * with a retry. The sections are imported statically, not with `React.lazy`: under esbuild's code
 * splitting a dynamic import anywhere behind the `stackfx/react` barrel becomes an entry point even
 * when the app never renders `AccountSettings`, and every module it shares with the app moves into
 * a chunk loaded at start (17 KB gz more for the minimal app; see docs/performance.md). Imported
 * statically, an app that never renders `AccountSettings` carries none of it.
 */
import { type ReactNode, Suspense, useEffect, useId, useRef, useSyncExternalStore } from "react"
import { StackErrorBoundary } from "../error-boundary.ts"
import { useUser } from "../hooks.ts"
import { useProject, useTeams } from "../resource-hooks.ts"
import { icons } from "./account-settings/icons.tsx"
import { SettingsStyles } from "./account-settings/styles.tsx"
import { StackTheme, useColorMode } from "./theme.tsx"
import { Skeleton } from "./ui/skeleton.tsx"
import { Avatar } from "./avatar.tsx"

import { ProfilePage } from "./account-settings/profile.tsx"
import { AuthPage } from "./account-settings/auth.tsx"
import { NotificationsPage } from "./account-settings/notifications.tsx"
import { SessionsPage } from "./account-settings/sessions.tsx"
import { UserApiKeysPage } from "./account-settings/user-api-keys.tsx"
import { SettingsPage } from "./account-settings/settings.tsx"
import { TeamPage } from "./account-settings/team-page.tsx"
import { TeamCreationPage } from "./account-settings/team-creation-page.tsx"

/** An item the app adds to the sidebar (the official `extraItems`). */
export interface AccountSettingsItem {
  /** The hash that selects it (`#<id>`). */
  readonly id: string
  readonly title: string
  readonly content: ReactNode
  /** A small decorative icon before the title. */
  readonly icon?: ReactNode
}

/** Props of {@link AccountSettings}. */
export interface AccountSettingsProps {
  /** Fill the page: the theme's background, the viewport's height, page margins (the handler page sets it). */
  readonly fullPage?: boolean
  /** Items added after "Settings", before the teams. */
  readonly extraItems?: ReadonlyArray<AccountSettingsItem>
  /** Leave out the teams (default: shown). */
  readonly hideTeams?: boolean
}

interface Item {
  readonly id: string
  readonly title: string
  readonly lead?: string
  readonly icon: ReactNode
  readonly content: ReactNode
  readonly group?: "teams"
}

const subscribeHash = (listener: () => void) => {
  addEventListener("hashchange", listener)
  return () => removeEventListener("hashchange", listener)
}
const readHash = () => decodeURIComponent(location.hash.slice(1))
/** The URL's hash, "" on the server (the first item shows until the browser says otherwise). */
const useHash = () => useSyncExternalStore(subscribeHash, readHash, () => "")

const select = (id: string) => {
  location.hash = id
}

const SectionFailure = ({ message, retry }: { readonly message: string; readonly retry: () => void }) => (
  <div className="stackfx-failure-panel" role="alert">
    <p><strong>This section could not be loaded.</strong></p>
    <p>{message}</p>
    <button type="button" className="stackfx-button stackfx-secondary" onClick={retry}>Try again</button>
  </div>
)

/** The account settings of the signed-in user (signed out: redirects to sign-in). */
export const AccountSettings = ({ fullPage = false, extraItems = [], hideTeams = false }: AccountSettingsProps) => {
  useUser({ or: "redirect" })
  const project = useProject()
  const teams = useTeams()
  const hash = useHash()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const moveFocus = useRef(false)
  const titleId = useId()
  const pickerId = useId()
  const items: ReadonlyArray<Item> = [
    { id: "profile", title: "My profile", lead: "Your name and picture.", icon: icons.profile, content: <ProfilePage /> },
    { id: "auth", title: "E-mails & sign-in", lead: "Your addresses and the ways you sign in.", icon: icons.auth, content: <AuthPage /> },
    { id: "notifications", title: "Notifications", lead: "The e-mails you receive.", icon: icons.notifications, content: <NotificationsPage /> },
    { id: "sessions", title: "Active sessions", lead: "Where you are signed in.", icon: icons.sessions, content: <SessionsPage /> },
    ...(project.config.allowUserApiKeys === true
      ? [{ id: "api-keys", title: "API keys", lead: "Keys for your own programs.", icon: icons.apiKeys, content: <UserApiKeysPage /> }]
      : []),
    { id: "settings", title: "Settings", lead: "Sign out, or delete your account.", icon: icons.settings, content: <SettingsPage /> },
    ...extraItems.map((item) => ({ id: item.id, title: item.title, icon: item.icon ?? null, content: item.content })),
    ...(hideTeams ? [] : teams.map((team) => ({
      id: `team-${team.id}`,
      title: team.displayName,
      lead: "Team settings.",
      icon: <span aria-hidden="true"><Avatar name={team.displayName} imageUrl={team.profileImageUrl} /></span>,
      content: <TeamPage teamId={team.id} onLeft={() => select("profile")} />,
      group: "teams" as const
    }))),
    ...(!hideTeams && project.config.clientTeamCreationEnabled
      ? [{ id: "team-creation", title: "Create a team", icon: icons.plus, content: <TeamCreationPage onCreated={(id) => select(`team-${id}`)} />, group: "teams" as const }]
      : [])
  ]
  const selected = items.find((item) => item.id === hash) ?? items[0]
  const selectedId = selected?.id
  // Focus follows a sidebar choice to the section's heading (not the select's: it keeps the focus).
  useEffect(() => {
    if (!moveFocus.current) return
    moveFocus.current = false
    headingRef.current?.focus()
  }, [selectedId])
  const personal = items.filter((item) => item.group === undefined)
  const teamItems = items.filter((item) => item.group === "teams")
  const link = (item: Item) => (
    <li key={item.id}>
      <a href={`#${item.id}`} aria-current={item.id === selectedId ? "page" : undefined} onClick={() => {
        // The hash does not change for the item shown: focus its heading now.
        if (item.id === selectedId) headingRef.current?.focus()
        else moveFocus.current = true
      }}>
        {item.icon}
        <span className="stackfx-settings-nav-label">{item.title}</span>
      </a>
    </li>
  )
  const layout = (
    <div className={fullPage ? "stackfx-settings stackfx-settings-full" : "stackfx-settings"}>
      <SettingsStyles />
      <h1 className="stackfx-settings-title">Account settings</h1>
      <div className="stackfx-settings-layout">
        <nav className="stackfx-settings-nav" aria-label="Account settings">
          <ul>{personal.map(link)}</ul>
          {teamItems.length === 0 ? null : (
            <>
              <p className="stackfx-settings-nav-group" id={`${titleId}-teams`}>Teams</p>
              <ul aria-labelledby={`${titleId}-teams`}>{teamItems.map(link)}</ul>
            </>
          )}
        </nav>
        <div className="stackfx-settings-picker">
          <label htmlFor={pickerId}>Section</label>
          <select id={pickerId} name="settings-section" value={selectedId} onChange={(event) => select(event.target.value)}>
            {personal.map((item) => <option key={item.id} value={item.id}>{item.title}</option>)}
            {teamItems.length === 0 ? null : <optgroup label="Teams">{teamItems.map((item) => <option key={item.id} value={item.id}>{item.title}</option>)}</optgroup>}
          </select>
        </div>
        {selected === undefined ? null : (
          <section className="stackfx-settings-panel" aria-labelledby={titleId} data-section={selected.id}>
            <h2 id={titleId} ref={headingRef} tabIndex={-1}>{selected.title}</h2>
            {selected.lead === undefined ? null : <p className="stackfx-settings-lead">{selected.lead}</p>}
            <StackErrorBoundary key={selected.id} fallback={({ message, retry }) => <SectionFailure message={message} retry={retry} />}>
              <Suspense fallback={<Skeleton label={`Loading ${selected.title}…`} lines={4} />}>{selected.content}</Suspense>
            </StackErrorBoundary>
          </section>
        )}
      </div>
    </div>
  )
  return <FullPageTheme fullPage={fullPage}>{layout}</FullPageTheme>
}

/** Under a `StackTheme` already: as is; a full page without one gets the kit's theme filling the viewport. */
const FullPageTheme = ({ fullPage, children }: { readonly fullPage: boolean; readonly children: ReactNode }) => {
  const themed = useColorMode() !== undefined
  return !fullPage || themed ? <>{children}</> : <StackTheme fill>{children}</StackTheme>
}
