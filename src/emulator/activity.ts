/**
 * The activity log the metrics are computed from: one event per access token handed out (the
 * service's `$token-refresh` events), with where the request came from and whether the user was
 * anonymous then. Events outlive their user (a deleted user still counted as active that day),
 * like the service's analytics store.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { StateData, UserRecord } from "./state.ts"

/** One access token handed out. */
export const ActivityEventRecord = Schema.Struct({
  projectId: Schema.String,
  userId: Schema.String,
  /** The user's selected team then (the teams' activity split). */
  teamId: Schema.NullOr(Schema.String),
  atMillis: Schema.Number,
  isAnonymous: Schema.Boolean,
  countryCode: Schema.NullOr(Schema.String),
  regionCode: Schema.NullOr(Schema.String)
})
export type ActivityEventRecord = typeof ActivityEventRecord.Type

/** Where a request came from, as the service's hosting tells it (`x-vercel-ip-*` headers). */
export interface RequestGeo {
  readonly countryCode: string | null
  readonly regionCode: string | null
}

const unknownGeo: RequestGeo = { countryCode: null, regionCode: null }

/** The geography of the request being answered (provided by `app.ts`; unknown outside a request). */
export const CurrentRequestGeo = /*#__PURE__*/ Context.Reference<RequestGeo>(
  "stackfx/emulator/CurrentRequestGeo",
  { defaultValue: () => unknownGeo }
)

const code = (value: string | null, pattern: RegExp): string | null => {
  const trimmed = value?.trim().toUpperCase() ?? ""
  return pattern.test(trimmed) ? trimmed : null
}

/** Reads `x-vercel-ip-country` (two letters) and `x-vercel-ip-country-region` (1 to 3 characters). */
export const requestGeo = (headers: Headers): RequestGeo => ({
  countryCode: code(headers.get("x-vercel-ip-country"), /^[A-Z]{2}$/),
  regionCode: code(headers.get("x-vercel-ip-country-region"), /^[A-Z0-9]{1,3}$/)
})

/** Records a token handed out to `user` and marks the user active now. */
export const recordTokenRefresh = (data: StateData, user: UserRecord, nowMillis: number): Effect.Effect<void> =>
  Effect.gen(function*() {
    const geo = yield* CurrentRequestGeo
    data.owner.activity.push({
      projectId: user.projectId,
      userId: user.id,
      teamId: user.selectedTeamId,
      atMillis: nowMillis,
      isAnonymous: user.isAnonymous,
      countryCode: geo.countryCode,
      regionCode: geo.regionCode
    })
    const current = data.users[user.id]
    if (current !== undefined && current.lastActiveAtMillis < nowMillis) data.users[user.id] = { ...current, lastActiveAtMillis: nowMillis }
  })
