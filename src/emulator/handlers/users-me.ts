/**
 * The current user: `GET|PATCH|DELETE /users/me`.
 *
 * Client access reads and writes the ClientUser fields; server/admin access the ServerUser ones.
 * PATCH checks every field before changing anything, so a failed update leaves the user untouched.
 */
import * as Effect from "effect/Effect"
import {
  CannotGetOwnUserWithoutUser,
  TeamMembershipNotFound,
  UserWithEmailAlreadyExists
} from "../../errors/catalogue.ts"
import { ClientUser, ClientUserUpdate, ServerUser, ServerUserUpdate } from "../../wire/users.ts"
import { addContactChannel, makeNonAnonymous } from "../accounts.ts"
import type { AccessType } from "../auth.ts"
import { hashPassword, isSupportedHash } from "../passwords.ts"
import * as Reply from "../reply.ts"
import { storedImage } from "../storage.ts"
import type { EmulatorEnv } from "../env.ts"
import { userChanged, userDeleted } from "../webhook-events.ts"
import { defineRoute } from "../router.ts"
import {
  authChannelByEmail,
  deleteUser,
  membershipKey,
  normalizeEmail,
  primaryEmailChannel,
  type StateData,
  type UserRecord
} from "../state.ts"
import type { RequestSchema } from "../validation.ts"
import { clientUserView, serverUserView } from "../views.ts"
import * as Create from "../../errors/create.ts"

/** The user as the caller's access type sees it. */
export const userReply = (data: StateData, user: UserRecord, accessType: AccessType) =>
  accessType === "client"
    ? Reply.json(ClientUser, clientUserView(data, user))
    : Reply.json(ServerUser, serverUserView(data, user))

const base64Image = /^data:image\/(png|jpg|jpeg|gif|bmp|webp);base64,([A-Za-z0-9+/]+={0,2})$/
const bareBase64 = /^[A-Za-z0-9+/]+={0,2}$/

/** Client access may only upload base64 images (`data:image/...;base64,...` or bare base64). */
const isClientProfileImage = (value: string): boolean => base64Image.test(value) || bareBase64.test(value)

/** Hashes the server accepts as `password_hash`: ours, and bcrypt in Modular Crypt Format. */
export const isAcceptedPasswordHash = (hash: string): boolean =>
  isSupportedHash(hash) || (/^\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}$/.test(hash) && bcryptRounds(hash) <= maxBcryptRounds)

/** More bcrypt rounds than this is refused (the service's limit: checking such a hash takes too long). */
const maxBcryptRounds = 16

const bcryptRounds = (hash: string): number => Number(hash.split("$")[2])

/**
 * The administrator's restriction a body sets, checked like the service: reason and details need
 * `restricted_by_admin: true` in the body (SCHEMA_ERROR) and on the user once updated (a 400 text);
 * lifting the restriction clears both. `undefined`: the body changes none of it.
 */
export const adminRestriction = (
  user: Pick<UserRecord, "restrictedByAdmin" | "restrictedByAdminReason" | "restrictedByAdminPrivateDetails">,
  body: Pick<ServerUserUpdate, "restricted_by_admin" | "restricted_by_admin_reason" | "restricted_by_admin_private_details">
) =>
  Effect.gen(function*() {
    if (body.restricted_by_admin === undefined && body.restricted_by_admin_reason === undefined && body.restricted_by_admin_private_details === undefined) {
      return undefined
    }
    for (const field of ["restricted_by_admin_reason", "restricted_by_admin_private_details"] as const) {
      if (body.restricted_by_admin !== true && body[field] !== undefined && body[field] !== null) {
        if (body.restricted_by_admin === false) {
          return yield* Create.SchemaError({ message: `${field} must be null when restricted_by_admin is not true` })
        }
      }
    }
    const restricted = body.restricted_by_admin ?? user.restrictedByAdmin
    const reason = body.restricted_by_admin_reason === undefined ? undefined : (body.restricted_by_admin_reason || null)
    const details = body.restricted_by_admin_private_details === undefined ? undefined : (body.restricted_by_admin_private_details || null)
    if (!restricted) {
      if (reason != null) return yield* Reply.textError(400, "restricted_by_admin_reason requires restricted_by_admin=true")
      if (details != null) return yield* Reply.textError(400, "restricted_by_admin_private_details requires restricted_by_admin=true")
      return { restrictedByAdmin: false, restrictedByAdminReason: null, restrictedByAdminPrivateDetails: null }
    }
    return {
      restrictedByAdmin: true,
      restrictedByAdminReason: reason === undefined ? user.restrictedByAdminReason : reason,
      restrictedByAdminPrivateDetails: details === undefined ? user.restrictedByAdminPrivateDetails : details
    }
  })

/**
 * Applies a `PATCH /users/me` (or server `PATCH /users/{id}`) body to `user`: checks first, then
 * changes. Shared with the users resource.
 */
export const updateUser = (
  ctx: { readonly data: StateData; readonly now: number; readonly env: EmulatorEnv },
  user: UserRecord,
  accessType: AccessType,
  body: ServerUserUpdate
): Effect.Effect<UserRecord, Reply.HandlerError> =>
  Effect.gen(function*() {
    const { data, now } = ctx
    const project = data.projects[user.projectId]
    if (project === undefined) return yield* Effect.die(new Error(`Project ${user.projectId} is missing`))

    // ---- checks (nothing changes until all pass)
    if (accessType === "client" && body.profile_image_url !== undefined && body.profile_image_url !== null &&
      !isClientProfileImage(body.profile_image_url)) {
      return yield* Reply.textError(400, "Invalid profile image URL")
    }
    if (body.password !== undefined && body.password_hash !== undefined) {
      return yield* Reply.textError(400, "Cannot set both password and password_hash at the same time.")
    }
    if (body.password_hash !== undefined && !isAcceptedPasswordHash(body.password_hash)) {
      return yield* Reply.textError(400, "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.")
    }
    const restriction = yield* adminRestriction(user, body)
    if (body.selected_team_id !== undefined && body.selected_team_id !== null &&
      data.teamMemberships[membershipKey(body.selected_team_id, user.id)] === undefined) {
      return yield* Create.TeamMembershipNotFound({ team_id: body.selected_team_id, user_id: user.id })
    }

    const oldPrimary = primaryEmailChannel(data, user.id)
    const newEmail = body.primary_email === undefined || body.primary_email === null
      ? body.primary_email
      : body.primary_email.trim()
    const removingEmail = newEmail === null
    const effectiveEmail = newEmail !== undefined ? newEmail : (oldPrimary?.value ?? null)
    const authEnabled = removingEmail ? false : (body.primary_email_auth_enabled ?? oldPrimary?.usedForAuth ?? false)
    const verified = removingEmail ? false : (body.primary_email_verified ?? oldPrimary?.isVerified ?? false)
    if (!effectiveEmail && authEnabled) {
      return yield* Reply.textError(400, "primary_email_auth_enabled cannot be true without primary_email")
    }
    if (!effectiveEmail && verified) {
      return yield* Reply.textError(400, "primary_email_verified cannot be true without primary_email")
    }
    if (authEnabled && effectiveEmail && (oldPrimary === undefined || oldPrimary.value !== effectiveEmail)) {
      const holder = authChannelByEmail(data, project.id, effectiveEmail)
      if (holder !== undefined && holder.userId !== user.id) {
        return yield* Create.UserWithEmailAlreadyExists({ email: effectiveEmail, would_work_if_email_was_verified: false })
      }
    }
    if (body.otp_auth_enabled === true && !user.otpAuthEnabled && !project.config.magicLinkEnabled) {
      return yield* Reply.textError(400, "OTP auth not enabled in the project")
    }
    if (body.passkey_auth_enabled === true) {
      return yield* Reply.textError(
        400,
        "Cannot manually enable passkey auth, it is enabled iff there is a passkey auth method"
      )
    }
    const settingPassword = body.password !== undefined && body.password !== null
    if ((settingPassword || body.password_hash !== undefined) && user.passwordHash === null) {
      if (!project.config.credentialEnabled) return yield* Reply.textError(400, "Password auth not enabled in the project")
      if (!effectiveEmail) return yield* Effect.die(new Error("password is set but primary_email is not set"))
    }
    const passwordHash = body.password === undefined
      ? body.password_hash
      : body.password === null
      ? null
      : yield* hashPassword(body.password)

    // ---- changes
    let next: UserRecord = { ...user }
    if (body.display_name !== undefined) next = { ...next, displayName: body.display_name || null }
    if (body.profile_image_url !== undefined) {
      next = { ...next, profileImageUrl: storedImage(ctx.env.storage, "user-profile-images", body.profile_image_url) }
    }
    if (body.client_metadata !== undefined) next = { ...next, clientMetadata: body.client_metadata }
    if (body.client_read_only_metadata !== undefined) {
      next = { ...next, clientReadOnlyMetadata: body.client_read_only_metadata }
    }
    if (body.server_metadata !== undefined) next = { ...next, serverMetadata: body.server_metadata }
    if (body.selected_team_id !== undefined) next = { ...next, selectedTeamId: body.selected_team_id }
    if (body.otp_auth_enabled !== undefined) next = { ...next, otpAuthEnabled: body.otp_auth_enabled }
    if (body.totp_secret_base64 !== undefined) next = { ...next, totpSecretBase64: body.totp_secret_base64 }
    if ("country_code" in body && body.country_code !== undefined) {
      next = { ...next, countryCode: body.country_code === null ? null : body.country_code.trim().toUpperCase() }
    }
    if (restriction !== undefined) next = { ...next, ...restriction }
    if (passwordHash !== undefined) {
      next = { ...next, passwordHash }
      // A new password signs the user out everywhere.
      for (const [id, session] of Object.entries(data.refreshTokens)) {
        if (session.userId === user.id) delete data.refreshTokens[id]
      }
    }
    data.users[user.id] = next

    if (newEmail === null) {
      for (const [id, channel] of Object.entries(data.contactChannels)) {
        if (channel.userId === user.id && channel.isPrimary) data.contactChannels[id] = { ...channel, isPrimary: false }
      }
    } else if (newEmail !== undefined) {
      const existing = Object.values(data.contactChannels).find((c) =>
        c.userId === user.id && normalizeEmail(c.value) === normalizeEmail(newEmail)
      )
      if (existing !== undefined) {
        for (const [id, channel] of Object.entries(data.contactChannels)) {
          if (channel.userId === user.id && channel.isPrimary) data.contactChannels[id] = { ...channel, isPrimary: false }
        }
        data.contactChannels[existing.id] = {
          ...existing,
          isPrimary: true,
          usedForAuth: authEnabled,
          isVerified: body.primary_email_verified ?? existing.isVerified
        }
      } else {
        addContactChannel(data, {
          user: next,
          value: newEmail,
          isPrimary: true,
          isVerified: body.primary_email_verified ?? false,
          usedForAuth: authEnabled,
          nowMillis: now
        })
      }
    } else if (oldPrimary !== undefined &&
      (body.primary_email_verified !== undefined || body.primary_email_auth_enabled !== undefined)) {
      data.contactChannels[oldPrimary.id] = { ...oldPrimary, isVerified: verified, usedForAuth: authEnabled }
    }

    if (body.passkey_auth_enabled === false) {
      for (const [id, passkey] of Object.entries(data.passkeys)) {
        if (passkey.userId === user.id) delete data.passkeys[id]
      }
    }
    // Server only: an anonymous user becomes a regular one (never the other way round).
    if ("is_anonymous" in body && body.is_anonymous === false && user.isAnonymous) {
      next = makeNonAnonymous(data, next)
    }
    userChanged(data, next, "user.updated", now)
    return next
  })

const currentUser = (user: UserRecord | undefined) =>
  user === undefined ? Effect.fail(Create.CannotGetOwnUserWithoutUser()) : Effect.succeed(user)

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/users/me",
    access: ["client", "server", "admin"],
    handler: Effect.fnUntraced(function*(ctx) {
      const user = yield* currentUser(ctx.user)
      return yield* userReply(ctx.data, user, ctx.auth.accessType)
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/users/me",
    access: ["client", "server", "admin"],
    bodyFor: (accessType): RequestSchema<ServerUserUpdate> => accessType === "client" ? ClientUserUpdate : ServerUserUpdate,
    handler: Effect.fnUntraced(function*(ctx) {
      const user = yield* currentUser(ctx.user)
      const updated = yield* updateUser(ctx, user, ctx.auth.accessType, ctx.body)
      return yield* userReply(ctx.data, updated, ctx.auth.accessType)
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/users/me",
    access: ["client", "server", "admin"],
    handler: Effect.fnUntraced(function*(ctx) {
      const user = yield* currentUser(ctx.user)
      if (ctx.auth.accessType === "client" && !ctx.auth.project.config.clientUserDeletionEnabled) {
        return yield* Reply.textError(400, "Client user deletion is not enabled for this project")
      }
      userDeleted(ctx.data, user, ctx.now)
      deleteUser(ctx.data, user.id)
      return yield* Reply.success
    })
  })
]
