/**
 * Users from server code: list page by page or as a Stream,
 * create, read, update, delete, sessions, contact channels and connected accounts of any user.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import {
  ContactChannelAlreadyUsedForAuthBySomeoneElse,
  EmailAlreadyVerified,
  OAuthAccessTokenNotAvailableWithSharedOAuthKeys,
  OAuthConnectionDoesNotHaveRequiredScope,
  OAuthConnectionNotConnectedToUser,
  OAuthProviderNotFoundOrNotEnabled,
  RedirectUrlNotWhitelisted,
  SchemaError,
  TeamMembershipNotFound,
  UserIdDoesNotExist,
  UserNotFound,
  UserWithEmailAlreadyExists
} from "../errors/catalogue.ts"
import { json, segment, text } from "../http/endpoint.ts"
import { camelize } from "../model/camel.ts"
import { ConnectedAccountAccessToken } from "../model/connected-account.ts"
import {
  ContactChannel,
  ContactChannelList,
  SendVerificationCode,
  ServerContactChannelUpdate
} from "../model/contact-channel.ts"
import { UserSessionList } from "../model/sessions.ts"
import { ServerUser, ServerUserCreate, ServerUserList, ServerUserUpdate } from "../model/user.ts"
import { SessionCreateBody, SessionCreateResponse } from "../wire/auth.ts"
import { SuccessBody } from "../wire/common.ts"
import * as ChannelWire from "../wire/contact-channels.ts"
import { encodeInput } from "../client/input.ts"
import type { KeyProjectErrorClass, KeyRuntime } from "./runtime.ts"
import type { ServerProjectErrorClass } from "../http/project-errors.ts"

/** Options of `listUsers`. */
export interface ListUsersOptions {
  /** Id of the first user of the page, from a previous page's `nextCursor`. */
  readonly cursor?: string | undefined
  /** Page size (≥ 1); without it the whole list comes in one page. */
  readonly limit?: number | undefined
  /** Only `signedUpAt` exists on the service. */
  readonly orderBy?: "signedUpAt" | undefined
  readonly desc?: boolean | undefined
  /** Substring of display name or contact value, or an exact user id. */
  readonly query?: string | undefined
  /** Only members of this team. */
  readonly teamId?: string | undefined
}

/** One page of users. */
export interface UsersPage {
  readonly items: ReadonlyArray<ServerUser>
  /** The cursor of the next page, or null on the last one. */
  readonly nextCursor: string | null
}

/** Input of `createSession`. */
export interface CreateSessionOptions {
  /** Default 31 536 000 000 ms (one year),. */
  readonly expiresInMillis?: number | undefined
  readonly isImpersonation?: boolean | undefined
}

/** A feature the service does not offer from server code (`/check-feature-support` answered). */
export class FeatureNotSupported extends Schema.TaggedError<FeatureNotSupported>()("FeatureNotSupported", {
  feature: Schema.String,
  message: Schema.String
}) {}

/** A parameter the call needs was not given; nothing was sent. */
export class MissingParameter extends Schema.TaggedError<MissingParameter>()("MissingParameter", {
  method: Schema.String,
  message: Schema.String
}) {}

/** Input of a server `createContactChannel`. */
export const ServerNewContactChannel = /*#__PURE__*/ camelize(Schema.Struct({
  value: ChannelWire.ServerContactChannelCreate.fields.value,
  type: Schema.optionalKey(ChannelWire.ContactChannelType),
  used_for_auth: Schema.optionalKey(Schema.Boolean),
  is_primary: Schema.optionalKey(Schema.Boolean),
  is_verified: Schema.optionalKey(Schema.Boolean)
}))
export type ServerNewContactChannel = typeof ServerNewContactChannel.Type

const Session = /*#__PURE__*/ camelize(SessionCreateResponse)
/** Default lifetime of a server-created session. */
export const defaultSessionMillis = 31_536_000_000

const readErrors = [UserNotFound] as const
/** Creating a session names the user in the body: an unknown one is USER_ID_DOES_NOT_EXIST. */
const sessionErrors = [UserIdDoesNotExist] as const
/** SchemaError: what the request schema cannot see (a malformed TOTP secret, restriction fields that contradict). */
const writeErrors = [UserNotFound, UserWithEmailAlreadyExists, TeamMembershipNotFound, SchemaError] as const
const createErrors = [UserWithEmailAlreadyExists] as const
/**
 * Creating or changing a channel: the user id is not checked (an unknown user's channel is not
 * found, or breaks a database constraint: a 500); another user may sign in with the address.
 */
const channelErrors = [ContactChannelAlreadyUsedForAuthBySomeoneElse] as const
const sendErrors = [UserIdDoesNotExist, EmailAlreadyVerified, RedirectUrlNotWhitelisted] as const
const connectedErrors = [
  OAuthProviderNotFoundOrNotEnabled,
  OAuthAccessTokenNotAvailableWithSharedOAuthKeys,
  OAuthConnectionNotConnectedToUser,
  OAuthConnectionDoesNotHaveRequiredScope,
  UserNotFound
] as const

const userPath = (userId: string) => `/users/${segment(userId)}`

const listQuery = (options: ListUsersOptions): Array<readonly [string, string]> => {
  const query: Array<readonly [string, string]> = []
  if (options.cursor !== undefined) query.push(["cursor", options.cursor])
  if (options.limit !== undefined) query.push(["limit", String(options.limit)])
  if (options.desc !== undefined) query.push(["desc", String(options.desc)])
  if (options.orderBy === "signedUpAt") query.push(["order_by", "signed_up_at"])
  if (options.query !== undefined && options.query.length > 0) query.push(["query", options.query])
  if (options.teamId !== undefined) query.push(["team_id", options.teamId])
  return query
}

/** The user operations of StackServer. */
export const makeServerUsers = <P extends KeyProjectErrorClass>(runtime: KeyRuntime<P>) => {
  /** One page of users; `nextCursor` continues. */
  const listUsers = Effect.fn("StackServer.listUsers")(function*(options: ListUsersOptions = {}) {
    if (options.limit !== undefined && (!Number.isInteger(options.limit) || options.limit < 1)) {
      return yield* new MissingParameter({ method: "StackServer.listUsers", message: "limit must be an integer of at least 1" })
    }
    const page = yield* runtime.call({
      method: "GET",
      path: "/users",
      query: listQuery(options),
      response: json(ServerUserList),
      errors: []
    })
    return { items: page.items, nextCursor: page.pagination?.nextCursor ?? null } satisfies UsersPage
  })

  /** Every user, fetched page by page (`pageSize` per request, default 100) as it is consumed. */
  const streamUsers = (options: Omit<ListUsersOptions, "cursor" | "limit"> & { readonly pageSize?: number } = {}) =>
    Stream.paginate(
      undefined as string | undefined,
      (cursor) =>
        Effect.map(
          listUsers({ ...options, cursor, limit: options.pageSize ?? 100 }),
          (page) => [page.items, page.nextCursor === null ? Option.none() : Option.some(page.nextCursor)] as const
        )
    )

  /** Creates a user. */
  const createUser = Effect.fn("StackServer.createUser")(function*(input: ServerUserCreate) {
    const body = yield* encodeInput("StackServer.createUser", ServerUserCreate, input)
    return yield* runtime.call({
      method: "POST",
      path: "/users",
      body: { _tag: "Json", value: body },
      response: json(ServerUser),
      errors: createErrors
    })
  })

  /** A user by id, or none when there is no such user. */
  const getUser = Effect.fn("StackServer.getUser")(function*(userId: string) {
    return yield* runtime.call({
      method: "GET",
      path: userPath(userId),
      response: json(ServerUser),
      errors: readErrors
    }).pipe(
      Effect.map(Option.some),
      Effect.catchTag("UserNotFound", () => Effect.succeed(Option.none<ServerUser>()))
    )
  })

  /** Updates any field of a user (primary e-mail, password, metadata, verification and auth flags). */
  const updateUser = Effect.fn("StackServer.updateUser")(function*(userId: string, update: ServerUserUpdate) {
    const body = yield* encodeInput("StackServer.updateUser", ServerUserUpdate, update)
    return yield* runtime.call({
      method: "PATCH",
      path: userPath(userId),
      body: { _tag: "Json", value: body },
      response: json(ServerUser),
      errors: writeErrors
    })
  })

  /** Deletes a user and everything that is only theirs. */
  const deleteUser = Effect.fn("StackServer.deleteUser")(function*(userId: string) {
    yield* runtime.call({
      method: "DELETE",
      path: userPath(userId),
      body: { _tag: "Json", value: {} },
      response: json(SuccessBody),
      errors: readErrors
    })
  })

  /** Creates a session for a user (impersonation, tests); the tokens are never refreshed by this call. */
  const createSession = Effect.fn("StackServer.createSession")(function*(userId: string, options: CreateSessionOptions = {}) {
    const body = yield* encodeInput("StackServer.createSession", SessionCreateBody, {
      user_id: userId,
      expires_in_millis: options.expiresInMillis ?? defaultSessionMillis,
      ...(options.isImpersonation === undefined ? {} : { is_impersonation: options.isImpersonation })
    })
    return yield* runtime.call({
      method: "POST",
      path: "/auth/sessions",
      body: { _tag: "Json", value: body },
      response: json(Session),
      errors: sessionErrors
    })
  })

  /** A user's sessions, newest first (impersonation sessions are listed to admins only). */
  const listSessions = Effect.fn("StackServer.listSessions")(function*(userId: string) {
    const list = yield* runtime.call({
      method: "GET",
      path: "/auth/sessions",
      query: [["user_id", userId]],
      response: json(UserSessionList),
      // An unknown user simply has no sessions.
      errors: []
    })
    return list.items
  })

  /** Ends one of a user's sessions (its refresh token stops working); an unknown id is a 404 status error. */
  const revokeSession = Effect.fn("StackServer.revokeSession")(function*(userId: string, sessionId: string) {
    yield* runtime.call({
      method: "DELETE",
      path: `/auth/sessions/${segment(sessionId)}`,
      query: [["user_id", userId]],
      body: { _tag: "Json", value: {} },
      response: json(SuccessBody),
      // A server has no session of its own, so no session of the user is "current" to it.
      errors: []
    })
  })

  /** A user's contact channels. */
  const listContactChannels = Effect.fn("StackServer.listContactChannels")(function*(userId: string) {
    const list = yield* runtime.call({
      method: "GET",
      path: "/contact-channels",
      query: [["user_id", userId]],
      response: json(ContactChannelList),
      // An unknown user simply has no channels.
      errors: []
    })
    return list.items
  })

  /** Adds a contact channel to a user (may mark it verified). */
  const createContactChannel = Effect.fn("StackServer.createContactChannel")(function*(userId: string, input: ServerNewContactChannel) {
    const body = yield* encodeInput("StackServer.createContactChannel", ServerNewContactChannel, input)
    return yield* runtime.call({
      method: "POST",
      path: "/contact-channels",
      body: { _tag: "Json", value: { user_id: userId, type: "email", used_for_auth: false, ...body } },
      response: json(ContactChannel),
      errors: channelErrors
    })
  })

  /** Changes a user's contact channel. */
  const updateContactChannel = Effect.fn("StackServer.updateContactChannel")(function*(
    userId: string,
    channelId: string,
    update: ServerContactChannelUpdate
  ) {
    const body = yield* encodeInput("StackServer.updateContactChannel", ServerContactChannelUpdate, update)
    return yield* runtime.call({
      method: "PATCH",
      path: `/contact-channels/${segment(userId)}/${segment(channelId)}`,
      body: { _tag: "Json", value: body },
      response: json(ContactChannel),
      errors: channelErrors
    })
  })

  /** Removes a user's contact channel. */
  const deleteContactChannel = Effect.fn("StackServer.deleteContactChannel")(function*(userId: string, channelId: string) {
    yield* runtime.call({
      method: "DELETE",
      path: `/contact-channels/${segment(userId)}/${segment(channelId)}`,
      response: json(SuccessBody),
      // An unknown user's channel is not found: a 400 text answer.
      errors: []
    })
  })

  /** E-mails a verification link for one of a user's channels. */
  const sendContactChannelVerification = Effect.fn("StackServer.sendContactChannelVerification")(function*(
    userId: string,
    channelId: string,
    input: SendVerificationCode
  ) {
    const body = yield* encodeInput("StackServer.sendContactChannelVerification", SendVerificationCode, input)
    yield* runtime.call({
      method: "POST",
      path: `/contact-channels/${segment(userId)}/${segment(channelId)}/send-verification-code`,
      body: { _tag: "Json", value: body },
      response: json(SuccessBody),
      errors: sendErrors
    })
  })

  /**
   * E-mails a verification link for the user's primary e-mail: the primary channel is looked up
   * and verified through the channel endpoint. `MissingParameter` when the user has none.
   */
  const sendVerificationEmail = Effect.fn("StackServer.sendVerificationEmail")(function*(userId: string, input: SendVerificationCode) {
    const channels = yield* listContactChannels(userId)
    const primary = channels.find((c) => c.isPrimary)
    if (primary === undefined) {
      return yield* new MissingParameter({ method: "StackServer.sendVerificationEmail", message: "User does not have a primary email" })
    }
    yield* sendContactChannelVerification(userId, primary.id, input)
  })

  /** A user's provider access token, or none when not connected or missing the scopes. */
  const getConnectedAccountAccessToken = Effect.fn("StackServer.getConnectedAccountAccessToken")(function*(
    userId: string,
    provider: string,
    options: { readonly scopes?: ReadonlyArray<string> } = {}
  ) {
    const scope = options.scopes?.join(" ")
    return yield* runtime.call({
      method: "POST",
      path: `/connected-accounts/${segment(userId)}/${segment(provider)}/access-token`,
      body: { _tag: "Json", value: scope === undefined ? {} : { scope } },
      response: json(ConnectedAccountAccessToken),
      errors: connectedErrors
    }).pipe(
      Effect.map(Option.some),
      Effect.catchTag(
        ["OAuthConnectionNotConnectedToUser", "OAuthConnectionDoesNotHaveRequiredScope"],
        () => Effect.succeed(Option.none<ConnectedAccountAccessToken>())
      )
    )
  })

  /**
   * Asks the service about a feature it does not offer from server code; always fails with
   * `FeatureNotSupported` carrying the service's text.
   */
  const checkFeatureSupport = Effect.fn("StackServer.checkFeatureSupport")(function*(feature: string) {
    const answer = yield* runtime.call({
      method: "POST",
      path: "/check-feature-support",
      body: { _tag: "Json", value: { feature_name: feature } },
      response: text,
      errors: []
    })
    return yield* new FeatureNotSupported({ feature, message: answer })
  })

  return {
    /** One page of users; `nextCursor` continues. */
    listUsers,
    /** Every user, fetched page by page (`pageSize` per request, default 100) as it is consumed. */
    streamUsers,
    /** Creates a user. */
    createUser,
    /** A user by id, or none when there is no such user. */
    getUser,
    /** Updates any field of a user (primary e-mail, password, metadata, verification and auth flags). */
    updateUser,
    /** Deletes a user and everything that is only theirs. */
    deleteUser,
    /** Creates a session for a user (impersonation, tests); the tokens are never refreshed by this call. */
    createSession,
    /** A user's sessions, newest first. */
    listSessions,
    /** Ends one of a user's sessions. */
    revokeSession,
    /** A user's contact channels. */
    listContactChannels,
    /** Adds a contact channel to a user (may mark it verified). */
    createContactChannel,
    /** Changes a user's contact channel. */
    updateContactChannel,
    /** Removes a user's contact channel. */
    deleteContactChannel,
    /** E-mails a verification link for one of a user's channels. */
    sendContactChannelVerification,
    /**
     * E-mails a verification link for the user's primary e-mail: the primary channel is looked up
     * and verified through the channel endpoint. `MissingParameter` when the user has none.
     */
    sendVerificationEmail,
    /** A user's provider access token, or none when not connected or missing the scopes. */
    getConnectedAccountAccessToken,
    /**
     * Asks the service about a feature it does not offer from server code; always fails with
     * `FeatureNotSupported` carrying the service's text.
     */
    checkFeatureSupport
  }
}

/** The user operations of StackServer (and StackAdmin). */
export type ServerUsers<P extends KeyProjectErrorClass = ServerProjectErrorClass> = ReturnType<typeof makeServerUsers<P>>
