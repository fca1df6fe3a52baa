/**
 * Witnesses of the functions `stackfx/server` exports beside StackServer: building one in a browser,
 * and verifying access tokens locally (`verifyAccessToken`, `verifyOptionalAccessToken`,
 * `requestUser`), each verification error with a token the emulator minted or a key it never had.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as HttpClient from "effect/http/HttpClient"
import { TestClock } from "effect/testing"
import * as Jose from "jose"
import { Emulator, type EmulatorOptions } from "../../src/emulator/emulator.ts"
import {
  AccessTokenVerifier,
  type AccessTokenVerifierOptions,
  layerRequestTokenStore,
  StackServer,
  type VerifyAccessTokenError
} from "../../src/server/index.ts"
import { type ServerEnv, serverFunctionWitness, type Witness } from "./witness.ts"

/** A token, and how the verifier is set up for it. */
interface Scenario {
  readonly error: VerifyAccessTokenError["_tag"]
  readonly how: string
  readonly emulator?: EmulatorOptions | undefined
  /** The token to verify (the setup must succeed). */
  readonly token: Effect.Effect<string, unknown, ServerEnv>
  readonly verifier?: Partial<AccessTokenVerifierOptions> | undefined
}

/** An access token of a new user of the project; `restrict` arranges the user first. */
const tokenOf = (user: { readonly isAnonymous?: boolean }, restrict = false) =>
  Effect.gen(function*() {
    const server = yield* StackServer
    const emu = yield* Emulator
    const created = yield* server.createUser({ displayName: "Caller", ...(user.isAnonymous === true ? { isAnonymous: true } : {}) })
    if (restrict) {
      yield* emu.withState((data) =>
        Effect.sync(() => {
          const record = data.users[created.id]
          if (record !== undefined) data.users[created.id] = { ...record, restrictedByAdmin: true }
        })
      )
    }
    const session = yield* server.createSession(created.id)
    return session.accessToken
  })

/** The project's claims for a user, signed by a key the project never published. */
const forged = Effect.gen(function*() {
  const emu = yield* Emulator
  const projectId = emu.info.projectId
  return yield* Effect.promise(async () => {
    const { privateKey } = await Jose.generateKeyPair("ES256")
    return new Jose.SignJWT({ sub: "00000000-0000-4000-8000-000000000002", role: "authenticated" })
      .setProtectedHeader({ alg: "ES256", kid: "not-a-project-key" })
      .setIssuer(`${emu.info.baseUrl}/api/v1/projects/${projectId}`)
      .setAudience(projectId)
      .setIssuedAt(0)
      .setExpirationTime(600)
      .sign(privateKey)
  })
})

const scenarios: ReadonlyArray<Scenario> = [
  { error: "MalformedAccessToken", how: "a string that is not a JWT", token: Effect.succeed("not-a-jwt") },
  { error: "InvalidAccessTokenSignature", how: "the project's claims signed by a key it never published", token: forged },
  {
    error: "ExpiredAccessToken",
    how: "a token verified 11 minutes after it was minted (10-minute lifetime, 30 s tolerance)",
    token: Effect.tap(tokenOf({}), () => TestClock.adjust("11 minutes"))
  },
  {
    error: "WrongAccessTokenAudience",
    how: "a token of the project checked by a verifier of another project",
    token: tokenOf({}),
    verifier: { projectId: "00000000-0000-4000-8000-0000000000cc" }
  },
  {
    error: "WrongAccessTokenIssuer",
    how: "a token minted by the emulator checked against another API's issuer",
    token: tokenOf({}),
    verifier: { issuerBaseUrl: "https://api.example.com" }
  },
  { error: "AnonymousUserNotAllowed", how: "an anonymous user's token, anonymous users not allowed", token: tokenOf({ isAnonymous: true }) },
  { error: "RestrictedUserNotAllowed", how: "a token of a user restricted by an administrator", token: tokenOf({}, true) },
  {
    error: "JwksUnavailable",
    how: "the project's key set answers 503",
    emulator: { faults: [{ method: "GET", path: "/projects/*", action: { _tag: "Status", status: 503 } }] },
    token: tokenOf({})
  }
]

/** The verifier of the emulator's project, fetching keys from it, with `extra` options. */
const verifierLayer = (extra: Partial<AccessTokenVerifierOptions> = {}) =>
  Layer.unwrap(Effect.gen(function*() {
    const emu = yield* Emulator
    return AccessTokenVerifier.layer({ projectId: emu.info.projectId, baseUrl: emu.info.baseUrl, ...extra }).pipe(
      Layer.provide(Layer.succeed(HttpClient.HttpClient, emu.httpClient))
    )
  }))

/** Runs `verify` with the scenario's verifier. */
const withVerifier = <A, E>(scenario: Scenario, verify: Effect.Effect<A, E, AccessTokenVerifier>) =>
  Effect.provide(verify, verifierLayer(scenario.verifier))

const tokenWitnesses = (scenario: Scenario): ReadonlyArray<Witness> => [
  serverFunctionWitness("verifyAccessToken", scenario.error, {
    how: scenario.how,
    emulator: scenario.emulator,
    setup: scenario.token,
    call: (verify, token) => withVerifier(scenario, verify(token))
  }),
  serverFunctionWitness("verifyOptionalAccessToken", scenario.error, {
    how: scenario.how,
    emulator: scenario.emulator,
    setup: scenario.token,
    call: (verify, token) => withVerifier(scenario, verify(Option.some(token)))
  }),
  serverFunctionWitness("requestUser", scenario.error, {
    how: `${scenario.how}, sent as the request's x-stack-access-token`,
    emulator: scenario.emulator,
    setup: scenario.token,
    call: (requestUser, token) =>
      Effect.gen(function*() {
        const emu = yield* Emulator
        const store = layerRequestTokenStore({ "x-stack-access-token": token }, { projectId: emu.info.projectId })
        return yield* withVerifier(scenario, Effect.provide(requestUser(), store))
      })
  })
]

/** Runs `effect` where `window` and `document` exist, as in a browser page. */
const inFakeBrowser = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.acquireUseRelease(
    Effect.sync(() => Object.assign(globalThis, { window: {}, document: {} })),
    () => effect,
    () =>
      Effect.sync(() => {
        Reflect.deleteProperty(globalThis, "window")
        Reflect.deleteProperty(globalThis, "document")
      })
  )

export const witnesses: ReadonlyArray<Witness> = [
  serverFunctionWitness("make", "SecretKeyInBrowser", {
    how: "built where `window` and `document` exist, without dangerouslyAllowBrowser",
    setup: Effect.void,
    call: (make) =>
      Effect.gen(function*() {
        const emu = yield* Emulator
        const options = { projectId: emu.info.projectId, secretServerKey: emu.info.secretServerKey, baseUrl: emu.info.baseUrl }
        return yield* inFakeBrowser(Effect.suspend(() => make(options))).pipe(
          Effect.provideService(HttpClient.HttpClient, emu.httpClient)
        )
      })
  }),
  ...scenarios.flatMap(tokenWitnesses)
]
