/** `stackfx/server`: users, teams, permissions and sessions from trusted server code. */
export { make, serverConfig, StackServer, type StackServerOptions, type StackServerService } from "./stack-server.ts"
export { isBrowserLike, SecretKeyInBrowser } from "./browser-guard.ts"
export {
  type CreateSessionOptions,
  defaultSessionMillis,
  FeatureNotSupported,
  type ListUsersOptions,
  MissingParameter,
  type UsersPage
} from "./users.ts"
export type { ServerTeam } from "../model/team.ts"
export type { ServerUser } from "../model/user.ts"
// Features beyond the seed (issue 27).
export type { ServerFeatures } from "./features.ts"
export type { ProjectPermission } from "../model/project-permission.ts"
export type { NotificationCategory } from "../model/notification-preference.ts"
export { DataVaultDecryptionFailed } from "./data-vault-crypto.ts"
export type { DataVaultSecret } from "./notifications-and-vault.ts"
export {
  apiKeyInvalidReason,
  type ApiKeyCreateOptions,
  type ApiKeyDescriptionUpdate,
  type TeamApiKey,
  type TeamApiKeyFirstView,
  type UserApiKey,
  type UserApiKeyFirstView
} from "../model/project-api-key.ts"
export {
  AccessTokenVerifier,
  type AccessTokenVerifierOptions,
  type AccessTokenVerifierService,
  AnonymousUserNotAllowed,
  ExpiredAccessToken,
  InvalidAccessTokenSignature,
  JwksUnavailable,
  MalformedAccessToken,
  RestrictedUserNotAllowed,
  type VerifiedAccessToken,
  verifyAccessToken,
  type VerifyAccessTokenError,
  verifyOptionalAccessToken,
  WrongAccessTokenAudience,
  WrongAccessTokenIssuer
} from "./verify-token.ts"
export {
  layerRequestTokenStore,
  makeRequestTokenStore,
  readRequestTokens,
  type RequestHeadersInput,
  type RequestTokenOptions,
  requestUser,
  type TokenSource
} from "./request-token-store.ts"
export {
  defaultRequestPolicy,
  jitteredRetrySchedule,
  networkRetrySchedule,
  noRetrySchedule,
  type RequestPolicy,
  StackRequestPolicy,
  withRequestPolicy
} from "../http/retry.ts"
// Types that appear in this entry's signatures, so declaration files can name them.
export type { Camelized } from "../model/camel.ts"
export type { KnownErrorFields, KnownErrorFieldsWithDetails } from "../errors/known-error.ts"
export type { AccessLevel, UserTokens } from "../http/access.ts"
export type { PipelineConfig, SendError } from "../http/send.ts"
// Issue 28: sending e-mail.
export { InvalidSendEmail, type ServerEmails } from "./emails.ts"
export type { DeliveryInfo, NotificationPreference, SendEmailInput } from "../model/emails.ts"
