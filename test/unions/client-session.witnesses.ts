/**
 * Witnesses of what every session-using client call shares: a refresh the service refuses
 * (`InvalidOAuthClientIdOrSecret`), a call made while signed out, and the client families (project
 * errors, access-token errors, transport errors).
 */
import * as Effect from "effect/Effect"
import * as Client from "../../src/client/index.ts"
import { type ClientEnv, clientWitness, clientWitnessOfAnyError, whileTimePasses, withRefusedRefresh, type Witness } from "./witness.ts"

const someTeam = "00000000-0000-4000-8000-0000000000aa"
const someUser = "00000000-0000-4000-8000-0000000000bb"

/** A signed-up user; the state is the session's tokens. */
const signedUp = Effect.gen(function*() {
  yield* Client.signUpWithPassword({ email: "session-witness@example.com", password: "a long enough password" })
  return yield* Client.getAuthJson()
})

const refused = <K extends Parameters<typeof clientWitness>[0]>(
  operation: K,
  call: (op: (typeof Client)[K]) => Effect.Effect<unknown, unknown, Client.StackClientCore>
): Witness =>
  clientWitnessOfAnyError(operation, "InvalidOAuthClientIdOrSecret", {
    how: "the access token expired and the refresh is sent with a key the project does not know",
    setup: signedUp,
    call: (op, auth) => withRefusedRefresh(call(op))(auth)
  })

const signedOut = <K extends Parameters<typeof clientWitness>[0]>(
  operation: K,
  error: string,
  call: (op: (typeof Client)[K]) => Effect.Effect<unknown, unknown, ClientEnv>
): Witness =>
  clientWitnessOfAnyError(operation, error, {
    how: "called while nobody is signed in",
    setup: Effect.void,
    call: (op) => call(op)
  })

export const witnesses: ReadonlyArray<Witness> = [
  refused("createContactChannel", (op) => op({ type: "email", value: "x@example.com", usedForAuth: false })),
  refused("createTeam", (op) => op({ displayName: "T" })),
  refused("deleteContactChannel", (op) => op(someUser)),
  refused("deleteTeam", (op) => op(someTeam)),
  refused("deleteUser", (op) => op()),
  refused("getConnectedAccountAccessToken", (op) => op("github")),
  refused("getSelectedTeam", (op) => op()),
  refused("getTeam", (op) => op(someTeam)),
  refused("getTeamMemberProfile", (op) => op(someTeam)),
  refused("getUser", (op) => op()),
  refused("getUserOrFail", (op) => op()),
  refused("hasTeamPermission", (op) => op(someTeam, "admin")),
  refused("inviteToTeam", (op) => op({ teamId: someTeam, email: "i@example.com", callbackUrl: "http://localhost:3000/handler/team-invitation" })),
  refused("leaveTeam", (op) => op(someTeam)),
  refused("listContactChannels", (op) => op()),
  refused("listSessions", (op) => op()),
  refused("listTeamInvitations", (op) => op(someTeam)),
  refused("listTeamMembers", (op) => op(someTeam)),
  refused("listTeamPermissions", (op) => op(someTeam)),
  refused("listTeams", (op) => op()),
  refused("removeTeamMember", (op) => op(someTeam, someUser)),
  refused("revokeSession", (op) => op(someUser)),
  refused("revokeTeamInvitation", (op) => op(someTeam, someUser)),
  refused("setSelectedTeam", (op) => op(null)),
  refused("updateTeam", (op) => op(someTeam, { displayName: "U" })),
  refused("updateTeamMemberProfile", (op) => op(someTeam, { displayName: "U" })),
  refused("updateUser", (op) => op({ displayName: "U" })),
  refused("getAuthJson", (op) => op()),
  refused("getAuthHeaders", (op) => op()),

  signedOut("listContactChannels", "CannotGetOwnUserWithoutUser", (op) => op()),
  signedOut("createContactChannel", "CannotGetOwnUserWithoutUser", (op) => op({ type: "email", value: "x@example.com", usedForAuth: false })),
  signedOut("listSessions", "CannotGetOwnUserWithoutUser", (op) => op()),
  signedOut("listTeams", "CannotGetOwnUserWithoutUser", (op) => op()),
  signedOut("createTeam", "CannotGetOwnUserWithoutUser", (op) => op({ displayName: "T" })),
  signedOut("getUserOrFail", "UserNotSignedIn", (op) => op()),
  signedOut("updateUser", "CannotGetOwnUserWithoutUser", (op) => op({ displayName: "U" })),
  signedOut("deleteUser", "CannotGetOwnUserWithoutUser", (op) => op()),
  signedOut("getSelectedTeam", "CannotGetOwnUserWithoutUser", (op) => op()),
  signedOut("setSelectedTeam", "CannotGetOwnUserWithoutUser", (op) => op(someTeam)),
  signedOut("getTeamMemberProfile", "CannotGetOwnUserWithoutUser", (op) => op(someTeam)),
  signedOut("listTeamPermissions", "CannotGetOwnUserWithoutUser", (op) => op(someTeam)),
  signedOut("hasTeamPermission", "CannotGetOwnUserWithoutUser", (op) => op(someTeam, "admin")),
  signedOut("leaveTeam", "CannotGetOwnUserWithoutUser", (op) => op(someTeam)),

  refused("sendContactChannelVerification", (op) => op(someUser, { callbackUrl: "http://localhost:3000/handler/email-verification" })),
  refused("sendVerificationEmail", (op) => op({ callbackUrl: "http://localhost:3000/handler/email-verification" })),
  refused("setPassword", (op) => op({ password: "a long enough password" })),
  refused("updateContactChannel", (op) => op(someUser, { value: "y@example.com" })),
  refused("updatePassword", (op) => op({ oldPassword: "a long enough password", newPassword: "another long password" })),

  signedOut("deleteContactChannel", "CannotGetOwnUserWithoutUser", (op) => op(someUser)),
  signedOut("deleteTeam", "UserAuthenticationRequired", (op) => op(someTeam)),
  signedOut("getConnectedAccountAccessToken", "CannotGetOwnUserWithoutUser", (op) => op("github")),
  signedOut("getTeam", "UserAuthenticationRequired", (op) => op(someTeam)),
  signedOut("inviteToTeam", "UserAuthenticationRequired", (op) => op({ teamId: someTeam, email: "i@example.com", callbackUrl: "http://localhost:3000/handler/team-invitation" })),
  signedOut("listTeamInvitations", "CannotGetOwnUserWithoutUser", (op) => op(someTeam)),
  signedOut("listTeamMembers", "CannotGetOwnUserWithoutUser", (op) => op(someTeam)),
  signedOut("removeTeamMember", "CannotGetOwnUserWithoutUser", (op) => op(someTeam, someUser)),
  signedOut("revokeTeamInvitation", "CannotGetOwnUserWithoutUser", (op) => op(someTeam, someUser)),
  signedOut("sendContactChannelVerification", "CannotGetOwnUserWithoutUser", (op) => op(someUser, { callbackUrl: "http://localhost:3000/handler/email-verification" })),
  signedOut("sendVerificationEmail", "CannotGetOwnUserWithoutUser", (op) => op({ callbackUrl: "http://localhost:3000/handler/email-verification" })),
  signedOut("updateContactChannel", "CannotGetOwnUserWithoutUser", (op) => op(someUser, { value: "y@example.com" })),
  signedOut("updateTeam", "UserAuthenticationRequired", (op) => op(someTeam, { displayName: "U" })),
  signedOut("updateTeamMemberProfile", "CannotGetOwnUserWithoutUser", (op) => op(someTeam, { displayName: "U" })),

  // The client's project errors.
  clientWitness("getProject", "InvalidPublishableClientKey", {
    how: "a publishable key the project does not know",
    client: { publishableClientKey: "pck_not_this_projects_key_000" },
    setup: Effect.void,
    call: (op) => op()
  }),
  clientWitness("getProject", "CurrentProjectNotFound", {
    how: "a project id the service does not know",
    client: { projectId: "00000000-0000-4000-8000-0000000000cc" },
    setup: Effect.void,
    call: (op) => op()
  }),
  // Transport errors.
  clientWitness("getProject", "StackResponseError", {
    how: "the service answers 500 with a body that is not a known error",
    emulator: { faults: [{ path: "/projects/current", action: { _tag: "Status", status: 500 } }] },
    setup: Effect.void,
    call: (op) => op()
  }),
  clientWitness("signUpWithPassword", "StackRateLimitedError", {
    how: "429 with Retry-After on every attempt",
    emulator: { faults: [{ path: "/auth/password/sign-up", action: { _tag: "Status", status: 429, retryAfterSeconds: 1 } }] },
    setup: Effect.void,
    call: (op) => whileTimePasses(op({ email: "rl@example.com", password: "a long enough password" }), "1 minute")
  }),
  clientWitness("getProject", "StackTransportError", {
    how: "the service never answers: the call's deadline passes",
    emulator: { faults: [{ path: "/projects/current", action: { _tag: "Hang" } }] },
    setup: Effect.void,
    call: (op) => whileTimePasses(op(), "2 minutes")
  })
]
