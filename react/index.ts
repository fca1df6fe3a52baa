/**
 * `stackfx/react`: `StackProvider` (one runtime for the app's layer) and hooks over a shared query
 * cache: requests deduplicated, one run per key at a time, answers reused for 300 ms, queries
 * refetched after the mutations that invalidate them.
 */
export {
  type RequiredServices,
  StackContext,
  StackProvider,
  type StackProviderCommonProps,
  type StackProviderProps,
  mountedProviderCount,
  type StackReactContext,
  useStackContext
} from "./provider.ts"
export { describeFailure, StackErrorBoundary, type StackErrorBoundaryProps } from "./error-boundary.ts"
export { type BrowserLayerOptions, type BrowserServices, layerBrowser } from "../src/browser/layer.ts"
export {
  type CurrentUser,
  defineQuery,
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
export { type BoundOperation, type StackClientHandle, useStackClient } from "./stack-client-hook.ts"
export { makeStackStore, type StackStore, type StackStoreOptions } from "./store.ts"
export { type DehydratedState, dehydrate, hydrate, type Hydration, readHydration, serializeHydration } from "./hydration.ts"
export { layerServerRender, type ServerRenderOptions } from "./server-render.ts"
export {
  sessionQueries,
  useAccessToken,
  useAuthHeaders,
  useAuthHeadersState,
  useAuthJson,
  useAuthJsonState,
  useConnectedAccount,
  useConnectedAccountAccessToken,
  useConnectedAccountAccessTokenState,
  useContactChannels,
  useContactChannelsState,
  useOAuthProviders,
  useOAuthProvidersState,
  usePartialUser,
  usePartialUserState,
  useProject,
  useProjectState,
  useTeam,
  useTeamInvitations,
  useTeamInvitationsState,
  useTeamMembers,
  useTeamMembersState,
  useTeamPermission,
  useTeamPermissions,
  useTeamPermissionsState,
  useTeamProfile,
  useTeamProfileState,
  useTeams,
  useTeamState,
  useTeamsState
} from "./resource-hooks.ts"
export {
  adminQueries,
  useAdminProject,
  useAdminProjectState,
  useAdminTeams,
  useAdminTeamsState,
  useAdminUsers,
  useAdminUsersState,
  useApiKeys,
  useApiKeysState,
  useEmailTemplates,
  useEmailTemplatesState,
  usePermissionDefinitions,
  usePermissionDefinitionsState
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
