/** Witnesses of StackServer's operations and the server families. */
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Stream from "effect/Stream"
import { TestClock } from "effect/testing"
import { Emulator } from "../../src/emulator/emulator.ts"
import type { Reply } from "../../src/emulator/reply.ts"
import { defineRoute } from "../../src/emulator/router.ts"
import { StackServer } from "../../src/server/index.ts"
import { serverWitness, whileTimePasses, type Witness } from "./witness.ts"

const server = Effect.service(StackServer)
const unknownTeam = "00000000-0000-4000-8000-000000000001"
const unknownUser = "00000000-0000-4000-8000-000000000002"
const unknownChannel = "00000000-0000-4000-8000-000000000003"
const trustedCallback = "http://localhost:3000/handler/callback"
const untrustedCallback = "https://evil.example.com/handler/callback"

/** A fresh user of the project. */
const aUser = Effect.flatMap(server, (s) => s.createUser({ displayName: "Member" }))

/** A user who signs in with `email`. */
const userWithEmail = (email: string, verified = false) =>
  Effect.flatMap(server, (s) => s.createUser({ primaryEmail: email, primaryEmailAuthEnabled: true, primaryEmailVerified: verified }))

/** A fresh user, after another one who signs in with `email`. */
const secondUserBeside = (email: string) =>
  Effect.gen(function*() {
    yield* userWithEmail(email)
    return yield* aUser
  })

/**
 * Links a GitHub account (a provider on shared keys in the default project) to `userId` as a
 * connected account, with the server API (`POST /oauth-providers`).
 */
export const linkSharedGithubAccount = (userId: string) =>
  Effect.gen(function*() {
    const emu = yield* Emulator
    const response = yield* emu.handle(
      new Request(`${emu.info.baseUrl}/api/v1/oauth-providers`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-stack-project-id": emu.info.projectId,
          "x-stack-access-type": "server",
          "x-stack-secret-server-key": emu.info.secretServerKey
        },
        body: JSON.stringify({
          user_id: userId,
          provider_config_id: "github",
          account_id: `github-${userId}`,
          allow_sign_in: false,
          allow_connected_accounts: true
        })
      })
    )
    if (response.status !== 201) return yield* Effect.fail(`linking a GitHub account answered ${response.status}`)
  })

/** A team and a user who is not in it. */
const teamAndOutsider = Effect.gen(function*() {
  const s = yield* server
  const team = yield* s.createTeam({ displayName: "Team" })
  const user = yield* s.createUser({ displayName: "Outsider" })
  return { team, user }
})

/** A team whose creator is its member. */
const teamAndMember = Effect.gen(function*() {
  const s = yield* server
  const user = yield* s.createUser({ displayName: "Creator" })
  const team = yield* s.createTeam({ displayName: "Team", creatorUserId: user.id })
  return { team, user }
})

/** A user with a primary e-mail channel (verified or not). */
const userWithPrimaryChannel = (verified: boolean) =>
  Effect.gen(function*() {
    const s = yield* server
    const user = yield* userWithEmail(`primary-${verified ? "verified" : "unverified"}@example.com`, verified)
    const channels = yield* s.listContactChannels(user.id)
    const channel = channels.find((c) => c.isPrimary)
    if (channel === undefined) return yield* Effect.fail("no primary channel")
    return { user, channel }
  })

/** `GET /users` answered with a known-error body whose code no catalogue knows (a newer service's). */
const futureErrorRoute = defineRoute({
  method: "GET",
  path: "/users",
  access: ["server", "admin"],
  handler: (): Effect.Effect<Reply> =>
    Effect.succeed({
      _tag: "Json",
      status: 400,
      body: { code: "SOME_FUTURE_ERROR", error: "An error this SDK's catalogue does not know yet." },
      headers: { "x-stack-known-error": "SOME_FUTURE_ERROR" }
    })
})

export const witnesses: ReadonlyArray<Witness> = [
  // The server's project errors.
  serverWitness("listUsers", "InvalidSecretServerKey", {
    how: "a secret server key the project does not know",
    server: { secretServerKey: "ssk_not_this_projects_key_000" },
    setup: Effect.void,
    call: (list) => list()
  }),
  serverWitness("listUsers", "CurrentProjectNotFound", {
    how: "a project id the service does not know",
    server: { projectId: "00000000-0000-4000-8000-0000000000cc" },
    setup: Effect.void,
    call: (list) => list()
  }),
  // Transport errors.
  serverWitness("listUsers", "StackResponseError", {
    how: "the service answers 500 with a body that is not a known error",
    emulator: { faults: [{ path: "/users", action: { _tag: "Status", status: 500 } }] },
    setup: Effect.void,
    call: (list) => list()
  }),
  serverWitness("listUsers", "StackRateLimitedError", {
    how: "429 with Retry-After on every attempt",
    emulator: { faults: [{ path: "/users", action: { _tag: "Status", status: 429, retryAfterSeconds: 1 } }] },
    setup: Effect.void,
    call: (list) => whileTimePasses(list(), "1 minute")
  }),
  serverWitness("listUsers", "StackTransportError", {
    how: "the service never answers: the call's deadline passes",
    emulator: { faults: [{ path: "/users", action: { _tag: "Hang" } }] },
    setup: Effect.void,
    call: (list) => whileTimePasses(list(), "2 minutes")
  }),
  serverWitness("getUser", "UnexpectedKnownError", {
    how: "user id `me` from server code, which has no user: CANNOT_GET_OWN_USER_WITHOUT_USER, not declared",
    setup: Effect.void,
    call: (get) => get("me")
  }),
  serverWitness("listUsers", "UnsupportedError", {
    how: "the service answers a known-error code newer than the catalogue",
    emulator: { extraRoutes: [futureErrorRoute] },
    setup: Effect.void,
    call: (list) => list()
  }),

  // Users.
  serverWitness("listUsers", "MissingParameter", {
    how: "a page size of 0; nothing is sent",
    setup: Effect.void,
    call: (list) => list({ limit: 0 })
  }),
  // witness.ts takes operations that return an Effect; streamUsers returns a Stream, so its witness
  // is arranged as listUsers's (whose check it shares) and names streamUsers.
  {
    ...serverWitness("listUsers", "MissingParameter", {
      how: "streamUsers with a page size of 0; nothing is sent",
      setup: server,
      call: (_list, s) => Stream.runCollect(s.streamUsers({ pageSize: 0 }))
    }),
    operation: "streamUsers"
  },
  serverWitness("createUser", "InvalidInput", {
    how: "a primary e-mail that is not an address",
    setup: Effect.void,
    call: (create) => create({ primaryEmail: "not-an-address" })
  }),
  serverWitness("createUser", "UserWithEmailAlreadyExists", {
    how: "an address another user signs in with",
    setup: userWithEmail("taken@example.com"),
    call: (create) => create({ primaryEmail: "taken@example.com", primaryEmailAuthEnabled: true })
  }),
  serverWitness("updateUser", "InvalidInput", {
    how: "a primary e-mail that is not an address",
    setup: aUser,
    call: (update, user) => update(user.id, { primaryEmail: "not-an-address" })
  }),
  serverWitness("updateUser", "SchemaError", {
    how: "a restriction reason while lifting the restriction (the service checks the pair, the schema cannot)",
    setup: aUser,
    call: (update, user) => update(user.id, { restrictedByAdmin: false, restrictedByAdminReason: "Spam" })
  }),
  serverWitness("updateUser", "UserNotFound", {
    how: "a user id the project does not have",
    setup: Effect.void,
    call: (update) => update(unknownUser, { displayName: "Nobody" })
  }),
  serverWitness("updateUser", "TeamMembershipNotFound", {
    how: "selecting a team the user is not a member of",
    setup: teamAndOutsider,
    call: (update, { team, user }) => update(user.id, { selectedTeamId: team.id })
  }),
  serverWitness("updateUser", "UserWithEmailAlreadyExists", {
    how: "a primary e-mail another user signs in with",
    setup: secondUserBeside("taken@example.com"),
    call: (update, user) => update(user.id, { primaryEmail: "taken@example.com", primaryEmailAuthEnabled: true })
  }),
  serverWitness("deleteUser", "UserNotFound", {
    how: "a user id the project does not have",
    setup: Effect.void,
    call: (remove) => remove(unknownUser)
  }),
  serverWitness("createSession", "InvalidInput", {
    how: "a negative lifetime",
    setup: aUser,
    call: (create, user) => create(user.id, { expiresInMillis: -1 })
  }),
  serverWitness("createSession", "UserIdDoesNotExist", {
    how: "a user id the project does not have",
    setup: Effect.void,
    call: (create) => create(unknownUser)
  }),
  serverWitness("checkFeatureSupport", "FeatureNotSupported", {
    how: "any feature: the service answers with its text",
    setup: Effect.void,
    call: (check) => check("some-feature")
  }),

  // Contact channels.
  serverWitness("createContactChannel", "InvalidInput", {
    how: "a value that is not an e-mail address",
    setup: aUser,
    call: (create, user) => create(user.id, { value: "not-an-address" })
  }),
  serverWitness("createContactChannel", "ContactChannelAlreadyUsedForAuthBySomeoneElse", {
    how: "an address another user signs in with, for auth",
    setup: secondUserBeside("taken@example.com"),
    call: (create, user) => create(user.id, { value: "taken@example.com", usedForAuth: true })
  }),
  serverWitness("updateContactChannel", "InvalidInput", {
    how: "a value that is not an e-mail address",
    setup: aUser,
    call: (update, user) => update(user.id, unknownChannel, { value: "not-an-address" })
  }),
  serverWitness("updateContactChannel", "ContactChannelAlreadyUsedForAuthBySomeoneElse", {
    how: "using for auth a channel whose address another user signs in with",
    setup: Effect.gen(function*() {
      const s = yield* server
      yield* userWithEmail("taken@example.com")
      const user = yield* s.createUser({ displayName: "Second" })
      const channel = yield* s.createContactChannel(user.id, { value: "taken@example.com", usedForAuth: false })
      return { user, channel }
    }),
    call: (update, { channel, user }) => update(user.id, channel.id, { usedForAuth: true })
  }),
  serverWitness("sendContactChannelVerification", "InvalidInput", {
    how: "a callback URL that is not a URL",
    setup: userWithPrimaryChannel(false),
    call: (send, { channel, user }) => send(user.id, channel.id, { callbackUrl: "not a url" })
  }),
  serverWitness("sendContactChannelVerification", "UserIdDoesNotExist", {
    how: "a user id the project does not have",
    setup: Effect.void,
    call: (send) => send(unknownUser, unknownChannel, { callbackUrl: trustedCallback })
  }),
  serverWitness("sendContactChannelVerification", "EmailAlreadyVerified", {
    how: "a channel that is verified already",
    setup: userWithPrimaryChannel(true),
    call: (send, { channel, user }) => send(user.id, channel.id, { callbackUrl: trustedCallback })
  }),
  serverWitness("sendContactChannelVerification", "RedirectUrlNotWhitelisted", {
    how: "a callback URL on a domain the project does not trust",
    setup: userWithPrimaryChannel(false),
    call: (send, { channel, user }) => send(user.id, channel.id, { callbackUrl: untrustedCallback })
  }),
  serverWitness("sendVerificationEmail", "InvalidInput", {
    how: "a callback URL that is not a URL",
    setup: userWithPrimaryChannel(false),
    call: (send, { user }) => send(user.id, { callbackUrl: "not a url" })
  }),
  serverWitness("sendVerificationEmail", "UserIdDoesNotExist", {
    how: "the user is deleted after their channels are read, before the e-mail is asked for",
    emulator: { faults: [{ method: "POST", path: "/contact-channels/*", action: { _tag: "Delay", millis: 1000 } }] },
    setup: userWithPrimaryChannel(false),
    call: (send, { user }) =>
      Effect.gen(function*() {
        const fiber = yield* Effect.forkChild(send(user.id, { callbackUrl: trustedCallback }))
        yield* TestClock.adjust("500 millis")
        yield* Effect.flatMap(server, (s) => s.deleteUser(user.id))
        yield* TestClock.adjust("1 second")
        return yield* Fiber.join(fiber)
      })
  }),
  serverWitness("sendVerificationEmail", "MissingParameter", {
    how: "a user without a primary e-mail",
    setup: aUser,
    call: (send, user) => send(user.id, { callbackUrl: trustedCallback })
  }),
  serverWitness("sendVerificationEmail", "EmailAlreadyVerified", {
    how: "a primary e-mail that is verified already",
    setup: userWithPrimaryChannel(true),
    call: (send, { user }) => send(user.id, { callbackUrl: trustedCallback })
  }),
  serverWitness("sendVerificationEmail", "RedirectUrlNotWhitelisted", {
    how: "a callback URL on a domain the project does not trust",
    setup: userWithPrimaryChannel(false),
    call: (send, { user }) => send(user.id, { callbackUrl: untrustedCallback })
  }),

  // Connected accounts.
  serverWitness("getConnectedAccountAccessToken", "OAuthProviderNotFoundOrNotEnabled", {
    how: "a provider the project does not enable",
    setup: aUser,
    call: (get, user) => get(user.id, "not-a-provider")
  }),
  serverWitness("getConnectedAccountAccessToken", "OAuthAccessTokenNotAvailableWithSharedOAuthKeys", {
    how: "a connected GitHub account on shared keys, the deployment not allowing their access tokens",
    emulator: { allowSharedOAuthAccessTokens: false },
    setup: Effect.gen(function*() {
      const user = yield* aUser
      yield* linkSharedGithubAccount(user.id)
      return user
    }),
    call: (get, user) => get(user.id, "github")
  }),
  serverWitness("getConnectedAccountAccessToken", "UserNotFound", {
    how: "a user id the project does not have, with an enabled provider",
    setup: Effect.void,
    call: (get) => get(unknownUser, "github")
  }),

  // Teams.
  serverWitness("createTeam", "InvalidInput", {
    how: "a creator id that is neither a UUID nor `me`",
    setup: Effect.void,
    call: (create) => create({ displayName: "Team", creatorUserId: "not-a-user-id" })
  }),
  serverWitness("createTeam", "UserNotFound", {
    how: "a creator the project does not have",
    setup: Effect.void,
    call: (create) => create({ displayName: "Team", creatorUserId: unknownUser })
  }),
  serverWitness("updateTeam", "InvalidInput", {
    how: "an empty profile image URL",
    setup: Effect.void,
    call: (update) => update(unknownTeam, { profileImageUrl: "" })
  }),
  serverWitness("updateTeam", "TeamNotFound", {
    how: "a team id the project does not have",
    setup: Effect.void,
    call: (update) => update(unknownTeam, { displayName: "Renamed" })
  }),
  serverWitness("deleteTeam", "TeamNotFound", {
    how: "a team id the project does not have",
    setup: Effect.void,
    call: (remove) => remove(unknownTeam)
  }),
  serverWitness("addTeamMember", "TeamNotFound", {
    how: "a team id the project does not have",
    setup: aUser,
    call: (add, user) => add(unknownTeam, user.id)
  }),
  serverWitness("addTeamMember", "UserNotFound", {
    how: "a user id the project does not have",
    setup: teamAndOutsider,
    call: (add, { team }) => add(team.id, unknownUser)
  }),
  serverWitness("addTeamMember", "TeamMembershipAlreadyExists", {
    how: "adding the team's creator again",
    setup: teamAndMember,
    call: (add, { team, user }) => add(team.id, user.id)
  }),
  serverWitness("removeTeamMember", "UserNotFound", {
    how: "a user id the project does not have",
    setup: teamAndOutsider,
    call: (remove, { team }) => remove(team.id, unknownUser)
  }),
  serverWitness("removeTeamMember", "TeamMembershipNotFound", {
    how: "a user who is not a member",
    setup: teamAndOutsider,
    call: (remove, { team, user }) => remove(team.id, user.id)
  }),
  serverWitness("listTeamMembers", "TeamNotFound", {
    how: "a team id the project does not have",
    setup: Effect.void,
    call: (list) => list(unknownTeam)
  }),
  serverWitness("getTeamMemberProfile", "UserNotFound", {
    how: "a user id the project does not have",
    setup: teamAndOutsider,
    call: (get, { team }) => get(team.id, unknownUser)
  }),
  serverWitness("updateTeamMemberProfile", "InvalidInput", {
    how: "an empty profile image URL",
    setup: teamAndMember,
    call: (update, { team, user }) => update(team.id, user.id, { profileImageUrl: "" })
  }),
  serverWitness("updateTeamMemberProfile", "UserNotFound", {
    how: "a user id the project does not have",
    setup: teamAndOutsider,
    call: (update, { team }) => update(team.id, unknownUser, { displayName: "Nobody" })
  }),
  serverWitness("updateTeamMemberProfile", "TeamMembershipNotFound", {
    how: "a user who is not a member",
    setup: teamAndOutsider,
    call: (update, { team, user }) => update(team.id, user.id, { displayName: "Outsider" })
  }),
  // Granting and revoking check the user, then the membership (the server's ensureTeamMembershipExists).
  ...(["grantTeamPermission", "revokeTeamPermission"] as const).flatMap((operation) => [
    serverWitness(operation, "UserNotFound", {
      how: "a user id the project does not have",
      setup: teamAndOutsider,
      call: (op, { team }) => op(team.id, unknownUser, "$read_members")
    }),
    serverWitness(operation, "TeamMembershipNotFound", {
      how: "a user who is not a member",
      setup: teamAndOutsider,
      call: (op, { team, user }) => op(team.id, user.id, "$read_members")
    })
  ]),
  serverWitness("grantTeamPermission", "PermissionNotFound", {
    how: "a permission the project does not define",
    setup: teamAndMember,
    call: (grant, { team, user }) => grant(team.id, user.id, "not_a_permission")
  }),
  serverWitness("revokeTeamPermission", "TeamPermissionNotFound", {
    how: "a permission the member does not hold directly",
    setup: teamAndMember,
    call: (revoke, { team, user }) => revoke(team.id, user.id, "$read_members")
  }),

  // Invitations.
  serverWitness("inviteToTeam", "MissingParameter", {
    how: "no callback URL; nothing is sent",
    setup: Effect.void,
    call: (invite) => invite({ teamId: unknownTeam, email: "invitee@example.com" })
  }),
  serverWitness("inviteToTeam", "InvalidInput", {
    how: "an e-mail that is not an address",
    setup: Effect.void,
    call: (invite) => invite({ teamId: unknownTeam, email: "not-an-address", callbackUrl: trustedCallback })
  }),
  serverWitness("inviteToTeam", "TeamNotFound", {
    how: "a team id the project does not have",
    setup: Effect.void,
    call: (invite) => invite({ teamId: unknownTeam, email: "invitee@example.com", callbackUrl: trustedCallback })
  }),
  serverWitness("inviteToTeam", "RedirectUrlNotWhitelisted", {
    how: "a callback URL on a domain the project does not trust",
    setup: teamAndMember,
    call: (invite, { team }) => invite({ teamId: team.id, email: "invitee@example.com", callbackUrl: untrustedCallback })
  }),
  serverWitness("listTeamInvitations", "TeamNotFound", {
    how: "a team id the project does not have",
    setup: Effect.void,
    call: (list) => list(unknownTeam)
  }),
  serverWitness("revokeTeamInvitation", "TeamNotFound", {
    how: "a team id the project does not have",
    setup: Effect.void,
    call: (revoke) => revoke(unknownTeam, unknownChannel)
  })
]
