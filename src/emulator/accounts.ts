/**
 * Domain operations on users and teams that several endpoints share (sign-up by password, OTP,
 * OAuth, anonymous, `POST /users`, `POST /teams`, ...). Handlers validate and authorise; these
 * functions change the state consistently (personal team, default permissions, primary e-mail).
 * All are synchronous: call them after every check that may fail.
 */
import type { Json } from "../wire/common.ts"
import { CodeType, createCode } from "./codes.ts"
import * as Ids from "./ids.ts"
import { membershipChanged, teamChanged, teamPermissionChanged, userChanged } from "./webhook-events.ts"
import { linkWithCode, sendEmail } from "./outbox.ts"
import { emitWebhook } from "./svix.ts"
import {
  channelsOfUser,
  type ContactChannelRecord,
  membershipKey,
  permissionGrantKey,
  type ProjectRecord,
  type StateData,
  type TeamRecord,
  type UserRecord
} from "./state.ts"

// =============================================================================
// Teams
// =============================================================================

/** Creates a team record. */
export const createTeam = (
  data: StateData,
  fields: {
    readonly projectId: string
    readonly displayName: string
    readonly nowMillis: number
    readonly profileImageUrl?: string | null | undefined
    readonly clientMetadata?: Json | undefined
    readonly clientReadOnlyMetadata?: Json | undefined
    readonly serverMetadata?: Json | undefined
  }
): TeamRecord => {
  const team: TeamRecord = {
    id: Ids.uuid(),
    projectId: fields.projectId,
    displayName: fields.displayName,
    profileImageUrl: fields.profileImageUrl ?? null,
    clientMetadata: fields.clientMetadata ?? null,
    clientReadOnlyMetadata: fields.clientReadOnlyMetadata ?? null,
    serverMetadata: fields.serverMetadata ?? null,
    createdAtMillis: fields.nowMillis
  }
  data.teams[team.id] = team
  teamChanged(data, team, "team.created", fields.nowMillis)
  return team
}

/** Grants a team permission directly (idempotent). */
export const grantTeamPermission = (
  data: StateData,
  fields: { readonly projectId: string; readonly teamId: string; readonly userId: string; readonly permissionId: string },
  /** When given, the grant is announced (`team_permission.created`) at this time. */
  announceAtMillis?: number
): void => {
  const grant = {
    projectId: fields.projectId,
    teamId: fields.teamId,
    userId: fields.userId,
    permissionId: fields.permissionId,
    scope: "team" as const
  }
  const key = permissionGrantKey(grant)
  if (data.permissionGrants[key] !== undefined) return
  data.permissionGrants[key] = grant
  if (announceAtMillis !== undefined) teamPermissionChanged(data, fields, "team_permission.created", announceAtMillis)
}

/** Grants a project permission directly (idempotent); announced (`project_permission.created`) when new. */
export const grantProjectPermission = (
  data: StateData,
  fields: { readonly projectId: string; readonly userId: string; readonly permissionId: string },
  nowMillis: number
): void => {
  const grant = { ...fields, teamId: null, scope: "project" as const }
  const key = permissionGrantKey(grant)
  if (data.permissionGrants[key] !== undefined) return
  data.permissionGrants[key] = grant
  emitWebhook(data, fields.projectId, "project_permission.created", { id: fields.permissionId, user_id: fields.userId }, nowMillis)
}

/**
 * Adds a user to a team (idempotent) and grants the project's default permissions: the creator's
 * (`team_admin`) when `asCreator`, the member's (`team_member`) otherwise.
 */
export const addTeamMember = (
  data: StateData,
  fields: {
    readonly team: TeamRecord
    readonly user: UserRecord
    readonly asCreator: boolean
    readonly nowMillis: number
    /**
     * Announce the membership and its permissions as webhook events. The service does so when a
     * member is added to a team, not for the creator of a new team.
     */
    readonly announce?: boolean | undefined
  }
): void => {
  const key = membershipKey(fields.team.id, fields.user.id)
  if (data.teamMemberships[key] !== undefined) return
  data.teamMemberships[key] = {
    projectId: fields.team.projectId,
    teamId: fields.team.id,
    userId: fields.user.id,
    displayName: null,
    profileImageUrl: null,
    createdAtMillis: fields.nowMillis
  }
  if (fields.announce === true) {
    membershipChanged(data, { projectId: fields.team.projectId, teamId: fields.team.id, userId: fields.user.id }, "team_membership.created", fields.nowMillis)
  }
  const config = data.projects[fields.team.projectId]?.config
  const defaults = config === undefined
    ? []
    : fields.asCreator
    ? config.teamCreatorDefaultPermissions
    : config.teamMemberDefaultPermissions
  for (const permissionId of defaults) {
    grantTeamPermission(
      data,
      { projectId: fields.team.projectId, teamId: fields.team.id, userId: fields.user.id, permissionId },
      fields.announce === true ? fields.nowMillis : undefined
    )
  }
}

// =============================================================================
// Users
// =============================================================================

/** What a new user starts with; everything is optional. */
export interface NewUser {
  readonly displayName?: string | null | undefined
  readonly profileImageUrl?: string | null | undefined
  readonly clientMetadata?: Json | undefined
  readonly clientReadOnlyMetadata?: Json | undefined
  readonly serverMetadata?: Json | undefined
  readonly primaryEmail?: string | null | undefined
  readonly primaryEmailVerified?: boolean | undefined
  readonly primaryEmailAuthEnabled?: boolean | undefined
  readonly passwordHash?: string | null | undefined
  readonly otpAuthEnabled?: boolean | undefined
  readonly totpSecretBase64?: string | null | undefined
  readonly isAnonymous?: boolean | undefined
  /** Where the user signed up from (the request's `x-vercel-ip-country`), if known. */
  readonly countryCode?: string | null | undefined
}

const personalTeamName = (displayName: string | null, primaryEmail: string | null): string =>
  displayName ? `${displayName}'s Team` : primaryEmail ? `${primaryEmail}'s Team` : "Personal Team"

/**
 * Creates a user (with its primary e-mail channel) and, if the project creates teams on sign-up, a
 * personal team the user creates and selects. Uniqueness of auth e-mails is the caller's check.
 */
export const createUser = (
  data: StateData,
  project: ProjectRecord,
  fields: NewUser,
  nowMillis: number
): UserRecord => {
  const user: UserRecord = {
    id: Ids.uuid(),
    projectId: project.id,
    // Empty display names are stored as null.
    displayName: fields.displayName || null,
    profileImageUrl: fields.profileImageUrl ?? null,
    clientMetadata: fields.clientMetadata ?? null,
    clientReadOnlyMetadata: fields.clientReadOnlyMetadata ?? null,
    serverMetadata: fields.serverMetadata ?? null,
    signedUpAtMillis: nowMillis,
    lastActiveAtMillis: nowMillis,
    passwordHash: fields.passwordHash ?? null,
    otpAuthEnabled: fields.otpAuthEnabled ?? false,
    totpSecretBase64: fields.totpSecretBase64 ?? null,
    selectedTeamId: null,
    isAnonymous: fields.isAnonymous ?? false,
    restrictedByAdmin: false,
    restrictedByAdminReason: null,
    restrictedByAdminPrivateDetails: null,
    countryCode: fields.countryCode ?? null
  }
  data.users[user.id] = user
  if (fields.primaryEmail) {
    addContactChannel(data, {
      user,
      value: fields.primaryEmail,
      isPrimary: true,
      isVerified: fields.primaryEmailVerified ?? false,
      usedForAuth: fields.primaryEmailAuthEnabled ?? false,
      nowMillis
    })
  }
  // The service announces the user before its personal team exists.
  userChanged(data, user, "user.created", nowMillis)
  for (const permissionId of project.config.userDefaultPermissions) {
    grantProjectPermission(data, { projectId: project.id, userId: user.id, permissionId }, nowMillis)
  }
  if (project.config.createTeamOnSignUp) {
    const team = createTeam(data, {
      projectId: project.id,
      displayName: personalTeamName(user.displayName, fields.primaryEmail ?? null),
      nowMillis
    })
    addTeamMember(data, { team, user, asCreator: true, nowMillis })
    data.users[user.id] = { ...user, selectedTeamId: team.id }
  }
  return data.users[user.id] ?? user
}

/**
 * Turns an anonymous user into a regular one in place (same id, metadata, sessions and teams), as
 * the service's `createOrUpgradeAnonymousUser` does on every sign-up path: the new primary e-mail
 * and sign-in methods are added, a country already set is kept, and a personal team still called
 * `Personal Team` is renamed after the user.
 */
export const upgradeAnonymousUser = (
  data: StateData,
  user: UserRecord,
  fields: NewUser,
  nowMillis: number
): UserRecord => {
  const upgraded: UserRecord = {
    ...user,
    isAnonymous: false,
    displayName: user.displayName ?? (fields.displayName || null),
    passwordHash: fields.passwordHash ?? user.passwordHash,
    otpAuthEnabled: fields.otpAuthEnabled ?? user.otpAuthEnabled,
    countryCode: user.countryCode ?? fields.countryCode ?? null
  }
  data.users[user.id] = upgraded
  if (fields.primaryEmail) {
    addContactChannel(data, {
      user: upgraded,
      value: fields.primaryEmail,
      isPrimary: true,
      isVerified: fields.primaryEmailVerified ?? false,
      usedForAuth: fields.primaryEmailAuthEnabled ?? false,
      nowMillis
    })
  }
  return makeNonAnonymous(data, upgraded)
}

/**
 * The user a sign-up makes: the caller itself when it is anonymous (upgraded in place), else a new
 * user.
 */
export const createOrUpgradeUser = (
  data: StateData,
  project: ProjectRecord,
  caller: UserRecord | undefined,
  fields: NewUser,
  nowMillis: number
): UserRecord =>
  caller?.isAnonymous === true && caller.projectId === project.id
    ? upgradeAnonymousUser(data, caller, fields, nowMillis)
    : createUser(data, project, fields, nowMillis)

/**
 * An anonymous user made regular by a server (`PATCH /users/{id}` with `is_anonymous: false`): its
 * personal team, if still called `Personal Team`, is named after it, as the service does.
 */
export const makeNonAnonymous = (data: StateData, user: UserRecord): UserRecord => {
  const upgraded: UserRecord = { ...user, isAnonymous: false }
  data.users[user.id] = upgraded
  const primary = channelsOfUser(data, user.id).find((c) => c.isPrimary)
  for (const membership of Object.values(data.teamMemberships)) {
    const team = data.teams[membership.teamId]
    if (membership.userId === user.id && team !== undefined && team.displayName === "Personal Team") {
      data.teams[team.id] = { ...team, displayName: personalTeamName(upgraded.displayName, primary?.value ?? null) }
    }
  }
  return upgraded
}

/** Adds a contact channel; a new primary channel demotes the previous primary one. */
export const addContactChannel = (
  data: StateData,
  fields: {
    readonly user: UserRecord
    readonly value: string
    readonly isPrimary: boolean
    readonly isVerified: boolean
    readonly usedForAuth: boolean
    readonly nowMillis: number
  }
): ContactChannelRecord => {
  if (fields.isPrimary) {
    for (const channel of channelsOfUser(data, fields.user.id)) {
      if (channel.isPrimary) data.contactChannels[channel.id] = { ...channel, isPrimary: false }
    }
  }
  const channel: ContactChannelRecord = {
    id: Ids.uuid(),
    projectId: fields.user.projectId,
    userId: fields.user.id,
    type: "email",
    value: fields.value,
    isVerified: fields.isVerified,
    isPrimary: fields.isPrimary,
    usedForAuth: fields.usedForAuth,
    createdAtMillis: fields.nowMillis
  }
  data.contactChannels[channel.id] = channel
  return channel
}

/**
 * Sends the e-mail-verification message of a contact channel: a 7-day code, linked as
 * `callbackUrl?code=…`, consumed by `POST /contact-channels/verify` (`data: {user_id, channel_id}`).
 */
export const sendVerificationEmail = (
  data: StateData,
  fields: {
    readonly project: ProjectRecord
    readonly user: UserRecord
    readonly email: string
    readonly callbackUrl: string
    readonly nowMillis: number
  }
): void => {
  const channel = channelsOfUser(data, fields.user.id).find((c) => c.value === fields.email)
  const code = createCode(data, {
    projectId: fields.project.id,
    type: CodeType.contactChannelVerification,
    nowMillis: fields.nowMillis,
    method: { email: fields.email },
    data: { user_id: fields.user.id, channel_id: channel?.id ?? null },
    callbackUrl: fields.callbackUrl
  })
  const link = linkWithCode(fields.callbackUrl, code.code)
  sendEmail(data, {
    projectId: fields.project.id,
    to: fields.email,
    subject: `Verify your email at ${fields.project.displayName}`,
    text: `Please verify your e-mail address for ${fields.project.displayName} by opening this link:\n\n${link}`,
    code: code.code,
    link
  }, fields.nowMillis)
}
