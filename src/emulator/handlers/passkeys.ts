/**
 * Passkeys, verified with @simplewebauthn/server. Options carry the
 * relying-party sentinel; the real RP id is the hostname of the origin in `clientDataJSON`, which
 * must be localhost (when the project allows it) or one of the project's domains.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse
} from "@simplewebauthn/server"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  PasskeyAuthenticationFailed,
  PasskeyAuthenticationNotEnabled,
  PasskeyRegistrationFailed
} from "../../errors/catalogue.ts"
import {
  PasskeyAuthenticationInitiationResponse,
  PasskeyAuthenticationOptions,
  PasskeyInitiationBody,
  PasskeyRegisterBody,
  PasskeyRegisterResponse,
  PasskeyRegistrationInitiationResponse,
  PasskeyRegistrationOptions,
  passkeyRpIdSentinel,
  PasskeySignInBody
} from "../../wire/auth.ts"
import { checkCode, CodeType, type CodeType as CodeTypeName, consumeCode, createCode, passkeyChallengeLifetimeMillis } from "../codes.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import { primaryEmailChannel, type ProjectRecord, type StateData } from "../state.ts"
import { finishSignIn } from "../sign-in.ts"
import * as Create from "../../errors/create.ts"

const Challenge = Schema.Struct({ challenge: Schema.String, user_id: Schema.NullOr(Schema.String) })

/** The parts of RegistrationResponseJSON the verifier reads. */
const RegistrationResponse = Schema.Struct({
  id: Schema.String,
  rawId: Schema.String,
  type: Schema.Literal("public-key"),
  response: Schema.Struct({
    clientDataJSON: Schema.String,
    attestationObject: Schema.String
  }),
  clientExtensionResults: Schema.Struct({}),
  authenticatorAttachment: Schema.optionalKey(Schema.Literals(["cross-platform", "platform"]))
})

/** The parts of AuthenticationResponseJSON the verifier reads. */
const AuthenticationResponse = Schema.Struct({
  id: Schema.String,
  rawId: Schema.String,
  type: Schema.Literal("public-key"),
  response: Schema.Struct({
    clientDataJSON: Schema.String,
    authenticatorData: Schema.String,
    signature: Schema.String,
    userHandle: Schema.optionalKey(Schema.String)
  }),
  clientExtensionResults: Schema.Struct({}),
  authenticatorAttachment: Schema.optionalKey(Schema.Literals(["cross-platform", "platform"]))
})

/** simplewebauthn's options as the wire schema's JSON value (they are plain JSON by construction). */
const asWireOptions = <S extends Schema.Decoder<unknown>>(schema: S, options: object) =>
  Effect.orDie(Schema.decodeUnknownEffect(schema)(JSON.parse(JSON.stringify(options))))

const ClientData = Schema.fromJsonString(Schema.Struct({ origin: Schema.String }))

/** The origin a response came from, if readable. */
const originOf = (clientDataJSON: string): string | undefined => {
  const decoded = Schema.decodeUnknownOption(ClientData)(Buffer.from(clientDataJSON, "base64url").toString("utf8"))
  return decoded._tag === "Some" ? decoded.value.origin : undefined
}

/** Why passkeys from `origin` do not count for the project (`localhost` when it allows none), if they do not. */
const untrustedOrigin = (project: ProjectRecord, origin: string | undefined): "localhost" | "origin" | undefined => {
  if (origin === undefined || !URL.canParse(origin)) return "origin"
  const host = new URL(origin).hostname
  if (host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host)) {
    return project.config.allowLocalhost ? undefined : "localhost"
  }
  return project.config.domains.some((d) => d.domain === origin) ? undefined : "origin"
}

const challengeOf = (data: StateData, projectId: string, type: CodeTypeName, code: string, now: number) =>
  Effect.gen(function*() {
    const record = yield* checkCode(data, { projectId, type, code, nowMillis: now })
    consumeCode(data, record, now)
    const challenge = Schema.decodeUnknownOption(Challenge)(record.data)
    if (challenge._tag === "None") return yield* Effect.die(new Error("passkey challenge without its data"))
    return challenge.value
  })

/**
 * The challenge of `hardcodedPasskeyChallenge` (the service's `STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING`):
 * the bytes of `MOCK`, so recorded option snapshots compare equal. For test setups only.
 */
const hardcodedChallenge = new TextEncoder().encode("MOCK")

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/auth/passkey/initiate-passkey-registration",
    access: ["client", "server", "admin"],
    user: "required",
    body: PasskeyInitiationBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const project: ProjectRecord = ctx.auth.project
      if (!project.config.passkeyEnabled) return yield* Create.PasskeyAuthenticationNotEnabled()
      const user = ctx.user
      const name = user.displayName ?? primaryEmailChannel(ctx.data, user.id)?.value ?? "Stack Auth User"
      const options = yield* Effect.promise(() =>
        generateRegistrationOptions({
          rpName: project.displayName,
          rpID: passkeyRpIdSentinel,
          userName: name,
          userDisplayName: name,
          userID: new TextEncoder().encode(user.id),
          attestationType: "none",
          authenticatorSelection: { residentKey: "required", userVerification: "preferred", requireResidentKey: true },
          extensions: { credProps: true },
          supportedAlgorithmIDs: [-8, -7, -257],
          ...(ctx.env.hardcodedPasskeyChallenge ? { challenge: hardcodedChallenge } : {})
        })
      )
      const code = createCode(ctx.data, {
        projectId: project.id,
        type: CodeType.passkeyRegistration,
        nowMillis: ctx.now,
        lifetimeMillis: passkeyChallengeLifetimeMillis,
        data: { challenge: options.challenge, user_id: user.id }
      })
      // Like the service, an empty `hints` list is left out.
      const { hints, ...withoutHints } = options
      const shown = hints === undefined || hints.length === 0 ? withoutHints : options
      const optionsJson = yield* asWireOptions(PasskeyRegistrationOptions, { ...shown, rp: { id: passkeyRpIdSentinel, name: project.displayName } })
      return yield* Reply.json(PasskeyRegistrationInitiationResponse, { options_json: optionsJson, code: code.code })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/passkey/register",
    access: ["client", "server", "admin"],
    user: "required",
    body: PasskeyRegisterBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const project: ProjectRecord = ctx.auth.project
      const challenge = yield* challengeOf(data, project.id, CodeType.passkeyRegistration, ctx.body.code, ctx.now)
      if (!project.config.passkeyEnabled) return yield* Create.PasskeyAuthenticationNotEnabled()
      const response = Schema.decodeUnknownOption(RegistrationResponse)(ctx.body.credential)
      const invalid = () => Create.PasskeyRegistrationFailed({ message: "Passkey registration failed because the verification response is invalid" })
      if (response._tag === "None") return yield* invalid()
      const origin = originOf(response.value.response.clientDataJSON)
      // Today's service checks the origin as a redirect URL: one answer for every untrusted origin,
      // localhost included (2.7 answered PASSKEY_AUTHENTICATION_FAILED, naming localhost).
      if (untrustedOrigin(project, origin) !== undefined || origin === undefined) {
        return yield* Create.PasskeyRegistrationFailed({ message: "Passkey registration failed because the origin is not allowed" })
      }
      const verification = yield* Effect.tryPromise(() =>
        verifyRegistrationResponse({
          response: response.value,
          expectedChallenge: challenge.challenge,
          expectedOrigin: origin,
          expectedRPID: new URL(origin).hostname,
          requireUserVerification: false
        })
      ).pipe(Effect.orElseSucceed(() => undefined))
      if (verification === undefined || !verification.verified || verification.registrationInfo === undefined) return yield* invalid()
      const { credential } = verification.registrationInfo
      // One passkey per user: a new registration replaces the old one.
      for (const [id, passkey] of Object.entries(data.passkeys)) if (passkey.userId === ctx.user.id) delete data.passkeys[id]
      data.passkeys[credential.id] = {
        id: credential.id,
        projectId: project.id,
        userId: ctx.user.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: [...(credential.transports ?? [])],
        createdAtMillis: ctx.now
      }
      return yield* Reply.json(PasskeyRegisterResponse, { user_handle: credential.id })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/passkey/initiate-passkey-authentication",
    access: ["client", "server", "admin"],
    body: PasskeyInitiationBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const project: ProjectRecord = ctx.auth.project
      if (!project.config.passkeyEnabled) return yield* Create.PasskeyAuthenticationNotEnabled()
      const options = yield* Effect.promise(() =>
        generateAuthenticationOptions({
          rpID: passkeyRpIdSentinel,
          allowCredentials: [],
          userVerification: "preferred",
          ...(ctx.env.hardcodedPasskeyChallenge ? { challenge: hardcodedChallenge } : {})
        })
      )
      const code = createCode(ctx.data, {
        projectId: project.id,
        type: CodeType.passkeyAuthentication,
        nowMillis: ctx.now,
        lifetimeMillis: passkeyChallengeLifetimeMillis,
        data: { challenge: options.challenge, user_id: null }
      })
      const optionsJson = yield* asWireOptions(PasskeyAuthenticationOptions, options)
      return yield* Reply.json(PasskeyAuthenticationInitiationResponse, { options_json: optionsJson, code: code.code })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/passkey/sign-in",
    access: ["client", "server", "admin"],
    body: PasskeySignInBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const project: ProjectRecord = ctx.auth.project
      const challenge = yield* challengeOf(data, project.id, CodeType.passkeyAuthentication, ctx.body.code, ctx.now)
      if (!project.config.passkeyEnabled) return yield* Create.PasskeyAuthenticationNotEnabled()
      const response = Schema.decodeUnknownOption(AuthenticationResponse)(ctx.body.authentication_response)
      const failed = (message: string) => Create.PasskeyAuthenticationFailed({ message })
      if (response._tag === "None") return yield* failed("Passkey not found")
      const passkey = data.passkeys[response.value.id]
      if (passkey === undefined || passkey.projectId !== project.id) return yield* failed("Passkey not found")
      const origin = originOf(response.value.response.clientDataJSON)
      const untrusted = untrustedOrigin(project, origin)
      if (untrusted !== undefined || origin === undefined) {
        // Today's service checks the origin as a redirect URL and says so for localhost too.
        return yield* failed("Passkey authentication failed because the origin is not allowed")
      }
      const verification = yield* Effect.tryPromise(() =>
        verifyAuthenticationResponse({
          response: response.value,
          expectedChallenge: challenge.challenge,
          expectedOrigin: origin,
          expectedRPID: new URL(origin).hostname,
          credential: {
            id: passkey.id,
            publicKey: Uint8Array.from(Buffer.from(passkey.publicKey, "base64url")),
            counter: passkey.counter
          },
          requireUserVerification: false
        })
      ).pipe(Effect.orElseSucceed(() => undefined))
      if (verification === undefined || !verification.verified) {
        return yield* failed("The signature of the authentication response could not be verified with the stored public key tied to this credential ID")
      }
      data.passkeys[passkey.id] = { ...passkey, counter: verification.authenticationInfo.newCounter }
      const user = data.users[passkey.userId]
      if (user === undefined) return yield* failed("Passkey not found")
      return yield* finishSignIn(ctx.env, user, ctx.now, { isNewUser: false, reportNewUser: true })
    })
  })
]
