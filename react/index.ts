/**
 * `stackfx/react`: `StackProvider` (one runtime for the app's layer) and hooks over a shared query
 * cache: requests deduplicated, one run per key at a time, answers reused for 300 ms, queries
 * refetched after the mutations that invalidate them.
 */
export {
  type RequiredServices,
  StackContext,
  StackProvider,
  type StackProviderProps,
  type StackReactContext,
  useStackContext
} from "./provider.ts"
export { describeFailure, StackErrorBoundary, type StackErrorBoundaryProps } from "./error-boundary.ts"
export { type BrowserLayerOptions, type BrowserServices, layerBrowser } from "../src/browser/layer.ts"
export {
  type CurrentUser,
  type Invalidates,
  type MutationResult,
  type QueryResult,
  useStackMutation,
  useStackQuery,
  useStackSuspenseQuery,
  useUser,
  type UseUserOptions,
  useUserState
} from "./hooks.ts"
export {
  defaultThrottleMillis,
  isProjectScoped,
  keyHasName,
  makeQueryCache,
  type QueryCache,
  type QueryCacheOptions,
  queryKey,
  type QueryState
} from "./cache.ts"
export { bindCacheToSession } from "./session-binding.ts"
export {
  sessionQueries,
  useConnectedAccountAccessToken,
  useContactChannels,
  useSessions,
  useProject,
  useTeam,
  useTeamInvitations,
  useTeamMembers,
  useTeamPermission,
  useTeamPermissions,
  useTeamProfile,
  useTeams
} from "./resource-hooks.ts"
export {
  adminQueries,
  useAdminProject,
  useAdminTeams,
  useAdminUsers,
  useAdminUsersState,
  useApiKeys,
  useEmailTemplates,
  usePermissionDefinitions
} from "./admin-hooks.ts"
export {
  AccountSettingsPage,
  EmailVerificationPage,
  ErrorPage,
  ForgotPasswordPage,
  handlerStyles,
  MagicLinkCallbackPage,
  OAuthCallbackPage,
  PasswordResetPage,
  SignInPage,
  SignOutPage,
  SignUpPage,
  StackHandler,
  TeamInvitationPage
} from "./pages.ts"
export { base32, base64, checkTotpCode, makeTotpSecret, otpauthUri } from "./totp.ts"
