/**
 * Where the remote suite runs: a real Stack Auth server given by the STACK_TEST_* variables (all or
 * none), else a stackfx emulator started here over real HTTP. Either way everything goes through
 * fetch, and e-mails are read from a mailbox URL answering `GET <url>?to=<address>` with the
 * emulator outbox's JSON form.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { StackAdmin } from "../../src/admin/index.ts"
import { layerCoreFetch, layerMemoryTokenStore, StackClient } from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { StackServer } from "../../src/server/index.ts"

/** The server under test and its keys. */
export interface TargetInfo {
  readonly kind: "remote server" | "local emulator"
  readonly baseUrl: string
  readonly projectId: string
  readonly publishableClientKey: string
  readonly secretServerKey: string
  readonly superSecretAdminKey: string
  readonly mailboxUrl: string
}

/** The target of this run. */
export class Target extends Context.Service<Target, TargetInfo>()("test/remote/Target") {}

const names = [
  "STACK_TEST_BASE_URL",
  "STACK_TEST_PROJECT_ID",
  "STACK_TEST_PUBLISHABLE_CLIENT_KEY",
  "STACK_TEST_SECRET_SERVER_KEY",
  "STACK_TEST_SUPER_SECRET_ADMIN_KEY",
  "STACK_TEST_MAILBOX_URL"
] as const

/** The STACK_TEST_* variables: all of them, none of them, or an error naming the missing ones. */
const fromEnvironment = Effect.suspend(() => {
  const values = names.map((name) => process.env[name] ?? "")
  const present = values.filter((v) => v !== "").length
  if (present === 0) return Effect.succeed(Option.none<TargetInfo>())
  const missing = names.filter((_, i) => values[i] === "")
  if (missing.length > 0) return Effect.die(new Error(`Set all STACK_TEST_* variables or none; missing: ${missing.join(", ")}`))
  const [baseUrl = "", projectId = "", pck = "", ssk = "", sak = "", mailbox = ""] = values
  return Effect.succeed(Option.some<TargetInfo>({
    kind: "remote server",
    baseUrl,
    projectId,
    publishableClientKey: pck,
    secretServerKey: ssk,
    superSecretAdminKey: sak,
    mailboxUrl: mailbox
  }))
})

/** The target: the configured server, else a local emulator served for the life of the layer. */
export const layerTarget: Layer.Layer<Target> = Layer.unwrap(
  Effect.map(Effect.orDie(fromEnvironment), (configured) =>
    Option.match(configured, {
      onSome: (info) => Layer.succeed(Target, info),
      onNone: () =>
        Layer.effect(Target, Effect.map(Effect.orDie(Emulator.serve({ port: 0 })), (emu): TargetInfo => ({
          kind: "local emulator",
          baseUrl: emu.info.baseUrl,
          projectId: emu.info.projectId,
          publishableClientKey: emu.info.publishableClientKey,
          secretServerKey: emu.info.secretServerKey,
          superSecretAdminKey: emu.info.superSecretAdminKey,
          mailboxUrl: emu.info.outboxUrl
        })))
    }))
)

/** A fresh StackClient (own token store) for the target, over Effect's FetchHttpClient. */
export const clientLayer = Layer.unwrap(Effect.map(Effect.service(Target), (t) =>
  StackClient.layer({ projectId: t.projectId, publishableClientKey: t.publishableClientKey, baseUrl: t.baseUrl }).pipe(
    Layer.provide(Layer.merge(layerMemoryTokenStore(), FetchHttpClient.layer))
  )))

/** The client core alone (for the functional API), over stackfx's own fetch transport. */
export const coreLayer = Layer.unwrap(Effect.map(Effect.service(Target), (t) =>
  layerCoreFetch({ projectId: t.projectId, publishableClientKey: t.publishableClientKey, baseUrl: t.baseUrl }).pipe(
    Layer.provide(layerMemoryTokenStore())
  )))

/** StackServer for the target. */
export const serverLayer = Layer.unwrap(Effect.map(Effect.service(Target), (t) =>
  StackServer.layer({ projectId: t.projectId, secretServerKey: t.secretServerKey, baseUrl: t.baseUrl }).pipe(Layer.provide(FetchHttpClient.layer))))

/** StackAdmin for the target. */
export const adminLayer = Layer.unwrap(Effect.map(Effect.service(Target), (t) =>
  StackAdmin.layer({ projectId: t.projectId, superSecretAdminKey: t.superSecretAdminKey, baseUrl: t.baseUrl }).pipe(Layer.provide(FetchHttpClient.layer))))

const Mail = Schema.Struct({ to: Schema.String, subject: Schema.String, code: Schema.NullOr(Schema.String), link: Schema.NullOr(Schema.String) })
const Mails = Schema.Array(Mail)

/**
 * The newest e-mail to `to` sent after `since` mails were there, polling every 250 ms for up to 20 s
 * (a real server sends mail asynchronously).
 */
export const waitForMail = (to: string, since = 0) =>
  Effect.gen(function*() {
    const target = yield* Target
    const read = Effect.gen(function*() {
      const url = mailboxUrlFor(target.mailboxUrl, to)
      const raw = yield* Effect.promise(() => fetch(url).then((r) => r.json()))
      const mails = yield* Schema.decodeUnknownEffect(Mails)(raw)
      const fresh = mails.slice(since)
      if (fresh.length === 0) return yield* Effect.fail("no mail yet" as const)
      return fresh[fresh.length - 1] ?? (yield* Effect.fail("no mail yet" as const))
    })
    return yield* read.pipe(Effect.retry({ schedule: Schedule.spaced("250 millis"), times: 80 }), Effect.orDie)
  })

/** How many e-mails `to` has now. */
export const mailCount = (to: string) =>
  Effect.gen(function*() {
    const target = yield* Target
    const raw = yield* Effect.promise(() => fetch(mailboxUrlFor(target.mailboxUrl, to)).then((r) => r.json()))
    return (yield* Effect.orDie(Schema.decodeUnknownEffect(Mails)(raw))).length
  })

/** A unique address for one test on a shared server. */
export const remoteEmail = (prefix = "remote") => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`

/** The mailbox URL with `to` added to its query (it may carry a token already). */
const mailboxUrlFor = (mailboxUrl: string, to: string): string => {
  const url = new URL(mailboxUrl)
  url.searchParams.set("to", to)
  return url.toString()
}
