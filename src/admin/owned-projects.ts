/**
 * A project owner's own projects, through the `internal` project: list them and
 * create new ones, with the owner's session of `internal`. Such an app has no token store of its own:
 * the session is given.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as HttpClient from "effect/http/HttpClient"
import { transportFromHttpClient } from "../http/transport-http-client.ts"
import { StackTransport } from "../http/transport.ts"
import { InvalidPublishableClientKey, ProjectNotFound, PublishableClientKeyRequiredForProject, TeamMembershipNotFound, TeamPermissionRequired } from "../errors/catalogue.ts"
import { type Endpoint, json } from "../http/endpoint.ts"
import { invalidAccessTokenErrors } from "../client/runtime.ts"
import { send } from "../http/send.ts"
import { encodeInput } from "../client/input.ts"
import { AdminProject, AdminProjectCreate, AdminProjectList, ProjectTransferInput } from "../model/project.ts"
import { ProjectTransferResponse } from "../wire/project.ts"
import { checkProjectUpdate, InvalidProjectConfig } from "./stack-admin.ts"

/** The owner's session of the `internal` project. */
export interface OwnerSession {
  readonly accessToken: string | Redacted.Redacted<string>
  /** The `internal` project's publishable client key, when the service requires one. */
  readonly internalPublishableClientKey?: string | Redacted.Redacted<string> | undefined
  /** Default `https://api.stack-auth.com`. */
  readonly baseUrl?: string | undefined
}

const redact = (key: string | Redacted.Redacted<string>) => (Redacted.isRedacted(key) ? key : Redacted.make(key))

/**
 * The client project errors these calls can meet: the `internal` project always exists, so
 * `CURRENT_PROJECT_NOT_FOUND` is not among them.
 */
const internalProjectErrors = [InvalidPublishableClientKey, PublishableClientKeyRequiredForProject] as const

const call = <A, const Errors extends ReadonlyArray<typeof TeamMembershipNotFound | typeof TeamPermissionRequired | typeof ProjectNotFound>>(
  session: OwnerSession,
  endpoint: Endpoint<A, Errors>
) =>
  Effect.flatMap(Effect.service(HttpClient.HttpClient), (http) =>
    Effect.provideService(
      send(
        {
          baseUrl: session.baseUrl ?? "https://api.stack-auth.com",
          projectErrors: internalProjectErrors,
          keys: {
            projectId: "internal",
            publishableClientKey: session.internalPublishableClientKey === undefined ? undefined : redact(session.internalPublishableClientKey)
          }
        },
        { ...endpoint, errors: [...endpoint.errors, ...invalidAccessTokenErrors] },
        { accessToken: Option.some(redact(session.accessToken)), refreshToken: Option.none() }
      ),
      StackTransport,
      transportFromHttpClient(http)
    ))

/** The projects the owner's teams own. */
export const listOwnedProjects = /*#__PURE__*/ Effect.fn("StackAdmin.listOwnedProjects")(function*(session: OwnerSession) {
  const list = yield* call(session, { method: "GET", path: "/internal/projects", level: "client", response: json(AdminProjectList), errors: [] })
  return list.items
})

/** Creates a project owned by one of the owner's teams (`ownerTeamId`, required by the current service). */
export const createOwnedProject = /*#__PURE__*/ Effect.fn("StackAdmin.createOwnedProject")(function*(session: OwnerSession, input: AdminProjectCreate) {
  const problem = checkProjectUpdate(input)
  if (Option.isSome(problem)) return yield* new InvalidProjectConfig({ message: problem.value })
  const body = yield* encodeInput("StackAdmin.createOwnedProject", AdminProjectCreate, input)
  return yield* call(session, {
    method: "POST",
    path: "/internal/projects",
    level: "client",
    body: { _tag: "Json", value: body },
    response: json(AdminProject),
    // The service looks the membership up only: an unknown team is TEAM_MEMBERSHIP_NOT_FOUND too.
    errors: [TeamMembershipNotFound]
  })
})

/**
 * Gives one of the owner's projects to another team: the owner must be `team_admin` of the team
 * owning it (`TeamPermissionRequired`) and a member of the new one (`TeamMembershipNotFound`).
 */
export const transferOwnedProject = /*#__PURE__*/ Effect.fn("StackAdmin.transferOwnedProject")(function*(session: OwnerSession, input: ProjectTransferInput) {
  const body = yield* encodeInput("StackAdmin.transferOwnedProject", ProjectTransferInput, input)
  yield* call(session, {
    method: "POST",
    path: "/internal/projects/transfer",
    level: "client",
    body: { _tag: "Json", value: body },
    response: json(ProjectTransferResponse),
    errors: [ProjectNotFound, TeamPermissionRequired, TeamMembershipNotFound]
  })
})
