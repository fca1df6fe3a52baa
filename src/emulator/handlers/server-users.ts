/**
 * Users from server and admin code: list with cursor pagination and filters,
 * create, read, update and delete any user of the project.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { UserNotFound, UserWithEmailAlreadyExists } from "../../errors/catalogue.ts"
import { ServerUser, ServerUserCreate, ServerUserList, ServerUserUpdate, UserReadQuery, UsersListQuery } from "../../wire/users.ts"
import { createUser } from "../accounts.ts"
import { hashPassword } from "../passwords.ts"
import * as Ids from "../ids.ts"
import * as Reply from "../reply.ts"
import { storedImage } from "../storage.ts"
import { userDeleted } from "../webhook-events.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import { UserIdOrMeParam } from "../user-id-param.ts"
import { authChannelByEmail, deleteUser, findUser, membershipKey, normalizeEmail, restrictedReason, type StateData, type UserRecord } from "../state.ts"
import { serverUserView } from "../views.ts"
import { adminRestriction, isAcceptedPasswordHash, updateUser } from "./users-me.ts"
import * as Create from "../../errors/create.ts"

const UserIdParams = Schema.Struct({ user_id: UserIdOrMeParam })

const existingUser = (data: StateData, projectId: string, userId: string) => {
  const user = findUser(data, projectId, userId)
  return user === undefined ? Effect.fail(Create.UserNotFound()) : Effect.succeed(user)
}

/** Whether `user` matches the free-text `query` (display name, any contact value, or exact id). */
const matchesQuery = (data: StateData, user: UserRecord, query: string): boolean => {
  const needle = query.toLowerCase()
  if (user.id === query) return true
  if (user.displayName?.toLowerCase().includes(needle) === true) return true
  return Object.values(data.contactChannels).some((c) => c.userId === user.id && normalizeEmail(c.value).includes(needle))
}

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/users",
    access: ["server", "admin"],
    query: UsersListQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const query = ctx.query
      const projectId = ctx.auth.project.id
      const desc = query.desc === true
      const onlyAnonymous = query.only_anonymous === true
      const includeAnonymous = query.include_anonymous === true
      if (onlyAnonymous && !includeAnonymous) return yield* Reply.textError(400, "only_anonymous=true requires include_anonymous=true")
      // The service's hierarchy: no flag → regular users only; include_restricted → also restricted
      // ones; include_anonymous → everyone; only_anonymous → anonymous users only.
      const includeRestricted = query.include_restricted === true || includeAnonymous
      let users: Array<UserRecord> = Object.values(data.users)
        .filter((u) => u.projectId === projectId)
        .filter((u) => onlyAnonymous ? u.isAnonymous : includeAnonymous || !u.isAnonymous)
        .filter((u) => includeRestricted || u.isAnonymous || restrictedReason(data, u) === null)
        .filter((u) => query.team_id === undefined || data.teamMemberships[membershipKey(query.team_id, u.id)] !== undefined)
        .filter((u) => query.query === undefined || query.query === "" || matchesQuery(data, u, query.query))
        // Sign-up time; ties keep creation order (the sort is stable), so pages are stable too.
        .sort((a, b) => a.signedUpAtMillis - b.signedUpAtMillis)
      if (desc) users = users.reverse()
      let start = 0
      if (query.cursor !== undefined) {
        const index = users.findIndex((u) => u.id === query.cursor)
        // An unknown cursor starts nowhere: an empty page, as the server's keyset query gives.
        start = index < 0 ? users.length : index
      }
      const limit = query.limit
      const page = limit === undefined ? users.slice(start) : users.slice(start, start + limit)
      const next = limit === undefined ? undefined : users[start + limit]
      return yield* Reply.json(ServerUserList, {
        items: page.map((u) => serverUserView(data, u)),
        is_paginated: true,
        pagination: { next_cursor: next?.id ?? null }
      })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/users",
    access: ["server", "admin"],
    body: ServerUserCreate,
    handler: Effect.fnUntraced(function*(ctx) {
      const { body, data } = ctx
      const project = ctx.auth.project
      if (body.password !== undefined && body.password !== null && body.password_hash !== undefined) {
        return yield* Reply.textError(400, "Cannot set both password and password_hash at the same time.")
      }
      if (body.password_hash !== undefined && !isAcceptedPasswordHash(body.password_hash)) {
        return yield* Reply.textError(400, "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.")
      }
      const email = body.primary_email === undefined || body.primary_email === null ? null : body.primary_email.trim()
      if (body.primary_email_auth_enabled === true && !email) {
        return yield* Reply.textError(400, "primary_email_auth_enabled cannot be true without primary_email")
      }
      if (body.primary_email_verified === true && !email) {
        return yield* Reply.textError(400, "primary_email_verified cannot be true without primary_email")
      }
      const settingPassword = (body.password !== undefined && body.password !== null) || body.password_hash !== undefined
      if (settingPassword && !project.config.credentialEnabled) {
        return yield* Reply.textError(400, "Password auth not enabled in the project")
      }
      if (body.otp_auth_enabled === true && !project.config.magicLinkEnabled) {
        return yield* Reply.textError(400, "OTP auth not enabled in the project")
      }
      if (email && body.primary_email_auth_enabled === true && authChannelByEmail(data, project.id, email) !== undefined) {
        return yield* Create.UserWithEmailAlreadyExists({ email, would_work_if_email_was_verified: false })
      }
      const restriction = yield* adminRestriction(
        { restrictedByAdmin: false, restrictedByAdminReason: null, restrictedByAdminPrivateDetails: null },
        body
      )
      const passwordHash = body.password !== undefined && body.password !== null
        ? yield* hashPassword(body.password)
        : body.password_hash ?? null
      const created = createUser(data, project, {
        displayName: body.display_name,
        profileImageUrl: storedImage(ctx.env.storage, "user-profile-images", body.profile_image_url),
        clientMetadata: body.client_metadata,
        clientReadOnlyMetadata: body.client_read_only_metadata,
        serverMetadata: body.server_metadata,
        primaryEmail: email,
        primaryEmailVerified: body.primary_email_verified,
        primaryEmailAuthEnabled: body.primary_email_auth_enabled,
        passwordHash,
        otpAuthEnabled: body.otp_auth_enabled,
        totpSecretBase64: body.totp_secret_base64,
        isAnonymous: body.is_anonymous
      }, ctx.now)
      const user = restriction === undefined ? created : { ...created, ...restriction }
      data.users[user.id] = user
      for (const provider of body.oauth_providers ?? []) {
        const id = Ids.uuid()
        data.oauthConnections[id] = {
          id,
          projectId: project.id,
          userId: user.id,
          providerId: provider.id,
          accountId: provider.account_id,
          email: provider.email ?? null,
          accessToken: null,
          refreshToken: null,
          scopes: [],
          allowSignIn: true,
          allowConnectedAccounts: true,
          createdAtMillis: ctx.now
        }
      }
      // The service renders the new user before it creates the personal team (`createPersonalTeamIfEnabled`
      // runs after), so the answer shows no selected team; later reads do.
      const view = serverUserView(data, data.users[user.id] ?? user)
      return yield* Reply.json(ServerUser, { ...view, selected_team: null, selected_team_id: null }, { status: 201 })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/users/{user_id}",
    access: ["server", "admin"],
    params: UserIdParams,
    // Accepted like the service; a user read by id is answered whatever kind it is.
    query: UserReadQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      const userId = yield* resolveUserId(ctx.params.user_id, ctx.auth)
      const user = yield* existingUser(ctx.data, ctx.auth.project.id, userId)
      return yield* Reply.json(ServerUser, serverUserView(ctx.data, user))
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/users/{user_id}",
    access: ["server", "admin"],
    params: UserIdParams,
    body: ServerUserUpdate,
    handler: Effect.fnUntraced(function*(ctx) {
      const userId = yield* resolveUserId(ctx.params.user_id, ctx.auth)
      const user = yield* existingUser(ctx.data, ctx.auth.project.id, userId)
      const updated = yield* updateUser(ctx, user, ctx.auth.accessType, ctx.body)
      return yield* Reply.json(ServerUser, serverUserView(ctx.data, updated))
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/users/{user_id}",
    access: ["server", "admin"],
    params: UserIdParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const userId = yield* resolveUserId(ctx.params.user_id, ctx.auth)
      const user = yield* existingUser(ctx.data, ctx.auth.project.id, userId)
      userDeleted(ctx.data, user, ctx.now)
      deleteUser(ctx.data, user.id)
      return yield* Reply.success
    })
  })
]
