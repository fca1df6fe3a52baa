/**
 * `PATCH /internal/config/override/{project|environment}` (admin): the current service's config
 * overrides, `{ "config_override_string": "<JSON object>" }` with dotted keys
 * (`"project.requirePublishableClientKey": true`) or nested objects (`{ onboarding: { ... } }`).
 *
 * The emulator keeps one configuration per project, so both levels write it. Only the keys the
 * emulator models are accepted; any other key is refused (400) rather than silently ignored, so a
 * test never passes on a setting that had no effect.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { SuccessBody } from "../../wire/common.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import type { OAuthProviderRecord, ProjectConfigRecord, StateData } from "../state.ts"
import { applyFeatureConfigKey, isFeatureConfigPath } from "../feature-config-override.ts"
import { featureConfigOf } from "../feature-state.ts"

const ConfigOverrideBody = Schema.Struct({ config_override_string: Schema.String })

type Config = ProjectConfigRecord

/** Boolean settings by their config path. */
const booleanKeys: Readonly<Record<string, (config: Config, value: boolean) => Config>> = {
  "project.requirePublishableClientKey": (c, v) => ({ ...c, requirePublishableClientKey: v }),
  "onboarding.requireEmailVerification": (c, v) => ({ ...c, requireEmailVerification: v }),
  "auth.allowSignUp": (c, v) => ({ ...c, signUpEnabled: v }),
  "auth.password.allowSignIn": (c, v) => ({ ...c, credentialEnabled: v }),
  "auth.otp.allowSignIn": (c, v) => ({ ...c, magicLinkEnabled: v }),
  "auth.passkey.allowSignIn": (c, v) => ({ ...c, passkeyEnabled: v }),
  "teams.createPersonalTeamOnSignUp": (c, v) => ({ ...c, createTeamOnSignUp: v }),
  "teams.allowClientTeamCreation": (c, v) => ({ ...c, clientTeamCreationEnabled: v }),
  "users.allowClientUserDeletion": (c, v) => ({ ...c, clientUserDeletionEnabled: v }),
  "domains.allowLocalhost": (c, v) => ({ ...c, allowLocalhost: v }),
  "apiKeys.enabled.user": (c, v) => ({ ...c, allowUserApiKeys: v }),
  "apiKeys.enabled.team": (c, v) => ({ ...c, allowTeamApiKeys: v })
}

const mergeStrategies = ["link_method", "raise_error", "allow_duplicates"] as const

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** An OAuth provider from `auth.oauth.providers.<id>` (`isShared` → the mock provider's shared keys). */
const providerFrom = (id: string, value: Readonly<Record<string, unknown>>, existing: OAuthProviderRecord | undefined): OAuthProviderRecord => {
  const text = (key: string, fallback: string | null) => typeof value[key] === "string" ? String(value[key]) : fallback
  const shared = typeof value["isShared"] === "boolean" ? value["isShared"] : existing?.type !== "standard"
  return {
    id,
    type: shared ? "shared" : "standard",
    clientId: shared ? null : text("clientId", existing?.clientId ?? null),
    clientSecret: shared ? null : text("clientSecret", existing?.clientSecret ?? null),
    facebookConfigId: text("facebookConfigId", existing?.facebookConfigId ?? null),
    microsoftTenantId: text("microsoftTenantId", existing?.microsoftTenantId ?? null)
  }
}

/** Applies one `path = value`; `undefined` when the emulator does not model that path. */
const applyKey = (config: Config, path: string, value: unknown): Config | undefined => {
  const setBoolean = booleanKeys[path]
  if (setBoolean !== undefined) return typeof value === "boolean" ? setBoolean(config, value) : undefined
  if (path === "auth.oauth.accountMergeStrategy") {
    const strategy = mergeStrategies.find((s) => s === value)
    return strategy === undefined ? undefined : { ...config, oauthAccountMergeStrategy: strategy }
  }
  const trusted = /^domains\.trustedDomains\.([^.]+)$/.exec(path)?.[1]
  if (trusted !== undefined) {
    const others = config.domains.filter((d) => d.trustedDomainId !== trusted)
    if (value === null) return { ...config, domains: others }
    if (!isRecord(value) || typeof value["baseUrl"] !== "string") return undefined
    const handlerPath = typeof value["handlerPath"] === "string" ? value["handlerPath"] : "/handler"
    return { ...config, domains: [...others, { domain: value["baseUrl"], handlerPath, trustedDomainId: trusted }] }
  }
  const provider = /^auth\.oauth\.providers\.([^.]+)$/.exec(path)
  if (provider !== null) {
    const id = provider[1] ?? ""
    const others = config.oauthProviders.filter((p) => p.id !== id)
    if (value === null) return { ...config, oauthProviders: others }
    if (!isRecord(value)) return undefined
    const existing = config.oauthProviders.find((p) => p.id === id)
    return { ...config, oauthProviders: [...others, providerFrom(id, value, existing)] }
  }
  return undefined
}

/** Dotted paths of an override: nested objects open up until a modelled path is reached. */
const entriesOf = (override: Readonly<Record<string, unknown>>, prefix = ""): ReadonlyArray<readonly [string, unknown]> =>
  Object.entries(override).flatMap(([key, value]) => {
    const path = prefix === "" ? key : `${prefix}.${key}`
    const modelled = booleanKeys[path] !== undefined || /^auth\.oauth\.(providers\.[^.]+|accountMergeStrategy)$/.test(path) ||
      /^domains\.trustedDomains\.[^.]+$/.test(path) ||
      isFeatureConfigPath(path)
    return !modelled && isRecord(value) ? entriesOf(value, path) : [[path, value] as const]
  })

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "PATCH",
    path: "/internal/config/override/{level}",
    access: ["admin"],
    params: Schema.Struct({ level: Schema.Literals(["project", "environment"]) }),
    body: ConfigOverrideBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      let parsed: unknown
      try {
        parsed = JSON.parse(ctx.body.config_override_string)
      } catch {
        return yield* Reply.textError(400, "config_override_string must be a JSON object")
      }
      if (!isRecord(parsed)) return yield* Reply.textError(400, "config_override_string must be a JSON object")
      let config: Config = ctx.auth.project.config
      let features = featureConfigOf(data.features, ctx.auth.project.id)
      for (const [path, value] of entriesOf(parsed)) {
        if (isFeatureConfigPath(path)) {
          const nextFeatures = applyFeatureConfigKey(features, path, value)
          if (nextFeatures === undefined) {
            return yield* Reply.textError(400, `The stackfx emulator does not model the config override ${JSON.stringify(path)} with this value`)
          }
          features = nextFeatures
          continue
        }
        const next = applyKey(config, path, value)
        if (next === undefined) {
          return yield* Reply.textError(400, `The stackfx emulator does not model the config override ${JSON.stringify(path)} with this value`)
        }
        config = next
      }
      data.projects[ctx.auth.project.id] = { ...ctx.auth.project, config }
      data.features.configs[ctx.auth.project.id] = features
      return yield* Reply.json(SuccessBody, { success: true })
    })
  })
]
