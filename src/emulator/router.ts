/**
 * Routes: the table the emulator dispatches on, and the checks every route gets for free.
 *
 * A route declares its method and path (`/teams/{team_id}`, relative to `/api/v1`), which access
 * types it accepts, whether it needs a signed-in user, and the wire schemas of its body, query and
 * path parameters. `defineRoute` wraps the handler so that, before it runs:
 *
 * 1. a route with access types refuses anonymous requests (ACCESS_TYPE_REQUIRED) and other access
 *    types (INSUFFICIENT_ACCESS_TYPE with details);
 * 2. everything is validated at once, strictly, and reported as one SCHEMA_ERROR in the server's
 *    format: `auth.user must be defined`, then body, query and params lines.
 *
 * Handlers then read the typed `ctx.body`, `ctx.query`, `ctx.params`, `ctx.auth`, `ctx.user`, mutate
 * `ctx.data` (the router holds the state lock for the whole handler) and return a `Reply`
 * (`Reply.json(WireSchema, value)`), or fail with a catalogue error / `TextError`.
 *
 * Example (a new file under `handlers/`, then added to `handlers/index.ts`):
 *
 * ```ts
 * export const routes = [
 *   defineRoute({
 *     method: "GET",
 *     path: "/teams/{team_id}",
 *     access: ["client", "server", "admin"],
 *     params: Schema.Struct({ team_id: Uuid }),
 *     handler: Effect.fnUntraced(function*(ctx) {
 *       const team = ctx.data.teams[ctx.params.team_id]
 *       if (team === undefined || team.projectId !== ctx.auth.project.id) {
 *         return yield* Create.TeamNotFound({ team_id: ctx.params.team_id })
 *       }
 *       return yield* Reply.json(ClientTeam, clientTeamView(team))
 *     })
 *   })
 * ]
 * ```
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { AccessTypeRequired, CannotGetOwnUserWithoutUser, InsufficientAccessType } from "../errors/catalogue.ts"
import type { AccessType, RequestAuth } from "./auth.ts"
import type { EmulatorEnv } from "./env.ts"
import type { HandlerError, Reply } from "./reply.ts"
import type { StateData, UserRecord } from "./state.ts"
import { decodeStrict, type RequestSchema, schemaError } from "./validation.ts"
import * as Create from "../errors/create.ts"

/** HTTP methods the API uses. */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

/** What a handler knows about the raw request. */
export interface IncomingRequest {
  readonly method: string
  /** The full request URL (the catch-all 404 quotes it). */
  readonly url: URL
  /** The path as requested, e.g. `/api/v1/users/me` (SCHEMA_ERROR messages quote it). */
  readonly pathname: string
  readonly headers: Headers
  /** The parsed body: JSON value, form fields, text, bytes, or `undefined` when there is none. */
  readonly body: unknown
}

/** Which requests a route accepts: `"none"` needs no project (auth may be null). */
export type AccessRequirement = "none" | ReadonlyArray<AccessType>

type AuthOf<A extends AccessRequirement> = A extends "none" ? RequestAuth | null : RequestAuth
type UserOf<U extends "required" | "optional"> = U extends "required" ? UserRecord : UserRecord | undefined

/** Everything a handler receives. */
export interface HandlerContext<
  A extends AccessRequirement,
  U extends "required" | "optional",
  B,
  Q,
  P
> {
  readonly env: EmulatorEnv
  /** The live state; mutate it directly (the router holds the lock). */
  readonly data: StateData
  /** Clock time at the start of the request, in milliseconds. */
  readonly now: number
  readonly request: IncomingRequest
  readonly auth: AuthOf<A>
  /** The signed-in user (`auth.user`), non-optional when the route requires one. */
  readonly user: UserOf<U>
  readonly body: B
  readonly query: Q
  readonly params: P
}

/** A route as declared by a resource file. */
export interface RouteSpec<
  A extends AccessRequirement,
  U extends "required" | "optional",
  B,
  Q,
  P
> {
  readonly method: Method
  /** Path relative to `/api/v1`, with `{name}` segments for parameters. */
  readonly path: string
  readonly access: A
  /** `"required"`: no user → SCHEMA_ERROR `auth.user must be defined`. Default `"optional"`. */
  readonly user?: U
  /** Body schema (strict). Without `body` or `bodyFor` the body is ignored. */
  readonly body?: RequestSchema<B>
  /** The body schema per access type (e.g. client vs server `PATCH /users/me`); wins over `body`. */
  readonly bodyFor?: (accessType: AccessType | null) => RequestSchema<B>
  /** Query schema (strict). Without one, any query parameter is a SCHEMA_ERROR. `"any"` skips the check. */
  readonly query?: RequestSchema<Q> | "any"
  /** Path-parameter schema (strict); without one the parameters are plain strings. */
  readonly params?: RequestSchema<P>
  readonly handler: (ctx: HandlerContext<A, U, B, Q, P>) => Effect.Effect<Reply, HandlerError>
}

/** What the router needs to run a request on a matched route. */
export interface RunInput {
  readonly env: EmulatorEnv
  readonly now: number
  readonly request: IncomingRequest
  readonly auth: RequestAuth | null
  /** Raw path parameters from the matched pattern. */
  readonly params: Readonly<Record<string, string>>
  /** Raw query parameters (last value wins, like the server's `Object.fromEntries`). */
  readonly query: Readonly<Record<string, string>>
}

/** A route with its checks built in (type parameters erased for the route table). */
export interface Route {
  readonly method: Method
  readonly path: string
  readonly segments: ReadonlyArray<string>
  readonly run: (input: RunInput) => Effect.Effect<Reply, HandlerError>
}

/** Declares a route; see the module comment for what is checked before `handler` runs. */
export const defineRoute = <
  const A extends AccessRequirement,
  B = undefined,
  Q = Readonly<Record<string, string>>,
  P = Readonly<Record<string, string>>,
  const U extends "required" | "optional" = "optional"
>(spec: RouteSpec<A, U, B, Q, P>): Route => ({
  method: spec.method,
  path: spec.path,
  segments: splitPath(spec.path),
  run: (input) =>
    Effect.gen(function*() {
      const { auth } = input
      const access: AccessRequirement = spec.access
      if (access !== "none") {
        if (auth === null) return yield* Create.AccessTypeRequired()
        if (!access.includes(auth.accessType)) {
          return yield* Create.InsufficientAccessType({
            actual_access_type: auth.accessType,
            allowed_access_types: [...access]
          })
        }
      }

      const lines: Array<string> = []
      if (spec.user === "required" && auth?.user === undefined) lines.push("auth.user must be defined")

      let body: unknown = undefined
      const schema = spec.bodyFor?.(auth?.accessType ?? null) ?? spec.body
      if (schema !== undefined) {
        const decoded = decodeStrict(schema, input.request.body, "body")
        if (Result.isSuccess(decoded)) body = decoded.success
        else lines.push(...decoded.failure)
      }

      // The service's request schemas list params before query (`body, params, query`).
      let params: unknown = input.params
      if (spec.params !== undefined) {
        const decoded = decodeStrict(spec.params, input.params, "params")
        if (Result.isSuccess(decoded)) params = decoded.success
        else lines.push(...decoded.failure)
      }

      let query: unknown = input.query
      if (spec.query === undefined) {
        const keys = Object.keys(input.query)
        if (keys.length > 0) lines.push(`query contains unknown properties: ${keys.join(", ")}`)
      } else if (spec.query !== "any") {
        const decoded = decodeStrict(spec.query, input.query, "query")
        if (Result.isSuccess(decoded)) query = decoded.success
        else lines.push(...decoded.failure)
      }

      if (lines.length > 0) return yield* schemaError(input.request.method, input.request.pathname, lines)

      // The values were decoded by the schemas typed B, Q and P just above; a context cannot carry
      // that link through the erased route table, so it is restated here once.
      const ctx = {
        env: input.env,
        data: input.env.store.data,
        now: input.now,
        request: input.request,
        auth,
        user: auth?.user,
        body,
        query,
        params
      } as HandlerContext<A, U, B, Q, P>
      return yield* spec.handler(ctx)
    })
})

/** Splits a path into segments (no empty ones). */
export const splitPath = (path: string): ReadonlyArray<string> => path.split("/").filter((s) => s.length > 0)

const isParam = (segment: string) => segment.startsWith("{") && segment.endsWith("}")

/** The result of looking a path up in the table. */
export type Match =
  | { readonly _tag: "Found"; readonly route: Route; readonly params: Readonly<Record<string, string>> }
  | { readonly _tag: "MethodNotAllowed" }
  | { readonly _tag: "NotFound" }

/**
 * Finds the route for `method` and `path` (relative to `/api/v1`). Literal segments win over
 * parameters (`/users/me` before `/users/{user_id}`). A path that exists with other methods only is
 * `MethodNotAllowed` (405, like the framework).
 */
/** `decodeURIComponent`, or `undefined` for a malformed escape. */
export const safeDecode = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

/** A route's segments read once: the literal to compare, or the parameter's name. */
interface IndexedRoute {
  readonly route: Route
  readonly literals: ReadonlyArray<string | undefined>
  readonly params: ReadonlyArray<string | undefined>
}

/** Each table's routes by segment count, in table order (built on first use; tables never change). */
const tableIndexes = new WeakMap<ReadonlyArray<Route>, Map<number, ReadonlyArray<IndexedRoute>>>()

const indexOf = (routes: ReadonlyArray<Route>): Map<number, ReadonlyArray<IndexedRoute>> => {
  const known = tableIndexes.get(routes)
  if (known !== undefined) return known
  const index = new Map<number, Array<IndexedRoute>>()
  for (const route of routes) {
    const entry: IndexedRoute = {
      route,
      literals: route.segments.map((segment) => (isParam(segment) ? undefined : segment)),
      params: route.segments.map((segment) => (isParam(segment) ? segment.slice(1, -1) : undefined))
    }
    const bucket = index.get(route.segments.length)
    if (bucket === undefined) index.set(route.segments.length, [entry])
    else bucket.push(entry)
  }
  tableIndexes.set(routes, index)
  return index
}

export const matchRoute = (routes: ReadonlyArray<Route>, method: string, path: string): Match => {
  const segments = splitPath(path)
  const candidates: Array<{ route: Route; params: Record<string, string>; score: string }> = []
  for (const { route, literals, params: names } of indexOf(routes).get(segments.length) ?? []) {
    const params: Record<string, string> = {}
    let score = ""
    let ok = true
    for (let i = 0; i < segments.length; i++) {
      const literal = literals[i]
      const actual = segments[i] ?? ""
      if (literal === undefined) {
        // A malformed escape (`%ZZ`) names no resource: this route does not match, never a 500.
        const decoded = safeDecode(actual)
        if (decoded === undefined) {
          ok = false
          break
        }
        params[names[i] ?? ""] = decoded
        score += "0"
      } else if (literal === actual) {
        score += "1"
      } else {
        ok = false
        break
      }
    }
    if (ok) candidates.push({ route, params, score })
  }
  if (candidates.length === 0) return { _tag: "NotFound" }
  const withMethod = candidates.filter((c) => c.route.method === method)
  if (withMethod.length === 0) return { _tag: "MethodNotAllowed" }
  withMethod.sort((a, b) => (a.score < b.score ? 1 : a.score > b.score ? -1 : 0))
  const best = withMethod[0]
  return best === undefined ? { _tag: "NotFound" } : { _tag: "Found", route: best.route, params: best.params }
}

/**
 * Resolves a user id that may be `me`: `me` is the signed-in user's id; without a
 * user → CANNOT_GET_OWN_USER_WITHOUT_USER.
 */
export const resolveUserId = (
  userIdOrMe: string,
  auth: RequestAuth | null
): Effect.Effect<string, HandlerError> => {
  if (userIdOrMe !== "me") return Effect.succeed(userIdOrMe)
  const user = auth?.user
  return user === undefined ? Effect.fail(Create.CannotGetOwnUserWithoutUser()) : Effect.succeed(user.id)
}
