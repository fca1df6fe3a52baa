/**
 * The union audit: a witness is a scenario in which one operation, called against the emulator,
 * fails with one error of its union. `coverage.test.ts` requires a witness for every (operation,
 * error) pair that docs/errors.md lists; the surface test files run every witness.
 *
 * A witness names the operation and the error; the error is type-checked against the operation's
 * union (a witness for an error the operation cannot declare does not compile). `setup` arranges
 * state and must succeed; `call` gets the operation itself, so the failure comes from that operation.
 */
import { assert } from "@effect/vitest"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import * as HttpClient from "effect/http/HttpClient"
import { StackAdmin, type StackAdminOptions, type StackAdminService } from "../../src/admin/index.ts"
import * as AdminModule from "../../src/admin/index.ts"
import * as Client from "../../src/client/index.ts"
import { Emulator, type EmulatorOptions } from "../../src/emulator/emulator.ts"
import type { ProjectConfigRecord } from "../../src/emulator/state.ts"
import { StackServer, type StackServerOptions, type StackServerService } from "../../src/server/index.ts"
import * as ServerModule from "../../src/server/index.ts"
import { layerMemoryTokenStore } from "../../src/session/token-store.ts"
import { lastEmailTo } from "../client/client-harness.ts"

/** Where an operation lives (the sections of docs/errors.md). */
export type Surface = "client" | "server" | "admin" | "serverFunctions" | "adminFunctions"

/** One scenario, ready to run. */
export interface Witness {
  readonly surface: Surface
  readonly operation: string
  readonly error: string
  /** What the scenario does, in a few words (the test's name). */
  readonly how: string
  readonly run: Effect.Effect<void>
}

/** A function of any arguments (`never` parameters accept every function). */
type AnyFunction = (...args: never) => unknown

/** The `_tag`s of the error type of a function returning an Effect. */
export type TagsOf<F> = F extends (...args: never) => Effect.Effect<unknown, infer E, infer _R>
  ? E extends { readonly _tag: infer T extends string } ? T : never
  : never

/** Keys of `T` whose values are functions returning an Effect that can fail. */
export type Operations<T> = { [K in keyof T]: T[K] extends AnyFunction ? (TagsOf<T[K]> extends never ? never : K) : never }[keyof T] & string

/** Setup failed, so the witness proves nothing: reported as such. */
class SetupFailed {
  readonly _tag = "SetupFailed"
  readonly cause: unknown
  constructor(cause: unknown) {
    this.cause = cause
  }
}

const expectTag = (operation: string, error: string, how: string) =>
<A, E, R>(call: Effect.Effect<A, E, R>): Effect.Effect<void, never, R> =>
  Effect.gen(function*() {
    const exit = yield* Effect.exit(call)
    if (exit._tag === "Success") return assert.fail(`${operation} succeeded; expected ${error} (${how})`)
    const failure = exit.cause.reasons.find((reason) => reason._tag === "Fail")
    if (failure === undefined || failure._tag !== "Fail") return assert.fail(`${operation} died or was interrupted; expected ${error}: ${String(exit.cause)}`)
    const value: unknown = failure.error
    if (value instanceof SetupFailed) return assert.fail(`setup of ${operation} / ${error} failed: ${String(value.cause)}`)
    const tag = typeof value === "object" && value !== null && "_tag" in value ? String(value._tag) : String(value)
    assert.strictEqual(tag, error, `${operation}: ${how}`)
  })

/** The environment client witnesses run in: a client core over a fresh in-process emulator. */
export type ClientEnv = Client.StackClientCore | Emulator | HttpClient.HttpClient

/** How a witness sets its emulator and app up. */
export interface Arrangement<S, R> {
  readonly how: string
  readonly emulator?: EmulatorOptions | undefined
  /** Arranges what the call needs (`Effect.void` when nothing); must succeed. */
  readonly setup: Effect.Effect<S, unknown, R>
}

const setupOf = <S, R>(arrangement: Arrangement<S, R>): Effect.Effect<S, SetupFailed, R> =>
  Effect.mapError(arrangement.setup, (cause) => new SetupFailed(cause))

/** A client core for the emulator's default project, with `extra` options. */
export const clientCore = (extra: Partial<Client.StackClientOptions> = {}) =>
  Layer.unwrap(Effect.gen(function*() {
    const emu = yield* Emulator
    return Client.StackClient.layer({
      projectId: emu.info.projectId,
      publishableClientKey: emu.info.publishableClientKey,
      baseUrl: emu.info.baseUrl,
      ...extra
    }).pipe(Layer.provide(layerMemoryTokenStore()), Layer.orDie)
  }))

/** A witness of a `stackfx/client` operation. */
export const clientWitness = <K extends Operations<typeof Client>, S>(
  operation: K,
  error: TagsOf<(typeof Client)[K]>,
  arrangement: ClientArrangement<K, S>
): Witness => clientWitnessOfAnyError(operation, error, arrangement)

/** How a client witness is arranged and what it calls. */
export type ClientArrangement<K extends Operations<typeof Client>, S> = Arrangement<S, ClientEnv> & {
  readonly client?: Partial<Client.StackClientOptions> | undefined
  readonly call: (op: (typeof Client)[K], state: NoInfer<S>) => Effect.Effect<unknown, unknown, ClientEnv>
}

/**
 * A client witness whose error is not checked by the compiler (for helpers that build the same
 * scenario for many operations); coverage.test.ts refuses one whose error the operation does not
 * declare.
 */
export const clientWitnessOfAnyError = <K extends Operations<typeof Client>, S>(
  operation: K,
  error: string,
  arrangement: Arrangement<S, ClientEnv> & {
    readonly client?: Partial<Client.StackClientOptions> | undefined
    readonly call: (op: (typeof Client)[K], state: NoInfer<S>) => Effect.Effect<unknown, unknown, ClientEnv>
  }
): Witness => ({
  surface: "client",
  operation,
  error,
  how: arrangement.how,
  run: Effect.gen(function*() {
    const state = yield* setupOf(arrangement)
    return yield* arrangement.call(Client[operation], state)
  }).pipe(
    expectTag(operation, error, arrangement.how),
    Effect.provide(Layer.provideMerge(clientCore(arrangement.client), Emulator.layer(arrangement.emulator ?? {})))
  )
})

/** The environment server witnesses run in. */
export type ServerEnv = StackServer | Emulator

const serverLayer = (extra: Partial<StackServerOptions> = {}) =>
  Layer.unwrap(Effect.gen(function*() {
    const emu = yield* Emulator
    return StackServer.layer({ projectId: emu.info.projectId, secretServerKey: emu.info.secretServerKey, baseUrl: emu.info.baseUrl, ...extra }).pipe(Layer.orDie)
  }))

/** A witness of a StackServer operation. */
export const serverWitness = <K extends Operations<StackServerService>, S>(
  operation: K,
  error: TagsOf<StackServerService[K]>,
  arrangement: Arrangement<S, ServerEnv> & {
    readonly server?: Partial<StackServerOptions> | undefined
    readonly call: (op: StackServerService[K], state: NoInfer<S>) => Effect.Effect<unknown, unknown, ServerEnv>
  }
): Witness => ({
  surface: "server",
  operation,
  error,
  how: arrangement.how,
  run: Effect.gen(function*() {
    const state = yield* setupOf(arrangement)
    const server = yield* StackServer
    return yield* arrangement.call(server[operation], state)
  }).pipe(
    expectTag(operation, error, arrangement.how),
    Effect.provide(Layer.provideMerge(serverLayer(arrangement.server), Emulator.layer(arrangement.emulator ?? {})))
  )
})

/** The environment admin witnesses run in (a StackServer of the same project, for setups). */
export type AdminEnv = StackAdmin | StackServer | Emulator

const adminLayer = (extra: Partial<StackAdminOptions> = {}) =>
  Layer.unwrap(Effect.gen(function*() {
    const emu = yield* Emulator
    return StackAdmin.layer({ projectId: emu.info.projectId, superSecretAdminKey: emu.info.superSecretAdminKey, baseUrl: emu.info.baseUrl, ...extra }).pipe(Layer.orDie)
  }))

/** A witness of a StackAdmin operation (its own, or a StackServer one sent with admin credentials). */
export const adminWitness = <K extends Operations<StackAdminService>, S>(
  operation: K,
  error: TagsOf<StackAdminService[K]>,
  arrangement: Arrangement<S, AdminEnv> & {
    readonly admin?: Partial<StackAdminOptions> | undefined
    readonly call: (op: StackAdminService[K], state: NoInfer<S>) => Effect.Effect<unknown, unknown, AdminEnv>
  }
): Witness => ({
  surface: "admin",
  operation,
  error,
  how: arrangement.how,
  run: Effect.gen(function*() {
    const state = yield* setupOf(arrangement)
    const admin = yield* StackAdmin
    return yield* arrangement.call(admin[operation], state)
  }).pipe(
    expectTag(operation, error, arrangement.how),
    Effect.provide(Layer.provideMerge(Layer.merge(adminLayer(arrangement.admin), serverLayer()), Emulator.layer(arrangement.emulator ?? {})))
  )
})

/** A witness of a function `stackfx/server` exports beside StackServer. */
export const serverFunctionWitness = <K extends Operations<typeof ServerModule>, S>(
  operation: K,
  error: TagsOf<(typeof ServerModule)[K]>,
  arrangement: Arrangement<S, ServerEnv> & {
    readonly call: (op: (typeof ServerModule)[K], state: NoInfer<S>) => Effect.Effect<unknown, unknown, ServerEnv>
  }
): Witness => ({
  surface: "serverFunctions",
  operation,
  error,
  how: arrangement.how,
  run: Effect.gen(function*() {
    const state = yield* setupOf(arrangement)
    return yield* arrangement.call(ServerModule[operation], state)
  }).pipe(
    expectTag(operation, error, arrangement.how),
    Effect.provide(Layer.provideMerge(serverLayer(), Emulator.layer(arrangement.emulator ?? {})))
  )
})

/** A witness of a function `stackfx/admin` exports beside StackAdmin. */
export const adminFunctionWitness = <K extends Operations<typeof AdminModule>, S>(
  operation: K,
  error: TagsOf<(typeof AdminModule)[K]>,
  arrangement: Arrangement<S, AdminEnv> & {
    readonly call: (op: (typeof AdminModule)[K], state: NoInfer<S>) => Effect.Effect<unknown, unknown, AdminEnv>
  }
): Witness => ({
  surface: "adminFunctions",
  operation,
  error,
  how: arrangement.how,
  run: Effect.gen(function*() {
    const state = yield* setupOf(arrangement)
    return yield* arrangement.call(AdminModule[operation], state)
  }).pipe(
    expectTag(operation, error, arrangement.how),
    Effect.provide(Layer.provideMerge(Layer.merge(adminLayer(), serverLayer()), Emulator.layer(arrangement.emulator ?? {})))
  )
})

/** Changes the configuration of the emulator's default project (an arrangement step). */
export const configureProject = (patch: Partial<ProjectConfigRecord>) =>
  Effect.gen(function*() {
    const emu = yield* Emulator
    yield* emu.withState((data) =>
      Effect.sync(() => {
        const project = data.projects[emu.info.projectId]
        if (project !== undefined) data.projects[project.id] = { ...project, config: { ...project.config, ...patch } }
      })
    )
  })

/** The code of the newest e-mail to `to`; fails when there is none with a code. */
export const lastCode = (to: string) =>
  Effect.flatMap(lastEmailTo(to), (mail) =>
    mail?.code === undefined || mail.code === null
      ? Effect.fail(new Error(`no code was e-mailed to ${to}`))
      : Effect.succeed(mail.code))

/** Runs `call` through a client core of the default project holding `tokens`, with `key` as its publishable key. */
export const withTokens = (
  tokens: { readonly accessToken?: string | null | undefined; readonly refreshToken?: string | null | undefined },
  key?: string
) =>
<A, E, R>(call: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const emu = yield* Emulator
    const held = (token: string | null | undefined) => Option.map(Option.fromNullishOr(token), Redacted.make)
    const store = layerMemoryTokenStore({ accessToken: held(tokens.accessToken), refreshToken: held(tokens.refreshToken) })
    const core = Client.StackClient.layer({ projectId: emu.info.projectId, publishableClientKey: key ?? emu.info.publishableClientKey, baseUrl: emu.info.baseUrl })
      .pipe(Layer.provide(store), Layer.orDie)
    return yield* Effect.provide(call, core)
  })

/**
 * Runs `call` as the signed-up user of `auth` after the access token expired, through a client whose
 * publishable key the project does not know: the refresh the call needs first is refused.
 */
export const withRefusedRefresh = <A, E, R>(call: Effect.Effect<A, E, R>) =>
(auth: { readonly accessToken: string | null; readonly refreshToken: string | null }) =>
  Effect.andThen(TestClock.adjust("11 minutes"), withTokens(auth, "pck_not_this_projects_key_000")(call))

/** Runs `call` while the test clock moves on by `by` (for retries, deadlines and redirect waits). */
export const whileTimePasses = <A, E, R>(call: Effect.Effect<A, E, R>, by: Duration.Input) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.forkChild(call)
    yield* TestClock.adjust(by)
    return yield* Fiber.join(fiber)
  })
