/**
 * The root layout's provider (a server component): reads the session on the server, renders the
 * user, the project and the user's teams (with their permissions, profiles and members) and e-mail
 * addresses into the first HTML, and hands those answers to the browser's provider, so hydrating
 * makes no request and never shows a signed-out flash.
 */
import type { ReactNode } from "react"
import { getUser } from "../src/client/account.ts"
import { listContactChannels } from "../src/client/contact-channels.ts"
import { getProject } from "../src/client/project.ts"
import { getTeamMemberProfile, listTeamMembers, listTeamPermissions, listTeams } from "../src/client/teams.ts"
import { queryKey } from "../react/cache.ts"
import { dehydrate, type DehydratedState } from "../react/hydration.ts"
import { makeStackStore } from "../react/store.ts"
import { StackClientProvider } from "./client.tsx"
import { clientOptionsOf } from "./options.ts"
import type { StackNext } from "./server.ts"

/** What the session's first render needs, read on the server as the request's user. */
export const readSession = async (stack: StackNext): Promise<DehydratedState> => {
  const store = makeStackStore(await stack.layer("server-component"))
  const { cache } = store
  try {
    // Each read that fails (the API out of reach) is left to the browser, which shows why.
    const userKey = queryKey("user", "return-null")
    await Promise.all([cache.fetch(userKey, getUser()), cache.fetch(queryKey("project"), getProject())])
    const user = cache.read<{ readonly _tag: string; readonly value?: unknown }, unknown>(userKey)
    if (user.status !== "success" || user.data?._tag !== "Some") return dehydrate(cache)
    // The user as `useUser({ or: "throw" })` and `{ or: "redirect" }` read it.
    cache.seed(queryKey("user", "throw"), user.data.value)
    cache.seed(queryKey("user", "redirect"), user.data.value)
    const teamsKey = queryKey("teams")
    await Promise.all([cache.fetch(teamsKey, listTeams()), cache.fetch(queryKey("contactChannels"), listContactChannels())])
    const teams = cache.read<ReadonlyArray<{ readonly id: string }>, unknown>(teamsKey)
    await Promise.all((teams.status === "success" ? teams.data ?? [] : []).flatMap((team) => [
      cache.fetch(queryKey("teamPermissions", team.id, true), listTeamPermissions(team.id)),
      cache.fetch(queryKey("teamProfile", team.id, "me"), getTeamMemberProfile(team.id, "me")),
      cache.fetch(queryKey("teamMembers", team.id), listTeamMembers(team.id))
    ]))
    return dehydrate(cache)
  } finally {
    await store.dispose()
  }
}

/** Props of {@link StackProvider}. */
export interface StackProviderProps {
  /** The app's `stackNext(options)`. */
  readonly stack: StackNext
  readonly children?: ReactNode
}

/**
 * Put it in `app/layout.tsx` around the page: every client component below can use stackfx/react's
 * hooks and components, already holding the signed-in user.
 *
 * @example
 * <html><body><StackProvider stack={stack}>{children}</StackProvider></body></html>
 */
export const StackProvider = async ({ stack, children }: StackProviderProps) => (
  <StackClientProvider options={clientOptionsOf(stack.options)} dehydrated={await readSession(stack)}>
    {children}
  </StackClientProvider>
)
