/**
 * Witnesses of the client operations of the features beyond the seed (issue 27): API keys,
 * notification categories, project permissions, CLI sign-in and the cross-domain handoff.
 */
import * as Effect from "effect/Effect"
import * as Client from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { type ClientEnv, clientWitness, clientWitnessOfAnyError, configureProject, whileTimePasses, withRefusedRefresh, type Witness } from "./witness.ts"

type Operation = Parameters<typeof clientWitness>[0]

const someTeam = "00000000-0000-4000-8000-0000000000aa"
const someKey = "00000000-0000-4000-8000-0000000000cc"
const untrusted = "https://evil.example.com/handler/oauth-callback"
const challenge = "x".repeat(43)
const handoff = { redirectUri: "http://localhost:3000/handler/oauth-callback", state: "s", codeChallenge: challenge }
const keyOptions = { description: "ci", expiresAtMillis: null }
const untyped = <T>(value: unknown): T => value as T

/** API keys enabled for users and teams. */
const apiKeysOn = configureProject({ allowUserApiKeys: true, allowTeamApiKeys: true })

/** A signed-up user of a project with API keys on; the state is the session's tokens. */
const signedUp = Effect.gen(function*() {
  yield* apiKeysOn
  yield* Client.signUpWithPassword({ email: "features-witness@example.com", password: "a long enough password" })
  return yield* Client.getAuthJson()
})

/** The refresh of an expired access token is refused (a key the project does not know). */
const refused = <K extends Operation>(operation: K, call: (op: (typeof Client)[K]) => Effect.Effect<unknown, unknown, ClientEnv>): Witness =>
  clientWitnessOfAnyError(operation, "InvalidOAuthClientIdOrSecret", {
    how: "the access token expired and the refresh is sent with a key the project does not know",
    setup: signedUp,
    call: (op, auth) => withRefusedRefresh(call(op))(auth)
  })

/** A user's key and a key of the user's team exist; then the user signs out. */
const keysThenSignedOut = Effect.gen(function*() {
  yield* signedUp
  const userKey = yield* Client.createUserApiKey(keyOptions)
  const team = yield* Client.createTeam({ displayName: "Keys" })
  const teamKey = yield* Client.createTeamApiKey(team.id, keyOptions)
  yield* Client.signOut()
  return { userKeyId: userKey.id, teamId: team.id, teamKeyId: teamKey.id }
})

/** Called after sign-out on a key that exists (the service finds the key, then asks for a user). */
const signedOutOnAKey = <K extends Operation>(
  operation: K,
  call: (op: (typeof Client)[K], keys: Effect.Success<typeof keysThenSignedOut>) => Effect.Effect<unknown, unknown, ClientEnv>
): Witness =>
  clientWitnessOfAnyError(operation, "UserAuthenticationRequired", {
    how: "the key exists and its owner has signed out",
    setup: keysThenSignedOut,
    call
  })

/** Marks every CLI sign-in attempt as collected already, or removes them all. */
const changeAttempts = (emu: Emulator["Service"], change: "used" | "gone") =>
  emu.withState((data) =>
    Effect.sync(() => {
      const attempts = data.features.cliAuthAttempts
      for (const [id, attempt] of Object.entries(attempts)) {
        if (change === "gone") delete attempts[id]
        else attempts[id] = { ...attempt, usedAtMillis: 0 }
      }
    })
  )

/** Called while nobody is signed in (API keys on). */
const signedOut = <K extends Operation>(operation: K, error: string, call: (op: (typeof Client)[K]) => Effect.Effect<unknown, unknown, ClientEnv>): Witness =>
  clientWitnessOfAnyError(operation, error, { how: "called while nobody is signed in", setup: apiKeysOn, call: (op) => call(op) })

/** Called by a signed-in user. */
const signedIn = <K extends Operation>(
  operation: K,
  error: string,
  how: string,
  call: (op: (typeof Client)[K]) => Effect.Effect<unknown, unknown, ClientEnv>
): Witness => clientWitnessOfAnyError(operation, error, { how, setup: signedUp, call: (op) => call(op) })

export const witnesses: ReadonlyArray<Witness> = [
  // Refused refreshes: every session call.
  refused("createUserApiKey", (op) => op(keyOptions)),
  refused("listUserApiKeys", (op) => op()),
  refused("updateUserApiKey", (op) => op(someKey, { description: "x" })),
  refused("revokeUserApiKey", (op) => op(someKey)),
  refused("createTeamApiKey", (op) => op(someTeam, keyOptions)),
  refused("listTeamApiKeys", (op) => op(someTeam)),
  refused("updateTeamApiKey", (op) => op(someTeam, someKey, { description: "x" })),
  refused("revokeTeamApiKey", (op) => op(someTeam, someKey)),
  refused("listNotificationCategories", (op) => op()),
  refused("setNotificationCategoryEnabled", (op) => op(someKey, false)),
  refused("listProjectPermissions", (op) => op()),
  refused("hasProjectPermission", (op) => op("read_reports")),
  refused("createCrossDomainAuthRedirectUrl", (op) => op(handoff)),

  // Nobody signed in.
  signedOut("createUserApiKey", "CannotGetOwnUserWithoutUser", (op) => op(keyOptions)),
  signedOut("listUserApiKeys", "CannotGetOwnUserWithoutUser", (op) => op()),
  signedOut("listProjectPermissions", "CannotGetOwnUserWithoutUser", (op) => op()),
  signedOut("hasProjectPermission", "CannotGetOwnUserWithoutUser", (op) => op("read_reports")),
  signedOut("listNotificationCategories", "CannotGetOwnUserWithoutUser", (op) => op()),
  signedOut("setNotificationCategoryEnabled", "CannotGetOwnUserWithoutUser", (op) => op(someKey, false)),
  signedOut("createTeamApiKey", "UserAuthenticationRequired", (op) => op(someTeam, keyOptions)),
  signedOut("listTeamApiKeys", "UserAuthenticationRequired", (op) => op(someTeam)),
  signedOut("createCrossDomainAuthRedirectUrl", "UserAuthenticationRequired", (op) => op(handoff)),
  signedOut("completeCliLogin", "UserNotSignedIn", (op) => op("0".repeat(45))),
  signedOutOnAKey("updateUserApiKey", (op, keys) => op(keys.userKeyId, { description: "x" })),
  signedOutOnAKey("revokeUserApiKey", (op, keys) => op(keys.userKeyId)),
  signedOutOnAKey("updateTeamApiKey", (op, keys) => op(keys.teamId, keys.teamKeyId, { description: "x" })),
  signedOutOnAKey("revokeTeamApiKey", (op, keys) => op(keys.teamId, keys.teamKeyId)),

  // Signed in.
  signedIn("updateUserApiKey", "ApiKeyNotFound", "a key id nobody has", (op) => op(someKey, { description: "x" })),
  signedIn("revokeUserApiKey", "ApiKeyNotFound", "a key id nobody has", (op) => op(someKey)),
  signedIn("createTeamApiKey", "ApiKeyNotFound", "a team the user is not in", (op) => op(someTeam, keyOptions)),
  signedIn("listTeamApiKeys", "ApiKeyNotFound", "a team the user is not in", (op) => op(someTeam)),
  signedIn("updateTeamApiKey", "ApiKeyNotFound", "a team the user is not in", (op) => op(someTeam, someKey, { description: "x" })),
  signedIn("revokeTeamApiKey", "ApiKeyNotFound", "a team the user is not in", (op) => op(someTeam, someKey)),
  signedIn("createUserApiKey", "InvalidInput", "an untyped (JavaScript) caller passes a number as the description", (op) =>
    op(untyped({ description: 7, expiresAtMillis: null }))),
  signedIn("updateUserApiKey", "InvalidInput", "an untyped (JavaScript) caller passes a number as the description", (op) =>
    op(someKey, untyped({ description: 7 }))),
  signedIn("createTeamApiKey", "InvalidInput", "an untyped (JavaScript) caller passes a number as the description", (op) =>
    op(someTeam, untyped({ description: 7, expiresAtMillis: null }))),
  signedIn("updateTeamApiKey", "InvalidInput", "an untyped (JavaScript) caller passes a number as the description", (op) =>
    op(someTeam, someKey, untyped({ description: 7 }))),
  signedIn("createCrossDomainAuthRedirectUrl", "RedirectUrlNotWhitelisted", "the receiving callback is not a trusted domain", (op) =>
    op({ ...handoff, redirectUri: untrusted })),

  // CLI sign-in whose attempt changes under it.
  clientWitness("promptCliLogin", "CliAuthUsedError", {
    how: "another program polling with the same code collected the session first",
    setup: Effect.void,
    call: (op) => Effect.flatMap(Effect.service(Emulator), (emu) => op({ appUrl: "http://localhost:3000", onUrl: () => changeAttempts(emu, "used") }))
  }),
  clientWitness("promptCliLogin", "InvalidPollingCodeError", {
    how: "the attempt is gone before the first poll (the emulator restarted without it)",
    setup: Effect.void,
    call: (op) => Effect.flatMap(Effect.service(Emulator), (emu) => op({ appUrl: "http://localhost:3000", onUrl: () => changeAttempts(emu, "gone") }))
  }),

  // CLI sign-in nobody approves.
  clientWitness("promptCliLogin", "CliAuthExpiredError", {
    how: "nobody approves within the attempt's minute",
    setup: Effect.void,
    call: (op) => whileTimePasses(op({ appUrl: "http://localhost:3000", onUrl: () => Effect.void, expiresInMillis: 60_000 }), "2 minutes")
  })
]
