/**
 * An `HttpApi` server that knows who is calling: the Effect servers guide (docs/effect-servers.md)
 * quotes this file.
 *
 * - `GET /me`: the signed-in caller, from the access token's claims (no API call);
 * - `GET /me/profile`: the full user with its server metadata, read through `StackServer`;
 * - `GET /teams/:teamId/report`: only for members holding `team_admin` in that team (403 otherwise);
 * - `GET /hello`: anyone; signed-in callers are greeted by name;
 * - `GET /openapi.json`: the OpenAPI document, with Stack's security schemes.
 *
 * Run it against the emulator (`npx stackfx emulator` prints the variables):
 * `STACK_PROJECT_ID=… STACK_SECRET_SERVER_KEY=… STACK_API_URL=… node examples/http-api-server.ts`
 */
import { createServer } from "node:http"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as HttpApiClient from "effect/http-api/HttpApiClient"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import {
  CurrentUser,
  layerStackAuthentication,
  layerStackAuthenticationClient,
  layerStackOptionalAuthentication,
  layerStackOptionalAuthenticationClient,
  OptionalCurrentUser,
  requireTeamPermission,
  StackAuthentication,
  StackOptionalAuthentication,
  TeamPermissionDenied
} from "stackfx/http-api"
import { AccessTokenVerifier, StackServer } from "stackfx/server"

// --- The API: shared by the server and the clients generated from it ----------------------------

// #region api
/** Who the caller is, as the token says. */
export const Me = Schema.Struct({ id: Schema.String, email: Schema.NullOr(Schema.String), name: Schema.NullOr(Schema.String) })

/** The caller's plan, kept in their server metadata. */
export const Profile = Schema.Struct({ id: Schema.String, plan: Schema.String })

/** A team's report, for its admins. */
export const Report = Schema.Struct({ teamId: Schema.String, preparedFor: Schema.String })

/** Endpoints that need a signed-in caller. */
export class Account extends HttpApiGroup.make("account")
  .add(HttpApiEndpoint.get("me", "/me", { success: Me }))
  .add(HttpApiEndpoint.get("profile", "/me/profile", { success: Profile }))
  .add(HttpApiEndpoint.get("report", "/teams/:teamId/report", {
    params: { teamId: Schema.String },
    success: Report,
    error: TeamPermissionDenied
  }))
  .middleware(StackAuthentication)
{}

/** Endpoints anyone may call. */
export class Public extends HttpApiGroup.make("public")
  .add(HttpApiEndpoint.get("hello", "/hello", { success: Schema.Struct({ greeting: Schema.String }) }))
  .middleware(StackOptionalAuthentication)
{}

/** The whole API. */
export class Api extends HttpApi.make("example").add(Account).add(Public).annotateMerge(OpenApi.annotations({ title: "stackfx example" })) {}
// #endregion api

// --- The server ----------------------------------------------------------------------------------

// #region handlers
const AccountHandlers = HttpApiBuilder.group(Api, "account", (handlers) =>
  handlers
    .handle("me", () =>
      Effect.map(Effect.service(CurrentUser), (caller) => ({
        id: caller.userId,
        email: caller.claims.primaryEmail,
        name: caller.claims.displayName
      })))
    .handle("profile", () =>
      Effect.gen(function*() {
        const caller = yield* CurrentUser
        const user = yield* caller.user
        const plan = user.serverMetadata !== null && typeof user.serverMetadata === "object"
          ? String(Reflect.get(user.serverMetadata, "plan") ?? "free")
          : "free"
        return { id: user.id, plan }
      }))
    .handle("report", ({ params }) =>
      Effect.gen(function*() {
        yield* requireTeamPermission(params.teamId, "team_admin")
        const caller = yield* CurrentUser
        return { teamId: params.teamId, preparedFor: caller.userId }
      })))

const PublicHandlers = HttpApiBuilder.group(Api, "public", (handlers) =>
  handlers.handle("hello", () =>
    Effect.map(Effect.service(OptionalCurrentUser), (caller) => ({
      greeting: Option.match(caller, {
        onNone: () => "Hello, stranger",
        onSome: (user) => `Hello, ${user.claims.displayName ?? user.claims.primaryEmail ?? user.userId}`
      })
    }))))
// #endregion handlers

// #region layer
/** What the server needs to reach its project. */
export interface ServerOptions {
  readonly projectId: string
  readonly secretServerKey: string
  readonly baseUrl: string
}

/** The API's routes (OpenAPI document at `/openapi.json`), with Stack authentication wired in. */
export const ApiRoutes = (options: ServerOptions) =>
  HttpApiBuilder.layer(Api, { openapiPath: "/openapi.json" }).pipe(
    Layer.provide([AccountHandlers, PublicHandlers]),
    Layer.provide([layerStackAuthentication(), layerStackOptionalAuthentication()]),
    Layer.provideMerge(Layer.mergeAll(StackServer.layer(options), AccessTokenVerifier.layer(options))),
    Layer.provide(FetchHttpClient.layer)
  )

/** The server on `port` (0: a free one); `quiet` leaves out the "Listening on" line. */
export const ServerLive = (options: ServerOptions & { readonly port: number; readonly quiet?: boolean }) =>
  HttpRouter.serve(ApiRoutes(options), { disableLogger: true, disableListenLog: options.quiet === true }).pipe(
    Layer.provideMerge(NodeHttpServer.layer(createServer, { port: options.port, host: "127.0.0.1" }))
  )
// #endregion layer

// --- A client generated from the API -------------------------------------------------------------

// #region client
/** A typed client of the API at `baseUrl`, calling as the user whose access token is `accessToken`. */
export const makeClient = (baseUrl: string, accessToken: string | null) =>
  HttpApiClient.make(Api, {
    transformClient: HttpClient.mapRequest(HttpClientRequest.prependUrl(baseUrl))
  }).pipe(
    Effect.provide(Layer.mergeAll(
      layerStackAuthenticationClient(accessToken),
      layerStackOptionalAuthenticationClient(accessToken)
    )),
    Effect.provide(FetchHttpClient.layer)
  )
// #endregion client

if (import.meta.main) {
  const env = (name: string) => {
    const value = process.env[name]
    if (value === undefined) throw new Error(`set ${name} (the emulator CLI prints it)`)
    return value
  }
  const options = { projectId: env("STACK_PROJECT_ID"), secretServerKey: env("STACK_SECRET_SERVER_KEY"), baseUrl: env("STACK_API_URL") }
  NodeRuntime.runMain(Layer.launch(ServerLive({ ...options, port: Number(process.env.PORT ?? 3002) })))
}
