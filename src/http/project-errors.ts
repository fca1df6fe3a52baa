/**
 * The errors any request that carries the app's project headers can meet, whatever its endpoint: a
 * wrong, revoked or missing key, a project id the service does not know, a missing or insufficient
 * access type, an owner's admin access token that expired or is not an admin's. Every operation's
 * error union has them, so `Effect.catchTag("InvalidPublishableClientKey", ...)` and the family
 * guards (`isProjectAuthenticationError`, `isInvalidAdminAccessToken`) narrow on any call.
 */
import {
  AccessTypeRequired,
  AccessTypeWithoutProjectId,
  AdminAccessTokenExpired,
  AdminAccessTokenIsNotAdmin,
  AdminAuthenticationRequired,
  ClientAuthenticationRequired,
  ClientOrAdminAuthenticationRequired,
  ClientOrServerAuthenticationRequired,
  ClientOrServerOrAdminAuthenticationRequired,
  CurrentProjectNotFound,
  ExpectedInternalProject,
  InsufficientAccessType,
  InvalidAccessType,
  InvalidProjectForAdminAccessToken,
  InvalidPublishableClientKey,
  InvalidSecretServerKey,
  InvalidSuperSecretAdminKey,
  ProjectKeyWithoutAccessType,
  PublishableClientKeyRequiredForProject,
  ServerAuthenticationRequired,
  UnparsableAdminAccessToken
} from "../errors/catalogue.ts"

/** The `PROJECT_AUTHENTICATION_ERROR` family and `CURRENT_PROJECT_NOT_FOUND`. */
export const projectRequestErrors = [
  ProjectKeyWithoutAccessType,
  InvalidAccessType,
  AccessTypeWithoutProjectId,
  AccessTypeRequired,
  InsufficientAccessType,
  InvalidPublishableClientKey,
  InvalidSecretServerKey,
  InvalidSuperSecretAdminKey,
  UnparsableAdminAccessToken,
  AdminAccessTokenExpired,
  InvalidProjectForAdminAccessToken,
  AdminAccessTokenIsNotAdmin,
  ClientAuthenticationRequired,
  ServerAuthenticationRequired,
  ClientOrServerAuthenticationRequired,
  ClientOrAdminAuthenticationRequired,
  ClientOrServerOrAdminAuthenticationRequired,
  AdminAuthenticationRequired,
  ExpectedInternalProject,
  PublishableClientKeyRequiredForProject,
  CurrentProjectNotFound
] as const

/**
 * What a client-level request can meet from the service, as stackfx sends it (the access type and
 * project id always set, a publishable key when the app has one): a key the project does not know,
 * a project that requires a key the app left out, a project id the service does not know. The other
 * members of the family answer headers stackfx never sends (no access type, a key of another level).
 */
export const clientProjectErrors = [
  InvalidPublishableClientKey,
  PublishableClientKeyRequiredForProject,
  CurrentProjectNotFound
] as const

/** What a server-level request can meet: a wrong or revoked secret server key, an unknown project id. */
export const serverProjectErrors = [InvalidSecretServerKey, CurrentProjectNotFound] as const

/**
 * What an admin-level request can meet: a wrong super secret admin key, or an owner's admin access
 * token that cannot be read, expired or belongs to a user who does not own the project, or none at
 * all (an owner session whose refresh token was revoked has no access token to send); an unknown
 * project id. (`InvalidProjectForAdminAccessToken` is in the catalogue but today's service never
 * raises it: a token for a project that is gone meets `CurrentProjectNotFound` first.)
 */
export const adminProjectErrors = [
  InvalidSuperSecretAdminKey,
  AdminAuthenticationRequired,
  UnparsableAdminAccessToken,
  AdminAccessTokenExpired,
  AdminAccessTokenIsNotAdmin,
  CurrentProjectNotFound
] as const

/** The project-error classes of a client app. */
export type ClientProjectErrorClass = (typeof clientProjectErrors)[number]
/** The project-error classes of a server app. */
export type ServerProjectErrorClass = (typeof serverProjectErrors)[number]
/** The project-error classes of an admin app. */
export type AdminProjectErrorClass = (typeof adminProjectErrors)[number]
/** Any project-error class. */
export type ProjectErrorClass = (typeof projectRequestErrors)[number]

/** A failure any request with project headers can meet. */
export type ProjectRequestError = (typeof projectRequestErrors)[number]["Type"]

/** Which option of an app's layer a project error is about, so its message can say so. */
const optionOfCode: Readonly<Record<string, string>> = {
  CURRENT_PROJECT_NOT_FOUND: "projectId",
  ACCESS_TYPE_WITHOUT_PROJECT_ID: "projectId",
  INVALID_PUBLISHABLE_CLIENT_KEY: "publishableClientKey",
  PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT: "publishableClientKey",
  CLIENT_AUTHENTICATION_REQUIRED: "publishableClientKey",
  INVALID_SECRET_SERVER_KEY: "secretServerKey",
  SERVER_AUTHENTICATION_REQUIRED: "secretServerKey",
  INVALID_SUPER_SECRET_ADMIN_KEY: "superSecretAdminKey",
  ADMIN_AUTHENTICATION_REQUIRED: "superSecretAdminKey",
  UNPARSABLE_ADMIN_ACCESS_TOKEN: "adminAccessToken",
  ADMIN_ACCESS_TOKEN_EXPIRED: "adminAccessToken",
  INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN: "adminAccessToken",
  ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN: "adminAccessToken"
}

/**
 * The server's message names HTTP headers (`x-stack-project-id`); an SDK user set an option
 * (`projectId`). Appends which option to check, keeping the server's words.
 */
export const withOptionHint = (code: string, message: string): string => {
  const option = optionOfCode[code]
  return option === undefined ? message : `${message} (Check the ${option} option your app passes to stackfx.)`
}
