/**
 * Server rendering: the answers a server render read (the user, the project, the user's teams, their
 * permissions, profiles and members, and the contact channels) go to the browser inside the page, encoded with their wire schemas, and seed the
 * browser's cache, so hydrating shows the same data with no request and no signed-out flash.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { ContactChannel } from "../src/model/contact-channel.ts"
import { ClientProject } from "../src/model/project.ts"
import { Team } from "../src/model/team.ts"
import { TeamMemberProfile } from "../src/model/team-member-profile.ts"
import { Permission } from "../src/model/team-permission.ts"
import { User } from "../src/model/user.ts"
import type { QueryCache } from "./cache.ts"

/** What a server render hands to the browser: `[cache key, wire JSON]` pairs. */
export interface DehydratedState {
  readonly stackfx: 1
  readonly answers: ReadonlyArray<readonly [key: string, value: unknown]>
}

const DehydratedState = /*#__PURE__*/ Schema.Struct({
  stackfx: Schema.Literal(1),
  answers: Schema.Array(Schema.Tuple([Schema.String, Schema.Unknown]))
})

type Carrier = Schema.Codec<unknown, unknown>

const carry = <S extends Schema.Top>(schema: S): Carrier => schema as unknown as Carrier

// `useUser()` keeps an Option (none: signed out); the other modes keep the user itself.
const carriers: Readonly<Record<string, (args: ReadonlyArray<unknown>) => Carrier | undefined>> = {
  user: ([mode]) => carry(mode === "return-null" ? Schema.OptionFromNullOr(User) : User),
  project: () => carry(ClientProject),
  teams: () => carry(Schema.Array(Team)),
  contactChannels: () => carry(Schema.Array(ContactChannel)),
  // The account settings' team sections: what the user may do in each team, and who is in it.
  teamPermissions: () => carry(Schema.Array(Permission)),
  teamProfile: () => carry(TeamMemberProfile),
  teamMembers: () => carry(Schema.Array(TeamMemberProfile))
}

const KeyParts = Schema.fromJsonString(Schema.Array(Schema.Unknown))

const carrierOf = (key: string): Carrier | undefined => {
  // App-defined keys need not be `queryKey` JSON: those never travel.
  const parsed = Option.getOrUndefined(Schema.decodeUnknownOption(KeyParts)(key))
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
    const encoded = Schema.encodeUnknownOption(carrier)(data)
    if (Option.isSome(encoded)) answers.push([key, encoded.value])
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
  const state = Schema.decodeUnknownOption(DehydratedState)(input)
  if (Option.isNone(state)) return 0
  let seeded = 0
  for (const [key, value] of state.value.answers) {
    const carrier = carrierOf(key)
    if (carrier === undefined) continue
    const decoded = Schema.decodeUnknownOption(carrier)(value)
    if (Option.isNone(decoded)) continue
    cache.seed(key, decoded.value)
    seeded++
  }
  return seeded
}
