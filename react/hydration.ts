/**
 * Server rendering: the answers a server render read (the user, the project, the user's teams, their
 * permissions, profiles and members, and the contact channels) go to the browser inside the page, encoded with their wire schemas, and seed the
 * browser's cache, so hydrating shows the same data with no request and no signed-out flash.
 */
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import { finish, mismatch, type ReadResult } from "../src/model/generated/kit.ts"
import {
  readClientProject,
  readContactChannel,
  readDehydratedState,
  readKeyParts,
  readPermission,
  readTeam,
  readTeamMemberProfile,
  readUser,
  writeClientProject,
  writeContactChannel,
  writePermission,
  writeTeam,
  writeTeamMemberProfile,
  writeUser
} from "../src/model/generated/readers.ts"
import type { QueryCache } from "./cache.ts"

/** What a server render hands to the browser: `[cache key, wire JSON]` pairs. */
export interface DehydratedState {
  readonly stackfx: 1
  readonly answers: ReadonlyArray<readonly [key: string, value: unknown]>
}

/** How one kind of answer travels: written as its wire JSON on the server, read back in the browser. */
interface Carrier {
  readonly write: (value: unknown) => ReadResult<unknown>
  readonly read: (input: unknown) => ReadResult<unknown>
}

/**
 * A model's generated writer and reader as a carrier. (The cache holds what the model's reader gave,
 * so its writer takes it back.)
 */
const carry = <A, W>(write: (value: A) => ReadResult<W>, read: (input: unknown) => ReadResult<A>): Carrier => ({
  write: write as (value: unknown) => ReadResult<unknown>,
  read
})

/** Each item with `item`: the whole list, or the first refusal. */
const each = (item: (value: unknown) => ReadResult<unknown>) => (values: unknown): ReadResult<unknown> => {
  if (!Array.isArray(values)) return finish(mismatch("an array", values))
  const out: Array<unknown> = []
  for (const value of values) {
    const result = item(value)
    if (Result.isFailure(result)) return result
    out.push(result.success)
  }
  return Result.succeed(out)
}

const listOf = (carrier: Carrier): Carrier => ({ write: each(carrier.write), read: each(carrier.read) })

/** `useUser()`'s Option (none: signed out) travels as the user or null. */
const optionOf = (carrier: Carrier): Carrier => ({
  write: (value) =>
    !Option.isOption(value)
      ? finish(mismatch("an Option", value))
      : Option.isSome(value)
      ? carrier.write(value.value)
      : Result.succeed(null),
  read: (input) => input === null ? Result.succeed(Option.none()) : Result.map(carrier.read(input), Option.some)
})

const user = /*#__PURE__*/ carry(writeUser, readUser)
const team = /*#__PURE__*/ carry(writeTeam, readTeam)
const profile = /*#__PURE__*/ carry(writeTeamMemberProfile, readTeamMemberProfile)

// `useUser()` keeps an Option (none: signed out); the other modes keep the user itself.
const carriers: Readonly<Record<string, (args: ReadonlyArray<unknown>) => Carrier | undefined>> = {
  user: ([mode]) => mode === "return-null" ? optionOf(user) : user,
  project: () => carry(writeClientProject, readClientProject),
  teams: () => listOf(team),
  contactChannels: () => listOf(carry(writeContactChannel, readContactChannel)),
  // The account settings' team sections: what the user may do in each team, and who is in it.
  teamPermissions: () => listOf(carry(writePermission, readPermission)),
  teamProfile: () => profile,
  teamMembers: () => listOf(profile)
}

/** A cache key's parts, or undefined for a key that is not `queryKey` JSON. */
const keyParts = (key: string): ReadonlyArray<unknown> | undefined => {
  let json: unknown
  try {
    json = JSON.parse(key)
  } catch {
    return undefined
  }
  return Result.getOrUndefined(readKeyParts(json))
}

const carrierOf = (key: string): Carrier | undefined => {
  // App-defined keys need not be `queryKey` JSON: those never travel.
  const parsed = keyParts(key)
  if (parsed === undefined || typeof parsed[0] !== "string") return undefined
  const [name, ...args] = parsed
  return Object.hasOwn(carriers, name) ? carriers[name]?.(args) : undefined
}

/**
 * The cache's answers that can travel to the browser, for `<StackProvider hydration={...}>`. Embed
 * it with {@link serializeHydration} (safe inside a `<script>` element).
 */
export const dehydrate = (cache: QueryCache<never>): DehydratedState => {
  const answers: Array<readonly [string, unknown]> = []
  for (const [key, data] of cache.answers()) {
    const carrier = carrierOf(key)
    if (carrier === undefined) continue
    const encoded = carrier.write(data)
    if (Result.isSuccess(encoded)) answers.push([key, encoded.success])
  }
  return { stackfx: 1, answers }
}

/** JSON for a `<script type="application/json">` element (`<` escaped, so no tag can end it early). */
export const serializeHydration = (state: DehydratedState): string => JSON.stringify(state).replace(/</g, "\\u003c")

/** A server render's answers, ready to seed a provider's cache (`<StackProvider hydration={...}>`). */
export interface Hydration {
  readonly seed: (cache: QueryCache<never>) => void
}

/**
 * The `hydration` of a `StackProvider` from what `dehydrate` wrote into the page. (A function to
 * call, not data, so apps that never render on a server carry none of the decoding.)
 *
 * @example
 * <StackProvider layer={layer} hydration={readHydration(JSON.parse(script.textContent))}>
 */
export const readHydration = (input: unknown): Hydration => ({ seed: (cache) => void hydrate(cache, input) })

/**
 * Seeds `cache` with a server render's answers. Input that is not a dehydrated state, or an answer
 * that does not decode, is skipped: the hook then reads from the server as if there were none.
 */
export const hydrate = (cache: QueryCache<never>, input: unknown): number => {
  const state = readDehydratedState(input)
  if (Result.isFailure(state)) return 0
  let seeded = 0
  for (const [key, value] of state.success.answers) {
    const carrier = carrierOf(key)
    if (carrier === undefined) continue
    const decoded = carrier.read(value)
    if (Result.isFailure(decoded)) continue
    cache.seed(key, decoded.success)
    seeded++
  }
  return seeded
}
