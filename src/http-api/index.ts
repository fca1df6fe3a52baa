/**
 * `stackfx/http-api`: typed Stack authentication for the servers Effect users write: `HttpApi`
 * security middleware (`StackAuthentication`, `CurrentUser`), permission checks, and
 * `authenticate(request)` for fetch-style handlers (Hono, Bun, Deno, Workers).
 */
export {
  type AuthenticatedCaller,
  authenticate,
  authenticateOptional,
  type AuthenticateOptions,
  requestAccessToken
} from "./authenticate.ts"
export { CurrentUser, type CurrentUserService, OptionalCurrentUser } from "./current-user.ts"
export {
  ApiKeyRejected,
  ApiKeyRejectedReason,
  type AuthenticationError,
  AuthServiceUnavailable,
  ProjectPermissionDenied,
  RestrictedReason,
  RestrictedUserForbidden,
  TeamPermissionDenied,
  Unauthenticated,
  UnauthenticatedReason,
  UnauthenticatedResponse,
  wwwAuthenticate
} from "./errors.ts"
export {
  errorResponse,
  type FetchAuthentication,
  type FetchAuthenticator,
  type FetchAuthenticatorOptions,
  makeFetchAuthenticator,
  type StackHttpError,
  statusOf
} from "./fetch.ts"
export {
  type ClientAccessToken,
  layerStackAuthentication,
  layerStackAuthenticationClient,
  layerStackOptionalAuthentication,
  layerStackOptionalAuthenticationClient,
  StackAuthentication,
  type StackAuthenticationOptions,
  StackOptionalAuthentication,
  stackSecuritySchemes
} from "./middleware.ts"
export {
  type ApiKeyOwner,
  requireApiKey,
  requireProjectPermission,
  requireTeamPermission,
  withTeamPermission
} from "./permissions.ts"
export { StackServerChecks, type StackServerChecksService } from "./server-checks.ts"
export { defaultVerifiedTokenCapacity, rememberVerifiedTokens } from "./verified-tokens.ts"
// Types that appear in this entry's signatures, so declaration files can name them.
export type { VerifiedAccessToken } from "../server/verify-token.ts"
export type { ServerUser } from "../model/user.ts"
