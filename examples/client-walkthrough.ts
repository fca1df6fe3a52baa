/**
 * An end user's first minutes, through `stackfx/client`: sign up, sign out, sign in, update the
 * profile, add a contact channel, create (and so join) a team. Runs against any Stack Auth API given its base URL and keys
 * (`npm run demo` points it at a local emulator).
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { layerMemoryTokenStore, StackClient } from "../src/client/index.ts"

/** Where the walkthrough talks to. */
export interface Target {
  readonly baseUrl: string
  readonly projectId: string
  readonly publishableClientKey: string
}

const step = (text: string) => Console.log(`  client  ${text}`)

/** The walkthrough as one effect; every failure is a typed error in its error channel. */
export const clientWalkthrough = Effect.gen(function*() {
  const stack = yield* StackClient
  const email = `ada-${Date.now().toString(36)}@example.com`
  const password = "correct horse battery"

  const signUp = yield* stack.signUpWithPassword({ email, password })
  yield* step(`signed up ${email} (user ${signUp.userId}, new: ${signUp.isNewUser})`)
  yield* stack.signOut()
  yield* step(`signed out; session key is now "${yield* stack.sessionKey}"`)

  const wrong = yield* Effect.flip(stack.signInWithPassword({ email, password: "wrong password" }))
  yield* step(`a wrong password fails with ${wrong._tag}`)
  const signIn = yield* stack.signInWithPassword({ email, password })
  yield* step(`signed in again as ${signIn.userId}`)

  const user = yield* stack.updateUser({ displayName: "Ada Lovelace", clientMetadata: { theme: "dark" } })
  yield* step(`profile updated: display name "${user.displayName ?? ""}", metadata ${JSON.stringify(user.clientMetadata)}`)

  const channel = yield* stack.createContactChannel({ value: `ada-work-${Date.now().toString(36)}@example.com` })
  yield* step(`added contact channel ${channel.value} (verified: ${channel.isVerified})`)
  const channels = yield* stack.listContactChannels()
  yield* step(`contact channels: ${channels.map((c) => `${c.value}${c.isPrimary ? " (primary)" : ""}`).join(", ")}`)

  const team = yield* stack.createTeam({ displayName: "Analytical Engines" })
  yield* step(`created team "${team.displayName}" and joined it as its creator`)
  const teams = yield* stack.listTeams()
  const canUpdate = yield* stack.hasTeamPermission(team.id, "$update_team")
  yield* step(`member of ${teams.length} team(s): ${teams.map((t) => t.displayName).join(", ")}; may update it: ${canUpdate}`)

  const current = yield* stack.getUser()
  yield* step(`current user: ${Option.match(current, { onNone: () => "nobody", onSome: (u) => `${u.displayName ?? ""} <${u.primaryEmail ?? ""}>` })}`)
  yield* stack.signOut()
  yield* step("signed out")
})

/** Runs the walkthrough against `target`, sending with the platform's `fetch` (as a browser app would). */
export const runClientWalkthrough = (target: Target) =>
  clientWalkthrough.pipe(Effect.provide(StackClient.layerFetch(target).pipe(Layer.provide(layerMemoryTokenStore()))))
