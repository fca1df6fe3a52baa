/**
 * Notification preferences: `GET /emails/notification-preference/{user_id}` and
 * `PATCH /emails/notification-preference/{user_id}/{notification_category_id}`, as backend 2.8.86
 * answers them. The service has two fixed categories (Transactional, which cannot be turned off,
 * and Marketing), both on by default. A client reads and changes only its own; an unknown
 * category is a 404 text.
 */
import * as Effect from "effect/Effect"
import {
  NotificationPreference,
  NotificationPreferenceList,
  NotificationPreferenceParams,
  NotificationPreferenceUpdate,
  NotificationPreferenceUserParams
} from "../../wire/notification-preferences.ts"
import * as Create from "../../errors/create.ts"
import type { RequestAuth } from "../auth.ts"
import * as Reply from "../reply.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import type { StateData } from "../state.ts"
import { findUserOrFail } from "./team-permissions.ts"

/** The service's categories (ids fixed in its source). */
export const notificationCategories: ReadonlyArray<{
  readonly id: string
  readonly name: string
  readonly defaultEnabled: boolean
  readonly canDisable: boolean
}> = [
  { id: "7bb82d33-2f54-4a3d-9d23-82739e0d66ef", name: "Transactional", defaultEnabled: true, canDisable: false },
  { id: "4f6f8873-3d04-46bd-8bef-18338b1a1b4c", name: "Marketing", defaultEnabled: true, canDisable: true }
]

const preferenceKey = (projectId: string, userId: string, categoryId: string) => `${projectId}:${userId}:${categoryId}`

/** Whether the user receives e-mail of the category (their choice, or the category's default). */
export const notificationEnabled = (data: StateData, projectId: string, userId: string, categoryId: string): boolean =>
  data.features.notificationPreferences[preferenceKey(projectId, userId, categoryId)]?.enabled ??
    notificationCategories.find((c) => c.id === categoryId)?.defaultEnabled ?? true

/** The user the path names; `me` without a user is USER_AUTHENTICATION_REQUIRED here, like the service. */
const targetUser = (data: StateData, auth: RequestAuth, userIdOrMe: string, forbidden: string) =>
  Effect.gen(function*() {
    const userId = yield* resolveUserId(userIdOrMe, auth)
    if (auth.accessType === "client") {
      if (auth.user === undefined) return yield* Create.UserAuthenticationRequired()
      if (userId !== auth.user.id) return yield* Reply.textError(403, forbidden)
    }
    yield* findUserOrFail(data, auth.project.id, userId)
    return userId
  })

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/emails/notification-preference/{user_id}",
    access: ["client", "server", "admin"],
    params: NotificationPreferenceUserParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const userId = yield* targetUser(ctx.data, ctx.auth, ctx.params.user_id, "You can only view your own notification preferences")
      return yield* Reply.json(NotificationPreferenceList, {
        items: notificationCategories.map((c) => ({
          notification_category_id: c.id,
          notification_category_name: c.name,
          enabled: notificationEnabled(ctx.data, ctx.auth.project.id, userId, c.id),
          can_disable: c.canDisable
        })),
        is_paginated: false
      })
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/emails/notification-preference/{user_id}/{notification_category_id}",
    access: ["client", "server", "admin"],
    params: NotificationPreferenceParams,
    body: NotificationPreferenceUpdate,
    handler: Effect.fnUntraced(function*(ctx) {
      // Like the service: `me` is resolved before the category is looked up.
      yield* resolveUserId(ctx.params.user_id, ctx.auth)
      const category = notificationCategories.find((c) => c.id === ctx.params.notification_category_id)
      if (category === undefined) return yield* Reply.textError(404, "Notification category not found")
      const userId = yield* targetUser(ctx.data, ctx.auth, ctx.params.user_id, "You can only manage your own notification preferences")
      const projectId = ctx.auth.project.id
      ctx.data.features.notificationPreferences[preferenceKey(projectId, userId, category.id)] = {
        projectId,
        userId,
        categoryId: category.id,
        enabled: ctx.body.enabled
      }
      return yield* Reply.json(NotificationPreference, {
        notification_category_id: category.id,
        notification_category_name: category.name,
        enabled: ctx.body.enabled,
        can_disable: category.canDisable
      })
    })
  })
]
