/**
 * Server code through `stackfx/server`: list users page by page, create a user and a team, grant a
 * permission, then verify a session's access token locally (no request per check).
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { AccessTokenVerifier, StackServer } from "../src/server/index.ts"

/** Where the walkthrough talks to. */
export interface ServerTarget {
  readonly baseUrl: string
  readonly projectId: string
  readonly secretServerKey: string
}

const step = (text: string) => Console.log(`  server  ${text}`)

/** The walkthrough as one effect. */
export const serverWalkthrough = Effect.gen(function*() {
  const stack = yield* StackServer
  const verifier = yield* AccessTokenVerifier

  const user = yield* stack.createUser({
    displayName: "Grace Hopper",
    primaryEmail: `grace-${Date.now().toString(36)}@example.com`,
    primaryEmailAuthEnabled: true,
    primaryEmailVerified: true,
    password: "a compiler for everyone",
    serverMetadata: { plan: "pro" }
  })
  yield* step(`created user ${user.displayName ?? ""} <${user.primaryEmail ?? ""}> with server metadata ${JSON.stringify(user.serverMetadata)}`)

  let page = yield* stack.listUsers({ limit: 2 })
  let pages = 1
  let seen = page.items.length
  while (page.nextCursor !== null) {
    page = yield* stack.listUsers({ limit: 2, cursor: page.nextCursor })
    pages++
    seen += page.items.length
  }
  yield* step(`listed ${seen} user(s) in ${pages} page(s) of 2`)

  const team = yield* stack.createTeam({ displayName: "Compilers", creatorUserId: user.id })
  yield* step(`created team "${team.displayName}" with ${user.displayName ?? ""} as creator`)
  yield* stack.grantTeamPermission(team.id, user.id, "team_member")
  const permissions = yield* stack.listTeamPermissions(team.id, user.id)
  yield* step(`granted team_member; permissions now: ${permissions.map((p) => p.id).join(", ")}`)

  const session = yield* stack.createSession(user.id)
  const verified = yield* verifier.verify(session.accessToken)
  yield* step(`verified a session token locally: user ${verified.userId}, expires ${new Date(verified.expiresAtMillis).toISOString()}`)
})

/** Runs the walkthrough against `target` over fetch. */
export const runServerWalkthrough = (target: ServerTarget) =>
  serverWalkthrough.pipe(
    Effect.provide(Layer.mergeAll(
      StackServer.layer(target),
      AccessTokenVerifier.layer({ projectId: target.projectId, baseUrl: target.baseUrl })
    ).pipe(Layer.provide(FetchHttpClient.layer)))
  )
