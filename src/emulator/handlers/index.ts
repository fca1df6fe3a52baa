/**
 * The route table: one file per resource, each exporting `routes` built with `defineRoute`
 * (see `../router.ts` for the pattern and what is checked before a handler runs).
 *
 * To add a resource: create `handlers/<resource>.ts` exporting `routes`, import it here and spread
 * it into `allRoutes`. Order does not matter: literal path segments win over `{params}`.
 */
import type { Route } from "../router.ts"
import * as Jwks from "./jwks.ts"
import * as OAuthToken from "./oauth-token.ts"
import * as Password from "./password.ts"
import * as Projects from "./projects.ts"
import * as Root from "./root.ts"
import * as Sessions from "./sessions.ts"
import * as UsersMe from "./users-me.ts"
import * as Teams from "./teams.ts"
import * as TeamMemberships from "./team-memberships.ts"
import * as TeamMemberProfiles from "./team-member-profiles.ts"
import * as TeamPermissions from "./team-permissions.ts"
import * as PermissionDefinitions from "./permission-definitions.ts"
import * as TeamInvitations from "./team-invitations.ts"
import * as InternalProjects from "./internal-projects.ts"
import * as ApiKeys from "./api-keys.ts"
import * as EmailTemplates from "./email-templates.ts"
import * as Webhooks from "./webhooks.ts"
import * as TestEmail from "./test-email.ts"
import * as ServerUsers from "./server-users.ts"
import * as Channels from "./channels.ts"
import * as OneTimeCodes from "./one-time-codes.ts"
import * as PasswordFlows from "./password-flows.ts"
import * as MfaSignIn from "./mfa-sign-in.ts"
import { oauthRoutes } from "../oauth.ts"
import * as ConnectedAccountTokens from "./connected-account-tokens.ts"
import * as Passkeys from "./passkeys.ts"
import * as Config from "./config.ts"
import * as EmailThemes from "./email-themes.ts"
import * as SendEmail from "./send-email.ts"
import * as DeliveryInfo from "./delivery-info.ts"
import * as EmailDrafts from "./email-drafts.ts"
import * as Feedback from "./feedback.ts"
import * as Metrics from "./metrics.ts"
import * as ProjectTransfer from "./project-transfer.ts"
import * as OAuthProviders from "./oauth-providers.ts"
// Features beyond the seed (issue 27).
import * as ProjectApiKeys from "./project-api-keys.ts"
import * as ProjectPermissions from "./project-permissions.ts"
import * as NotificationPreferences from "./notification-preferences.ts"
import * as DataVault from "./data-vault.ts"
import * as SignUpRulesStats from "./sign-up-rules-stats.ts"
import * as CliAuth from "./cli-auth.ts"
import * as CrossDomainAuthorize from "./cross-domain-authorize.ts"
import * as AppleNative from "./apple-native.ts"

/** Every route the emulator answers. */
export const allRoutes: ReadonlyArray<Route> = [
  ...Root.routes,
  ...Config.routes,
  ...EmailThemes.routes,
  ...SendEmail.routes,
  ...DeliveryInfo.routes,
  ...EmailDrafts.routes,
  ...Feedback.routes,
  ...Metrics.routes,
  ...ProjectTransfer.routes,
  ...OAuthProviders.routes,
  ...Jwks.routes,
  ...OAuthToken.routes,
  ...Password.routes,
  ...Sessions.routes,
  ...UsersMe.routes,
  ...Projects.routes,
  ...Teams.routes,
  ...TeamMemberships.routes,
  ...TeamMemberProfiles.routes,
  ...TeamPermissions.routes,
  ...PermissionDefinitions.routes,
  ...TeamInvitations.routes,
  ...InternalProjects.routes,
  ...ApiKeys.routes,
  ...EmailTemplates.routes,
  ...Webhooks.routes,
  ...TestEmail.routes,
  ...ServerUsers.routes,
  ...Channels.routes,
  ...OneTimeCodes.routes,
  ...PasswordFlows.routes,
  ...MfaSignIn.routes,
  ...oauthRoutes,
  ...ConnectedAccountTokens.routes,
  ...Passkeys.routes,
  // Features beyond the seed (issue 27).
  ...ProjectApiKeys.routes,
  ...ProjectPermissions.routes,
  ...NotificationPreferences.routes,
  ...DataVault.routes,
  ...SignUpRulesStats.routes,
  ...CliAuth.routes,
  ...CrossDomainAuthorize.routes,
  ...AppleNative.routes
]
