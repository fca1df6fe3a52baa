/**
 * Contact channels: list, create, read, update, delete, the verification e-mail
 * (per channel and the legacy primary-e-mail form) and verification by code.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  CannotGetOwnUserWithoutUser,
  ContactChannelAlreadyUsedForAuthBySomeoneElse,
  EmailAlreadyVerified,
  EmailIsNotPrimaryEmail,
  RedirectUrlNotWhitelisted,
  UserIdDoesNotExist
} from "../../errors/catalogue.ts"
import { CodeValidBody } from "../../wire/common.ts"
import {
  ClientContactChannelCreate,
  ClientContactChannelUpdate,
  ContactChannel,
  ContactChannelList,
  LegacySendVerificationCodeBody,
  SendVerificationCodeBody,
  ServerContactChannelCreate,
  ServerContactChannelsListQuery,
  ServerContactChannelUpdate,
  VerifyContactChannelBody
} from "../../wire/contact-channels.ts"
import { addContactChannel, sendVerificationEmail } from "../accounts.ts"
import type { AccessType, RequestAuth } from "../auth.ts"
import { checkCode, CodeType, consumeCode, isRedirectUrlTrusted } from "../codes.ts"
import * as Reply from "../reply.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import {
  authChannelByEmail,
  type ContactChannelRecord,
  findUser,
  normalizeEmail,
  primaryEmailChannel,
  type StateData
} from "../state.ts"
import type { RequestSchema } from "../validation.ts"
import * as Create from "../../errors/create.ts"

/** A channel as the wire shows it. */
export const channelView = (channel: ContactChannelRecord): ContactChannel => ({
  user_id: channel.userId,
  id: channel.id,
  value: channel.value,
  type: channel.type,
  used_for_auth: channel.usedForAuth,
  is_verified: channel.isVerified,
  is_primary: channel.isPrimary
})

const ChannelParams = Schema.Struct({ user_id: Schema.String, contact_channel_id: Schema.String })

/**
 * The id of the user a request acts on: `me` resolved; clients only on themselves (`verb` names the
 * action). Like the server, the id is not checked: an unknown user simply has no channels.
 */
const targetUserId = (auth: RequestAuth, userIdOrMe: string, verb: string, status = 403) =>
  Effect.gen(function*() {
    const userId = yield* resolveUserId(userIdOrMe, auth)
    if (auth.accessType === "client" && userId !== auth.user?.id) {
      return yield* Reply.textError(status, `Client can only ${verb} contact channels for their own user.`)
    }
    return userId
  })

const channelOf = (data: StateData, userId: string, channelId: string, missing: { status: number; text: string }) => {
  const channel = data.contactChannels[channelId]
  return channel === undefined || channel.userId !== userId
    ? Effect.fail(Reply.textError(missing.status, missing.text))
    : Effect.succeed(channel)
}

/** CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE when another user signs in with `value`. */
const checkAuthUse = (data: StateData, projectId: string, userId: string, value: string) => {
  const holder = authChannelByEmail(data, projectId, value)
  return holder !== undefined && holder.userId !== userId
    ? Effect.fail(Create.ContactChannelAlreadyUsedForAuthBySomeoneElse({
      type: "email",
      contact_channel_value: value,
      would_work_if_email_was_verified: false
    }))
    : Effect.void
}

const makePrimary = (data: StateData, channel: ContactChannelRecord) => {
  for (const [id, other] of Object.entries(data.contactChannels)) {
    if (other.userId === channel.userId && other.isPrimary && other.id !== channel.id) {
      data.contactChannels[id] = { ...other, isPrimary: false }
    }
  }
}

const createBody = (accessType: AccessType | null): RequestSchema<ServerContactChannelCreate> =>
  accessType === "client" ? ClientContactChannelCreate : ServerContactChannelCreate
const updateBody = (accessType: AccessType | null): RequestSchema<ServerContactChannelUpdate> =>
  accessType === "client" ? ClientContactChannelUpdate : ServerContactChannelUpdate

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/contact-channels",
    access: ["client", "server", "admin"],
    // One schema for every access type (client-only rules are checked below).
    query: ServerContactChannelsListQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const userIdOrMe = ctx.query.user_id
      let userId: string | undefined
      if (userIdOrMe !== undefined) {
        userId = yield* targetUserId(ctx.auth, userIdOrMe, "list")
      } else if (ctx.auth.accessType === "client") {
        return yield* Reply.textError(403, "Client can only list contact channels for their own user.")
      }
      const items = Object.values(data.contactChannels)
        .filter((c) => c.projectId === ctx.auth.project.id)
        .filter((c) => userId === undefined || c.userId === userId)
        .filter((c) => ctx.query.contact_channel_id === undefined || c.id === ctx.query.contact_channel_id)
        .sort((a, b) => a.createdAtMillis - b.createdAtMillis)
      return yield* Reply.json(ContactChannelList, { items: items.map(channelView), is_paginated: false })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/contact-channels",
    access: ["client", "server", "admin"],
    bodyFor: createBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const body = ctx.body
      const userId = yield* targetUserId(ctx.auth, body.user_id, "create")
      const value = body.value.trim()
      if (Object.values(data.contactChannels).some((c) => c.userId === userId && c.type === body.type && normalizeEmail(c.value) === normalizeEmail(value))) {
        return yield* Reply.textError(400, "Contact channel already exists")
      }
      if (body.used_for_auth) yield* checkAuthUse(data, ctx.auth.project.id, userId, value)
      const user = findUser(data, ctx.auth.project.id, userId)
      if (user === undefined) return yield* Reply.databaseConstraintFailure
      const channel = addContactChannel(data, {
        user,
        value,
        isPrimary: body.is_primary ?? false,
        isVerified: body.is_verified ?? false,
        usedForAuth: body.used_for_auth,
        nowMillis: ctx.now
      })
      return yield* Reply.json(ContactChannel, channelView(channel), { status: 201 })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/contact-channels/{user_id}/{contact_channel_id}",
    access: ["client", "server", "admin"],
    params: ChannelParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const userId = yield* targetUserId(ctx.auth, ctx.params.user_id, "read")
      const channel = yield* channelOf(ctx.data, userId, ctx.params.contact_channel_id, { status: 404, text: "Contact channel not found." })
      return yield* Reply.json(ContactChannel, channelView(channel))
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/contact-channels/{user_id}/{contact_channel_id}",
    access: ["client", "server", "admin"],
    params: ChannelParams,
    bodyFor: updateBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const body = ctx.body
      const userId = yield* targetUserId(ctx.auth, ctx.params.user_id, "update")
      const channel = yield* channelOf(data, userId, ctx.params.contact_channel_id, { status: 400, text: "Contact channel not found" })
      const value = body.value === undefined ? channel.value : body.value.trim()
      const usedForAuth = body.used_for_auth ?? channel.usedForAuth
      if (usedForAuth && (body.used_for_auth === true || value !== channel.value)) {
        yield* checkAuthUse(data, ctx.auth.project.id, userId, value)
      }
      const valueChanged = normalizeEmail(value) !== normalizeEmail(channel.value)
      const next: ContactChannelRecord = {
        ...channel,
        value,
        usedForAuth,
        isPrimary: body.is_primary ?? channel.isPrimary,
        // A new value must be verified again unless the server says otherwise.
        isVerified: body.is_verified ?? (valueChanged ? false : channel.isVerified)
      }
      if (next.isPrimary) makePrimary(data, next)
      data.contactChannels[channel.id] = next
      return yield* Reply.json(ContactChannel, channelView(next))
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/contact-channels/{user_id}/{contact_channel_id}",
    access: ["client", "server", "admin"],
    params: ChannelParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const userId = yield* targetUserId(ctx.auth, ctx.params.user_id, "delete")
      const channel = yield* channelOf(ctx.data, userId, ctx.params.contact_channel_id, { status: 400, text: "Contact channel not found" })
      delete ctx.data.contactChannels[channel.id]
      return yield* Reply.success
    })
  }),
  defineRoute({
    method: "POST",
    path: "/contact-channels/{user_id}/{contact_channel_id}/send-verification-code",
    access: ["client", "server", "admin"],
    params: ChannelParams,
    body: SendVerificationCodeBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const userId = yield* resolveUserId(ctx.params.user_id, ctx.auth)
      // A client without a user is told so first, whatever id it named (backend 2.8.86).
      if (ctx.auth.accessType === "client" && ctx.auth.user === undefined) return yield* Create.CannotGetOwnUserWithoutUser()
      if (ctx.auth.accessType === "client" && userId !== ctx.auth.user?.id) {
        return yield* Reply.textError(400, "Can only send verification code for your own user")
      }
      const user = findUser(data, ctx.auth.project.id, userId)
      if (user === undefined) return yield* Create.UserIdDoesNotExist({ user_id: userId })
      const channel = yield* channelOf(data, user.id, ctx.params.contact_channel_id, { status: 404, text: "Contact channel not found" })
      if (channel.isVerified) return yield* Create.EmailAlreadyVerified()
      if (!isRedirectUrlTrusted(ctx.auth.project, ctx.body.callback_url)) return yield* Create.RedirectUrlNotWhitelisted()
      sendVerificationEmail(data, { project: ctx.auth.project, user, email: channel.value, callbackUrl: ctx.body.callback_url, nowMillis: ctx.now })
      return yield* Reply.success
    })
  }),
  defineRoute({
    method: "POST",
    path: "/contact-channels/send-verification-code",
    access: ["client", "server", "admin"],
    user: "required",
    body: LegacySendVerificationCodeBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const primary = primaryEmailChannel(data, ctx.user.id)
      if (primary === undefined || normalizeEmail(primary.value) !== normalizeEmail(ctx.body.email)) {
        return yield* Create.EmailIsNotPrimaryEmail({ email: ctx.body.email, primary_email: primary?.value ?? null })
      }
      if (primary.isVerified) return yield* Create.EmailAlreadyVerified()
      if (!isRedirectUrlTrusted(ctx.auth.project, ctx.body.callback_url)) return yield* Create.RedirectUrlNotWhitelisted()
      sendVerificationEmail(data, { project: ctx.auth.project, user: ctx.user, email: primary.value, callbackUrl: ctx.body.callback_url, nowMillis: ctx.now })
      return yield* Reply.success
    })
  }),
  defineRoute({
    method: "POST",
    path: "/contact-channels/verify",
    access: ["client", "server", "admin"],
    body: VerifyContactChannelBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const record = yield* checkCode(data, {
        projectId: ctx.auth.project.id,
        type: CodeType.contactChannelVerification,
        code: ctx.body.code,
        nowMillis: ctx.now
      })
      consumeCode(data, record, ctx.now)
      const target = Schema.decodeUnknownOption(Schema.Struct({ user_id: Schema.String, channel_id: Schema.NullOr(Schema.String) }))(record.data)
      const email = Schema.decodeUnknownOption(Schema.Struct({ email: Schema.String }))(record.method)
      if (target._tag === "Some") {
        const channel = Object.values(data.contactChannels).find((c) =>
          c.userId === target.value.user_id &&
          (c.id === target.value.channel_id || (email._tag === "Some" && normalizeEmail(c.value) === normalizeEmail(email.value.email)))
        )
        if (channel !== undefined) data.contactChannels[channel.id] = { ...channel, isVerified: true }
      }
      return yield* Reply.success
    })
  }),
  defineRoute({
    method: "POST",
    path: "/contact-channels/verify/check-code",
    access: ["client", "server", "admin"],
    body: VerifyContactChannelBody,
    handler: Effect.fnUntraced(function*(ctx) {
      yield* checkCode(ctx.data, {
        projectId: ctx.auth.project.id,
        type: CodeType.contactChannelVerification,
        code: ctx.body.code,
        nowMillis: ctx.now
      })
      return yield* Reply.json(CodeValidBody, { is_code_valid: true })
    })
  })
]
