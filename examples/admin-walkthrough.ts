/**
 * A project owner's chores through `stackfx/admin`: create an API key, change a config flag, and
 * print the production-mode warnings.
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { StackAdmin } from "../src/admin/index.ts"

/** Where the walkthrough talks to. */
export interface AdminTarget {
  readonly baseUrl: string
  readonly projectId: string
  readonly superSecretAdminKey: string
}

const step = (text: string) => Console.log(`  admin   ${text}`)

/** The walkthrough as one effect. */
export const adminWalkthrough = Effect.gen(function*() {
  const admin = yield* StackAdmin
  const project = yield* admin.getProject()
  yield* step(`project "${project.displayName}": sign-up ${project.config.signUpEnabled ? "on" : "off"}, localhost ${project.config.allowLocalhost ? "allowed" : "refused"}`)

  const key = yield* admin.createApiKey({
    description: "CI deploys",
    expiresAtMillis: Date.now() + 30 * 24 * 60 * 60 * 1000,
    hasPublishableClientKey: false,
    hasSecretServerKey: true,
    hasSuperSecretAdminKey: false
  })
  const secret = Option.map(key.secretServerKey, Redacted.value)
  yield* step(`created API key ${key.id}: secret server key ends in …${Option.getOrElse(secret, () => "").slice(-4)} (shown in full only now)`)
  const listed = yield* admin.listApiKeys()
  yield* step(`API keys now listed: ${listed.length}, each with its last four characters only`)

  const updated = yield* admin.updateProject({
    config: { clientTeamCreationEnabled: false, domains: [{ domain: "http://app.example.com", handlerPath: "/handler" }] }
  })
  yield* step(`client team creation is now ${updated.config.clientTeamCreationEnabled ? "on" : "off"}; trusted domains: ${updated.config.domains.map((d) => d.domain).join(", ")}`)

  const warnings = yield* admin.getProductionModeErrors()
  yield* step(`production-mode warnings (${warnings.length}):`)
  for (const warning of warnings) yield* step(`  - ${warning.message}`)
})

/** Runs the walkthrough against `target` over fetch. */
export const runAdminWalkthrough = (target: AdminTarget) =>
  adminWalkthrough.pipe(Effect.provide(StackAdmin.layer(target).pipe(Layer.provide(FetchHttpClient.layer))))
