/**
 * StackClient flows against the in-process emulator: magic link, MFA, contact channels, teams and
 * invitations, OAuth with PKCE, passkeys, anonymous users.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as HttpClient from "effect/http/HttpClient"
import { TestClock } from "effect/testing"
import {
  acceptTeamInvitation,
  codeFromOtp,
  completeOAuthSignIn,
  createContactChannel,
  createTeam,
  deleteContactChannel,
  deleteTeam,
  getConnectedAccountAccessToken,
  getOAuthAuthorizeUrl,
  getProject,
  getSelectedTeam,
  getTeamInvitationDetails,
  getUser,
  hasTeamPermission,
  inviteToTeam,
  layerCore,
  layerMemoryTokenStore,
  leaveTeam,
  listContactChannels,
  listTeamMembers,
  listTeamPermissions,
  listTeams,
  registerPasskey,
  resetPassword,
  sendContactChannelVerification,
  sendForgotPasswordEmail,
  sendMagicLinkEmail,
  sendVerificationEmail,
  setSelectedTeam,
  signInWithMagicLink,
  signInWithMfa,
  signInWithPasskey,
  signInWithPassword,
  signOut,
  signUpAnonymously,
  signUpWithPassword,
  StackClientCore,
  updateContactChannel,
  updateTeam,
  updateTeamMemberProfile,
  updateUser,
  verifyEmail,
  WebAuthn
} from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { totpAt } from "../../src/emulator/totp.ts"
import { makeAuthenticator } from "../integration/webauthn-fake.ts"
import { freshEmail, inProcess, lastEmailTo } from "./client-harness.ts"

const password = "correct horse battery"
const callback = "http://localhost:3000/handler/magic-link-callback"

/** A second user's core over the same emulator (its own token store). */
const secondCore = Layer.unwrap(
  Effect.gen(function*() {
    const emu = yield* Emulator
    return layerCore({ projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey, baseUrl: emu.info.baseUrl }).pipe(
      Layer.provide(Layer.merge(layerMemoryTokenStore(), Layer.succeed(HttpClient.HttpClient, emu.httpClient)))
    )
  })
)
const asSecondUser = <A, E>(effect: Effect.Effect<A, E, StackClientCore>) =>
  Effect.flatMap(Layer.build(secondCore), (context) => Effect.provide(effect, context)).pipe(Effect.scoped)

describe("client flows", () => {
  it.effect("magic link: a new address signs up by link, an existing one signs in by six characters + nonce", () =>
    Effect.gen(function*() {
      const email = freshEmail("otp")
      yield* sendMagicLinkEmail({ email, callbackUrl: callback })
      const first = yield* lastEmailTo(email)
      const created = yield* signInWithMagicLink(first?.code ?? "")
      assert.isTrue(created.isNewUser)
      yield* signOut()
      const { nonce } = yield* sendMagicLinkEmail({ email, callbackUrl: callback })
      const second = yield* lastEmailTo(email)
      const again = yield* signInWithMagicLink(codeFromOtp((second?.code ?? "").slice(0, 6), nonce))
      assert.isFalse(again.isNewUser)
      assert.strictEqual(again.userId, created.userId)
      const reused = yield* Effect.flip(signInWithMagicLink(second?.code ?? ""))
      assert.strictEqual(reused._tag, "VerificationCodeAlreadyUsed")
    }).pipe(Effect.provide(inProcess())))

  it.effect("magic-link codes expire when the clock says so", () =>
    Effect.gen(function*() {
      const email = freshEmail("late")
      yield* sendMagicLinkEmail({ email, callbackUrl: callback })
      const mail = yield* lastEmailTo(email)
      yield* TestClock.adjust("8 days")
      const late = yield* Effect.flip(signInWithMagicLink(mail?.code ?? ""))
      assert.strictEqual(late._tag, "VerificationCodeExpired")
    }).pipe(Effect.provide(inProcess())))

  it.effect("forgotten password: the e-mailed code resets it, and the new one signs in", () =>
    Effect.gen(function*() {
      const email = freshEmail("reset")
      yield* signUpWithPassword({ email, password })
      yield* signOut()
      yield* sendForgotPasswordEmail({ email, callbackUrl: "http://localhost:3000/handler/password-reset" })
      const mail = yield* lastEmailTo(email)
      yield* resetPassword({ code: mail?.code ?? "", password: "a brand new passw0rd" })
      const wrong = yield* Effect.flip(signInWithPassword({ email, password }))
      assert.strictEqual(wrong._tag, "EmailPasswordMismatch")
      yield* signInWithPassword({ email, password: "a brand new passw0rd" })
    }).pipe(Effect.provide(inProcess())))

  it.effect("MFA: sign-in answers with an attempt code; signInWithMfa completes it; bad and empty codes are typed errors", () =>
    Effect.gen(function*() {
      const email = freshEmail("mfa")
      const secret = "MTIzNDU2Nzg5MDEyMzQ1Njc4OTA="
      yield* signUpWithPassword({ email, password })
      yield* updateUser({ totpSecretBase64: secret })
      yield* signOut()
      const required = yield* Effect.flip(signInWithPassword({ email, password }))
      if (required._tag !== "MultiFactorAuthenticationRequired") return assert.fail(`expected MFA, got ${required._tag}`)
      const attempt = required.details.attempt_code
      const empty = yield* Effect.flip(signInWithMfa(attempt, "  "))
      assert.strictEqual(empty._tag, "InvalidTotpCode")
      const bad = yield* Effect.flip(signInWithMfa(attempt, totpAt(secret, (yield* Clock.currentTimeMillis) - 120_000)))
      assert.strictEqual(bad._tag, "InvalidTotpCode")
      const done = yield* signInWithMfa(attempt, totpAt(secret, yield* Clock.currentTimeMillis))
      assert.isFalse(done.isNewUser)
      assert.isTrue(Option.isSome(yield* getUser()))
    }).pipe(Effect.provide(inProcess())))

  it.effect("contact channels: add, change, verify by e-mail, delete", () =>
    Effect.gen(function*() {
      yield* signUpWithPassword({ email: freshEmail("cc"), password })
      const extra = freshEmail("second")
      const channel = yield* createContactChannel({ value: extra })
      assert.isFalse(channel.isVerified)
      const primary = yield* updateContactChannel(channel.id, { isPrimary: true })
      assert.isTrue(primary.isPrimary)
      yield* sendContactChannelVerification(channel.id, { callbackUrl: "http://localhost:3000/handler/email-verification" })
      const mail = yield* lastEmailTo(extra)
      yield* verifyEmail(mail?.code ?? "")
      const channels = yield* listContactChannels()
      assert.isTrue(channels.some((c) => c.id === channel.id && c.isVerified))
      yield* deleteContactChannel(channel.id)
      assert.isFalse((yield* listContactChannels()).some((c) => c.id === channel.id))
    }).pipe(Effect.provide(inProcess())))

  it.effect("without a primary e-mail, sendVerificationEmail fails with 'User does not have a primary email'", () =>
    Effect.gen(function*() {
      yield* signUpAnonymously()
      const missing = yield* Effect.flip(sendVerificationEmail({ callbackUrl: "http://localhost:3000/handler/email-verification" }))
      assert.strictEqual(missing._tag, "NoPrimaryEmail")
      assert.strictEqual(missing.message, "User does not have a primary email")
    }).pipe(Effect.provide(inProcess({}, { allowAnonymousUser: true }))))

  it.effect("teams: create, update, members, invitation accepted by a second user, permissions, leave, delete", () =>
    Effect.gen(function*() {
      yield* signUpWithPassword({ email: freshEmail("owner"), password })
      const team = yield* createTeam({ displayName: "Rocket" })
      assert.isTrue((yield* listTeams()).some((t) => t.id === team.id))
      const renamed = yield* updateTeam(team.id, { displayName: "Rocket Lab" })
      assert.strictEqual(renamed.displayName, "Rocket Lab")
      yield* updateTeamMemberProfile(team.id, { displayName: "Captain" })
      const members = yield* listTeamMembers(team.id)
      assert.strictEqual(members[0]?.displayName, "Captain")
      assert.isTrue(yield* hasTeamPermission(team.id, "$update_team"))
      const direct = yield* listTeamPermissions(team.id, { recursive: false })
      const all = yield* listTeamPermissions(team.id)
      assert.isTrue(all.length > direct.length)
      const invitee = freshEmail("invitee")
      yield* inviteToTeam({ teamId: team.id, email: invitee, callbackUrl: "http://localhost:3000/handler/team-invitation" })
      const mail = yield* lastEmailTo(invitee)
      const joined = yield* asSecondUser(Effect.gen(function*() {
        yield* signUpWithPassword({ email: invitee, password })
        const details = yield* getTeamInvitationDetails(mail?.code ?? "")
        assert.strictEqual(details.teamDisplayName, "Rocket Lab")
        yield* acceptTeamInvitation(mail?.code ?? "")
        const teams = yield* listTeams()
        yield* leaveTeam(team.id)
        return { before: teams.some((t) => t.id === team.id), after: (yield* listTeams()).some((t) => t.id === team.id) }
      }))
      assert.deepStrictEqual(joined, { before: true, after: false })
      const token = yield* getConnectedAccountAccessToken("github", { scopes: ["repo"] })
      assert.isTrue(Option.isNone(token))
      yield* deleteTeam(team.id)
      assert.isFalse((yield* listTeams()).some((t) => t.id === team.id))
    }).pipe(Effect.provide(inProcess())))

  it.effect("the selected team: set, read, cleared; a team the user is not in is refused", () =>
    Effect.gen(function*() {
      yield* signUpWithPassword({ email: freshEmail("sel"), password })
      const team = yield* createTeam({ displayName: "Selected" })
      const selected = yield* setSelectedTeam(team.id)
      assert.strictEqual(Option.getOrUndefined(Option.map(selected, (t) => t.id)), team.id)
      assert.strictEqual(Option.getOrUndefined(Option.map(yield* getSelectedTeam(), (t) => t.displayName)), "Selected")
      assert.isTrue(Option.isNone(yield* setSelectedTeam(null)))
      const foreign = yield* Effect.flip(setSelectedTeam("00000000-0000-4000-8000-00000000000b"))
      assert.strictEqual(foreign._tag, "TeamMembershipNotFound")
    }).pipe(Effect.provide(inProcess())))

  it.effect("OAuth: the authorize URL carries PKCE S256; the callback's code signs in; a wrong state is refused", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      const authorization = yield* getOAuthAuthorizeUrl({
        provider: "GitHub",
        redirectUrl: "http://localhost:3000/handler/oauth-callback?code=old&state=old&keep=1",
        errorRedirectUrl: "http://localhost:3000/handler/error"
      })
      const url = new URL(authorization.url)
      assert.strictEqual(url.pathname, "/api/v1/auth/oauth/authorize/github")
      assert.strictEqual(url.searchParams.get("code_challenge_method"), "S256")
      assert.strictEqual(url.searchParams.get("scope"), "legacy")
      assert.strictEqual(url.searchParams.get("redirect_uri"), "http://localhost:3000/handler/oauth-callback?keep=1")
      const get = (target: string, cookie?: string) =>
        emu.handle(new Request(target, { headers: cookie === undefined ? {} : { cookie } }))
      const authorize = yield* get(authorization.url)
      const cookie = (authorize.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
      const consent = new URL(authorize.headers.get("location") ?? "")
      const approve = new URL("approve", consent)
      approve.searchParams.set("state", consent.searchParams.get("state") ?? "")
      approve.searchParams.set("email", "oauth-client@example.com")
      const callbackAnswer = yield* get((yield* get(approve.toString())).headers.get("location") ?? "", cookie)
      const back = callbackAnswer.headers.get("location") ?? ""
      const wrongState = yield* Effect.flip(completeOAuthSignIn(back, { ...authorization, state: "other" }))
      assert.strictEqual(wrongState._tag, "OAuthCallbackInvalid")
      const result = yield* completeOAuthSignIn(back, authorization)
      assert.isTrue(result.isNewUser)
      const user = yield* getUser()
      assert.strictEqual(Option.getOrUndefined(Option.map(user, (u) => u.primaryEmail)), "oauth-client@example.com")
      assert.strictEqual(Option.getOrUndefined(Option.map(user, (u) => u.id)), result.userId)
    }).pipe(Effect.provide(inProcess())))

  it.effect("passkeys: register through the WebAuthn service, then sign in with it", () => {
    const authenticator = makeAuthenticator("http://localhost:3000")
    const webAuthn = Layer.succeed(WebAuthn, WebAuthn.of({
      rpId: Effect.succeed("localhost"),
      register: (options) => Effect.succeed(authenticator.register(options)),
      authenticate: (options) => Effect.succeed(authenticator.authenticate(options))
    }))
    return Effect.gen(function*() {
      const signedUp = yield* signUpWithPassword({ email: freshEmail("passkey"), password })
      const credentialId = yield* registerPasskey()
      assert.strictEqual(credentialId, authenticator.credentialId)
      yield* signOut()
      const signedIn = yield* signInWithPasskey()
      assert.strictEqual(signedIn.userId, signedUp.userId)
    }).pipe(Effect.provide(Layer.merge(inProcess(), webAuthn)))
  })

  it.effect("anonymous users: sign-up works; reading the user needs allowAnonymousUser", () =>
    Effect.gen(function*() {
      const anonymous = yield* signUpAnonymously()
      assert.isTrue(anonymous.isNewUser)
      const refused = yield* Effect.flip(getUser())
      assert.strictEqual(refused._tag === "UnexpectedKnownError" ? refused.code : refused._tag, "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED")
    }).pipe(Effect.provide(inProcess())))

  it.effect("with allowAnonymousUser the anonymous user reads itself and shows as anonymous", () =>
    Effect.gen(function*() {
      const anonymous = yield* signUpAnonymously()
      const user = yield* getUser()
      assert.strictEqual(Option.getOrUndefined(Option.map(user, (u) => u.id)), anonymous.userId)
      assert.strictEqual(Option.getOrUndefined(Option.map(user, (u) => u.isAnonymous)), true)
    }).pipe(Effect.provide(inProcess({}, { allowAnonymousUser: true }))))

  it.effect("the client project shows its sign-in methods", () =>
    Effect.gen(function*() {
      const project = yield* getProject()
      assert.isTrue(project.config.credentialEnabled)
      assert.isTrue(project.config.magicLinkEnabled)
      assert.isTrue(project.config.passkeyEnabled)
    }).pipe(Effect.provide(inProcess())))
})
