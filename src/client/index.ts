/**
 * `stackfx/client`: end users' sign-in and account operations. Each operation is a function needing
 * `StackClientCore` (`layerCore(options)`), or a method of the `StackClient` service.
 */
export { bindClient, clientOperations, StackClient, type StackClientService } from "./stack-client.ts"
export {
  type AuthJson,
  clientConfig,
  getAuthHeaders,
  getAuthJson,
  layerCore,
  layerCoreFetch,
  layerCoreWithTransport,
  makeCore,
  sessionKey,
  type StackClientOptions
} from "./core.ts"
export { type SignInResult, StackClientCore } from "./context.ts"
export { layerCoreConfig } from "./core-config.ts"
export {
  StackTransport,
  type TransportFailure,
  type TransportRequest,
  type TransportResponse
} from "../http/transport.ts"
export { type FetchFunction, layerFetchTransport, makeFetchTransport } from "../http/transport-fetch.ts"
export { layerHttpClientTransport, transportFromHttpClient } from "../http/transport-http-client.ts"
export { InvalidInput } from "./input.ts"
export { InvalidStackOptions } from "./options-check.ts"
export { ClientJson, ClientJsonMismatch, fromClientJson, toClientJson } from "./client-json.ts"
export {
  deleteUser,
  getUser,
  getUserOrFail,
  setPassword,
  signOut,
  type SignOutFailure,
  type SignOutOptions,
  type SignOutResult,
  updatePassword,
  updateUser
} from "./account.ts"
export { UserNotSignedIn } from "./not-signed-in.ts"
export {
  resetPassword,
  sendForgotPasswordEmail,
  signInWithPassword,
  signUpWithPassword,
  verifyPasswordResetCode
} from "./auth/password.ts"
export { checkMagicLinkCode, codeFromOtp, sendMagicLinkEmail, signInWithMagicLink } from "./auth/otp.ts"
export { signInWithMfa } from "./auth/mfa.ts"
export {
  completeOAuthSignIn,
  getOAuthAuthorizeUrl,
  type OAuthAuthorization,
  type OAuthAuthorizeOptions,
  OAuthCallbackInvalid,
  type OAuthSignInResult
} from "./auth/oauth.ts"
export { registerPasskey, signInWithPasskey, WebAuthn, webAuthnError } from "./auth/passkey.ts"
export { signUpAnonymously } from "./auth/anonymous.ts"
export {
  checkVerificationCode,
  createContactChannel,
  deleteContactChannel,
  listContactChannels,
  sendContactChannelVerification,
  sendVerificationEmail,
  updateContactChannel,
  verifyEmail
} from "./contact-channels.ts"
export { NoPrimaryEmail } from "./no-primary-email.ts"
export {
  acceptTeamInvitation,
  checkTeamInvitationCode,
  createTeam,
  deleteTeam,
  getConnectedAccountAccessToken,
  getSelectedTeam,
  getTeam,
  getTeamInvitationDetails,
  getTeamMemberProfile,
  hasTeamPermission,
  inviteToTeam,
  leaveTeam,
  listTeamInvitations,
  listTeamMembers,
  listTeamPermissions,
  listTeams,
  removeTeamMember,
  revokeTeamInvitation,
  setSelectedTeam,
  updateTeam,
  updateTeamMemberProfile
} from "./teams.ts"
export { getProject } from "./project.ts"
export { getPartialUser, type PartialUser, partialUserOf } from "./partial-user.ts"
export { listSessions, revokeSession } from "./sessions.ts"
export type { UserSession } from "../model/sessions.ts"
// Features beyond the seed (issue 27).
export {
  createTeamApiKey,
  createUserApiKey,
  listTeamApiKeys,
  listUserApiKeys,
  revokeTeamApiKey,
  revokeUserApiKey,
  updateTeamApiKey,
  updateUserApiKey
} from "./api-keys.ts"
export { hasProjectPermission, listProjectPermissions } from "./project-permissions.ts"
export type { ProjectPermission } from "../model/project-permission.ts"
export { listNotificationCategories, setNotificationCategoryEnabled } from "./notification-categories.ts"
export type { NotificationCategory } from "../model/notification-preference.ts"
export { matchesTrustedDomain, matchHostnamePattern } from "../urls/trusted-domain.ts"
export { checkCliLogin, cliAuthConfirmUrl, completeCliLogin, promptCliLogin, type PromptCliLoginOptions } from "./cli-auth.ts"
export { createCrossDomainAuthRedirectUrl, type CrossDomainAuthRedirectOptions } from "./cross-domain-auth.ts"
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
  checkAfterSignUpRedirect,
  getUserOrRedirect,
  HandlerUrlsConfig,
  redirectAfterSignIn,
  redirectToPage
} from "./redirects.ts"
export {
  checkRedirectUrl,
  layerBrowserNavigation,
  layerTestNavigation,
  Navigation,
  resolveHandlerUrls,
  TestNavigation,
  UntrustedRedirectUrl
} from "../urls/index.ts"
export type { HandlerUrls, HandlerUrlsOptions } from "../urls/index.ts"
export type { ClientProject } from "../model/project.ts"
export { layerMemoryTokenStore, makeMemoryTokenStore, TokenStore } from "../session/token-store.ts"
export { tokenChanges } from "../session/token-changes.ts"
export { InvalidTokenValue, Session } from "../session/session.ts"
export type { User } from "../model/user.ts"
export { checkPasswordConfirmation, checkPasswordLength, passwordMaxLength, passwordMinLength } from "./validation.ts"
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
