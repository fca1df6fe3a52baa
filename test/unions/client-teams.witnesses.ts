/**
 * Witnesses of the client's team operations (teams, memberships, member profiles, invitations,
 * permissions) and connected-account tokens. Teams are set up with the project's server key (client
 * team creation is off by default); the client is signed in as the user the scenario names.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import * as Client from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { StackServer, type StackServerService } from "../../src/server/index.ts"
import { linkSharedGithubAccount } from "./server.witnesses.ts"
import { type ClientEnv, clientWitness, clientWitnessOfAnyError, type Operations, type TagsOf, withRefusedRefresh, type Witness } from "./witness.ts"

const someTeam = "00000000-0000-4000-8000-0000000000aa"
const someUser = "00000000-0000-4000-8000-0000000000bb"
const someInvitation = "00000000-0000-4000-8000-0000000000dd"
const password = "a long enough password"
const callbackUrl = "http://localhost:3000/handler/team-invitation"
const invitee = "invitee@example.com"
/** A 45-character code no invitation has. */
const unknownCode = "a".repeat(45)

/** Runs `f` with a StackServer of the emulator's default project. */
const asServer = <A, E>(f: (server: StackServerService) => Effect.Effect<A, E>) =>
  Effect.gen(function*() {
    const emu = yield* Emulator
    const layer = StackServer.layer({ projectId: emu.info.projectId, secretServerKey: emu.info.secretServerKey, baseUrl: emu.info.baseUrl })
      .pipe(Layer.orDie)
    return yield* Effect.provide(Effect.flatMap(StackServer, f), layer)
  })

/** Signs a new user up on the client; the user's id. */
const signedUp = (email: string) =>
  Effect.gen(function*() {
    yield* Client.signUpWithPassword({ email, password })
    return (yield* Client.getUserOrFail()).id
  })

interface TeamState {
  readonly teamId: string
  readonly userId: string
}

/** How the signed-in user stands towards a team. */
interface Scenario {
  readonly how: string
  readonly setup: Effect.Effect<TeamState, unknown, ClientEnv>
}

/** The signed-in user is not a member of the (existing) team. */
const notMember: Scenario = {
  how: "the signed-in user is not a member of the team",
  setup: Effect.gen(function*() {
    const userId = yield* signedUp("outsider@example.com")
    const team = yield* asServer((server) => server.createTeam({ displayName: "Not mine" }))
    return { teamId: team.id, userId }
  })
}

/** The signed-in user created the team (the creator permissions: every `$…` one). */
const creator = Effect.gen(function*() {
  const userId = yield* signedUp("creator@example.com")
  const team = yield* asServer((server) => server.createTeam({ displayName: "Mine", creatorUserId: userId }))
  return { teamId: team.id, userId }
})

/** The signed-in user is a member whose permissions in the team were all revoked. */
const withoutPermissions: Scenario = {
  how: "the signed-in user is a member holding no permission in the team",
  setup: Effect.tap(creator, ({ teamId, userId }) => asServer((server) => server.revokeTeamPermission(teamId, userId, "team_admin")))
}

/** The team's creator (every permission) names a user id the project does not have. */
const unknownUser: Scenario = { how: "the team's creator names a user the project does not have", setup: creator }

const teamWitness = <K extends Operations<typeof Client>>(
  operation: K,
  error: TagsOf<(typeof Client)[K]>,
  scenario: Scenario,
  call: (op: (typeof Client)[K], state: TeamState) => Effect.Effect<unknown, unknown, ClientEnv>
): Witness => clientWitness(operation, error, { how: scenario.how, setup: scenario.setup, call })

/** The operations whose union has every one of `Errors`. */
type Declaring<Errors extends string> = {
  [K in Operations<typeof Client>]: [Errors] extends [TagsOf<(typeof Client)[K]>] ? K : never
}[Operations<typeof Client>]

/** An input the client's own encoding refuses (no request is sent). */
const badInput = <K extends Declaring<"InvalidInput">>(
  operation: K,
  how: string,
  call: (op: (typeof Client)[K]) => Effect.Effect<unknown, unknown, ClientEnv>
): Witness => clientWitnessOfAnyError(operation, "InvalidInput", { how, setup: Effect.void, call: (op) => call(op) })

// -----------------------------------------------------------------------------
// Invitation codes
// -----------------------------------------------------------------------------

/** The team's creator invites `invitee`; the code of the e-mail (the creator stays signed in). */
const invited = Effect.gen(function*() {
  const { teamId } = yield* creator
  yield* Client.inviteToTeam({ teamId, email: invitee, callbackUrl })
  const emu = yield* Emulator
  const mails = yield* emu.outbox(invitee)
  const code = mails.at(-1)?.code
  if (code === undefined || code === null) return yield* Effect.fail("the invitation e-mail carries no code")
  return code
})

/** The code states an invitation code can fail with, for every operation that checks one. */
const codeStates = {
  VerificationCodeNotFound: { how: "a code no invitation has", setup: Effect.succeed(unknownCode) },
  VerificationCodeExpired: {
    how: "the invitation is older than its 7 days",
    setup: Effect.tap(invited, () => TestClock.adjust("8 days"))
  },
  VerificationCodeAlreadyUsed: {
    how: "the invitation was already accepted",
    setup: Effect.tap(invited, (code) => Client.acceptTeamInvitation(code))
  },
  VerificationCodeMaxAttemptsReached: {
    how: "the code was checked 20 times already",
    setup: Effect.tap(invited, (code) => Effect.repeat(Client.checkTeamInvitationCode(code), { times: 19 }))
  }
} as const

type CodeError = keyof typeof codeStates

const codeWitnesses = <K extends Declaring<CodeError> & ("acceptTeamInvitation" | "getTeamInvitationDetails" | "checkTeamInvitationCode")>(
  operation: K
): ReadonlyArray<Witness> =>
  (Object.keys(codeStates) as Array<CodeError>).map((error) =>
    clientWitnessOfAnyError(operation, error, { how: codeStates[error].how, setup: codeStates[error].setup, call: (op, code: string) => op(code) })
  )

type SignedInCodeOperation = "acceptTeamInvitation" | "getTeamInvitationDetails"

/** A signed-up user's tokens. */
const signedUpTokens: Effect.Effect<{ readonly accessToken: string | null; readonly refreshToken: string | null }, unknown, ClientEnv> =
  Effect.andThen(signedUp("refused@example.com"), Client.getAuthJson())

/** The access token expired and the refresh is sent with a key the project does not know. */
const refusedRefresh = (operation: SignedInCodeOperation): Witness =>
  clientWitness(operation, "InvalidOAuthClientIdOrSecret", {
    how: "the access token expired and the refresh is sent with a key the project does not know",
    setup: signedUpTokens,
    call: (op, auth) => withRefusedRefresh(op(unknownCode))(auth)
  })

/** A valid invitation code, after its inviter signed out. */
const codeSignedOut: Effect.Effect<string, unknown, ClientEnv> = Effect.tap(invited, () => Client.signOut())

/** A valid invitation code, used by an anonymous user (a restricted one). */
const codeAnonymous: Effect.Effect<string, unknown, ClientEnv> = Effect.tap(codeSignedOut, () => Client.signUpAnonymously())

/** A valid code, used by an anonymous user (a client that lets anonymous users' tokens through). */
const restrictedUser = (operation: SignedInCodeOperation): Witness =>
  clientWitness(operation, "TeamInvitationRestrictedUserNotAllowed", {
    how: "a valid invitation code used by an anonymous user",
    client: { allowAnonymousUser: true },
    setup: codeAnonymous,
    call: (op, code) => op(code)
  })

/** A valid code, used by nobody signed in. */
const signedOutWithCode = (operation: SignedInCodeOperation): Witness =>
  clientWitness(operation, "UserAuthenticationRequired", {
    how: "a valid invitation code while nobody is signed in",
    setup: codeSignedOut,
    call: (op, code) => op(code)
  })

export const witnesses: ReadonlyArray<Witness> = [
  // Teams.
  badInput("createTeam", "an empty profile image URL", (op) => op({ displayName: "T", profileImageUrl: "" })),
  clientWitness("createTeam", "UserAuthenticationRequired", {
    how: "a creator id given while nobody is signed in (the handler's own sign-in check)",
    setup: Effect.void,
    call: (op) => op({ displayName: "T", creatorUserId: someUser })
  }),
  badInput("updateTeam", "an empty profile image URL", (op) => op(someTeam, { profileImageUrl: "" })),
  teamWitness("updateTeam", "TeamMembershipNotFound", notMember, (op, s) => op(s.teamId, { displayName: "U" })),
  teamWitness("updateTeam", "TeamPermissionRequired", withoutPermissions, (op, s) => op(s.teamId, { displayName: "U" })),
  teamWitness("deleteTeam", "TeamMembershipNotFound", notMember, (op, s) => op(s.teamId)),
  teamWitness("deleteTeam", "TeamPermissionRequired", withoutPermissions, (op, s) => op(s.teamId)),
  teamWitness("setSelectedTeam", "TeamMembershipNotFound", notMember, (op, s) => op(s.teamId)),

  // Memberships and member profiles.
  teamWitness("leaveTeam", "TeamMembershipNotFound", notMember, (op, s) => op(s.teamId)),
  teamWitness("removeTeamMember", "TeamMembershipNotFound", notMember, (op, s) => op(s.teamId, someUser)),
  teamWitness("removeTeamMember", "TeamPermissionRequired", withoutPermissions, (op, s) => op(s.teamId, someUser)),
  teamWitness("removeTeamMember", "UserNotFound", unknownUser, (op, s) => op(s.teamId, someUser)),
  teamWitness("listTeamMembers", "TeamMembershipNotFound", notMember, (op, s) => op(s.teamId)),
  teamWitness("listTeamMembers", "TeamPermissionRequired", withoutPermissions, (op, s) => op(s.teamId)),
  teamWitness("getTeamMemberProfile", "TeamMembershipNotFound", notMember, (op, s) => op(s.teamId)),
  teamWitness("getTeamMemberProfile", "TeamPermissionRequired", withoutPermissions, (op, s) => op(s.teamId, someUser)),
  teamWitness("getTeamMemberProfile", "UserNotFound", unknownUser, (op, s) => op(s.teamId, someUser)),
  badInput("updateTeamMemberProfile", "an empty profile image URL", (op) => op(someTeam, { profileImageUrl: "" })),
  teamWitness("updateTeamMemberProfile", "TeamMembershipNotFound", notMember, (op, s) => op(s.teamId, { displayName: "U" })),

  // Invitations.
  badInput("inviteToTeam", "an e-mail address without @", (op) => op({ teamId: someTeam, email: "not-an-address", callbackUrl })),
  teamWitness("inviteToTeam", "TeamMembershipNotFound", notMember, (op, s) => op({ teamId: s.teamId, email: invitee, callbackUrl })),
  teamWitness("inviteToTeam", "TeamPermissionRequired", withoutPermissions, (op, s) => op({ teamId: s.teamId, email: invitee, callbackUrl })),
  teamWitness("inviteToTeam", "RedirectUrlNotWhitelisted", { how: "the team's creator names a callback URL the project does not trust", setup: creator }, (op, s) =>
    op({ teamId: s.teamId, email: invitee, callbackUrl: "https://untrusted.example.com/handler/team-invitation" })),
  teamWitness("listTeamInvitations", "TeamMembershipNotFound", notMember, (op, s) => op(s.teamId)),
  teamWitness("listTeamInvitations", "TeamPermissionRequired", withoutPermissions, (op, s) => op(s.teamId)),
  teamWitness("revokeTeamInvitation", "TeamMembershipNotFound", notMember, (op, s) => op(s.teamId, someInvitation)),
  teamWitness("revokeTeamInvitation", "TeamPermissionRequired", withoutPermissions, (op, s) => op(s.teamId, someInvitation)),

  // Invitation codes.
  ...codeWitnesses("acceptTeamInvitation"),
  ...codeWitnesses("getTeamInvitationDetails"),
  ...codeWitnesses("checkTeamInvitationCode"),
  badInput("acceptTeamInvitation", "a code shorter than 45 characters", (op) => op("short")),
  badInput("getTeamInvitationDetails", "a code shorter than 45 characters", (op) => op("short")),
  badInput("checkTeamInvitationCode", "a code shorter than 45 characters", (op) => op("short")),
  refusedRefresh("acceptTeamInvitation"),
  refusedRefresh("getTeamInvitationDetails"),
  signedOutWithCode("acceptTeamInvitation"),
  signedOutWithCode("getTeamInvitationDetails"),
  restrictedUser("acceptTeamInvitation"),
  restrictedUser("getTeamInvitationDetails"),

  // Connected accounts.
  clientWitness("getConnectedAccountAccessToken", "OAuthProviderNotFoundOrNotEnabled", {
    how: "a provider the project has not configured (the default project has github, google, microsoft, spotify)",
    setup: signedUp("connected@example.com"),
    call: (op) => op("discord")
  }),
  clientWitness("getConnectedAccountAccessToken", "OAuthAccessTokenNotAvailableWithSharedOAuthKeys", {
    how: "the signed-in user's connected GitHub account is on shared keys, the deployment not allowing their access tokens",
    emulator: { allowSharedOAuthAccessTokens: false },
    setup: Effect.flatMap(signedUp("shared-keys@example.com"), linkSharedGithubAccount),
    call: (op) => op("github")
  })
]
