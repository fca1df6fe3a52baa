/**
 * `stackfx/react`: `StackProvider` (one runtime for the app's layer) and hooks over a shared query
 * cache: requests deduplicated, one run per key at a time, answers reused for 300 ms, queries
 * refetched after the mutations that invalidate them.
 */
export {
  type RequiredServices,
  StackContext,
  StackProvider as HexclaveProvider,
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
  useSessions,
  useSessionsState,
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
export { useHasProjectPermission, useProjectPermission, useProjectPermissions, useProjectPermissionsState } from "./feature-hooks.ts"
export {
  useNotificationCategories,
  useNotificationCategoriesState,
  useTeamApiKeys,
  useTeamApiKeysState,
  useUserApiKeys,
  useUserApiKeysState
} from "./account-hooks.ts"
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
// Issue 28: the owner's dashboard hooks.
export {
  createEmailDraft,
  createEmailTheme,
  updateEmailDraft,
  updateOutboxEmail,
  useEmailDrafts,
  useEmailDraftsState,
  useEmailThemes,
  useEmailThemesState,
  useMetrics,
  useMetricsState,
  useOutboxEmails,
  useOutboxEmailsState,
  useProjectConfig,
  useProjectConfigState
} from "./admin-hooks.ts"
export { AccountSettingsPage } from "./pages/account-settings-page.tsx"
export { EmailVerificationPage } from "./pages/email-verification-page.tsx"
export { ErrorPage } from "./pages/error-page.tsx"
export { ForgotPasswordPage } from "./pages/forgot-password-page.tsx"
export { MagicLinkCallbackPage } from "./pages/magic-link-callback-page.tsx"
export { OAuthCallbackPage } from "./pages/oauth-callback-page.tsx"
export { Page, type PageProps } from "./pages/page.tsx"
export { PasswordResetPage } from "./pages/password-reset-page.tsx"
export { SignInPage } from "./pages/sign-in-page.tsx"
export { SignOutPage } from "./pages/sign-out-page.tsx"
export { SignUpPage } from "./pages/sign-up-page.tsx"
export { StackHandler as HexclaveHandler, StackHandler, type StackHandlerProps } from "./pages/stack-handler.tsx"
export { TeamInvitationPage } from "./pages/team-invitation-page.tsx"
// The component kit.
export { AccountSettings, type AccountSettingsItem, type AccountSettingsProps } from "./components/account-settings.tsx"
export { CredentialSignIn, type CredentialSignInProps } from "./components/credential-sign-in.tsx"
export { CredentialSignUp, type CredentialSignUpProps } from "./components/credential-sign-up.tsx"
export {
  cannotConnectMessage,
  genericErrorMessage,
  offlineMessage,
  readableMessage,
  unreadableResponseMessage
} from "./components/error-message.ts"
export { ActionButton, ErrorText, Field, Form, Note, useField } from "./components/form.tsx"
export { MagicLinkSignIn, type MagicLinkSignInProps } from "./components/magic-link-sign-in.tsx"
export { MessageCard, type MessageCardProps } from "./components/message-card.tsx"
export { invalidTotpAfterOAuthMessage, MFA, type MFAProps } from "./components/mfa.tsx"
export { OAuthButton, OAuthButtonGroup, type OAuthButtonGroupProps, type OAuthButtonProps, ProviderIcon, providerName } from "./components/oauth-buttons.tsx"
export { PasskeyButton } from "./components/passkey-button.tsx"
export { AuthPage, type AuthPageProps, SignIn, SignUp } from "./components/sign-in.tsx"
export { mfaAttemptCode, useSignInAction } from "./components/sign-in-flow.ts"
export { TeamCreation, TeamCreationDialog, type TeamCreationDialogProps, type TeamCreationProps } from "./components/team-creation.tsx"
export { SelectedTeamSwitcher, type SelectedTeamSwitcherProps, TeamSwitcher, type TeamSwitcherProps } from "./components/team-switcher.tsx"
export {
  type ColorMode,
  type ColorModeState,
  darkPalette,
  defaultColorModeKey,
  lightPalette,
  paletteVariables,
  StackTheme as HexclaveTheme,
  StackTheme,
  type StackThemeProps,
  type ThemePalette,
  themeStyles,
  useColorMode
} from "./components/theme.tsx"
export { UserAvatar, type UserAvatarProps } from "./components/avatar.tsx"
export { Avatar, initialsOf, UserButton, type UserButtonItem, type UserButtonProps } from "./components/user-button.tsx"
export { base32, base64, checkTotpCode, makeTotpSecret, otpauthUri } from "./totp.ts"
