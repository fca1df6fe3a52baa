/**
 * Contact channels on the wire: `/contact-channels`, `/contact-channels/{user_id}/{id}`,
 * their send-verification-code and verify actions.
 *
 * The actions answer `{"success": true}` / `{"is_code_valid": true}` (`SuccessBody` / `CodeValidBody`).
 */
import * as Schema from "effect/Schema"
import { ListOf, extendStruct } from "./common.ts"
import { CodeBody, Email, StrictEmail, Url, UserIdOrMe, Uuid } from "./teams.ts"

/** The only channel type the server knows. */
export const ContactChannelType = /*#__PURE__*/ Schema.Literal("email")
export type ContactChannelType = typeof ContactChannelType.Type

// =============================================================================
// Responses
// =============================================================================

/** A contact channel (same shape for every access type). */
export const ContactChannel = /*#__PURE__*/ Schema.Struct({
  user_id: Schema.String,
  id: Schema.String,
  value: Schema.String,
  type: ContactChannelType,
  used_for_auth: Schema.Boolean,
  is_verified: Schema.Boolean,
  is_primary: Schema.Boolean
})
export type ContactChannel = typeof ContactChannel.Type

/** `GET /contact-channels`: unpaginated, sorted by creation time. */
export const ContactChannelList = /*#__PURE__*/ ListOf(ContactChannel)
export type ContactChannelList = typeof ContactChannelList.Type

// =============================================================================
// Requests
// =============================================================================

/** `POST /contact-channels` body, client access (own user only: `me` or the caller's id). */
export const ClientContactChannelCreate = /*#__PURE__*/ Schema.Struct({
  user_id: UserIdOrMe,
  value: Email,
  type: ContactChannelType,
  used_for_auth: Schema.Boolean,
  is_primary: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean)
})
export type ClientContactChannelCreate = typeof ClientContactChannelCreate.Type

/** `POST /contact-channels` body, server/admin access: may also mark the channel verified. */
export const ServerContactChannelCreate = /*#__PURE__*/ extendStruct(ClientContactChannelCreate, {
  is_verified: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean)
})
export type ServerContactChannelCreate = typeof ServerContactChannelCreate.Type

/** `PATCH /contact-channels/{user_id}/{id}` body, client access. Changing `value` resets verification. */
export const ClientContactChannelUpdate = /*#__PURE__*/ Schema.Struct({
  value: /*#__PURE__*/ Schema.optionalKey(Email),
  type: /*#__PURE__*/ Schema.optionalKey(ContactChannelType),
  used_for_auth: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  is_primary: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean)
})
export type ClientContactChannelUpdate = typeof ClientContactChannelUpdate.Type

/** `PATCH /contact-channels/{user_id}/{id}` body, server/admin access. */
export const ServerContactChannelUpdate = /*#__PURE__*/ extendStruct(ClientContactChannelUpdate, {
  is_verified: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean)
})
export type ServerContactChannelUpdate = typeof ServerContactChannelUpdate.Type

/** `GET /contact-channels` query, client access: the caller's own channels (`user_id=me`). */
export const ClientContactChannelsListQuery = /*#__PURE__*/ Schema.Struct({
  user_id: UserIdOrMe,
  contact_channel_id: /*#__PURE__*/ Schema.optionalKey(Uuid)
})
export type ClientContactChannelsListQuery = typeof ClientContactChannelsListQuery.Type

/** `GET /contact-channels` query, server/admin access. */
export const ServerContactChannelsListQuery = /*#__PURE__*/ Schema.Struct({
  user_id: /*#__PURE__*/ Schema.optionalKey(UserIdOrMe),
  contact_channel_id: /*#__PURE__*/ Schema.optionalKey(Uuid)
})
export type ServerContactChannelsListQuery = typeof ServerContactChannelsListQuery.Type

/** `POST /contact-channels/{user_id}/{id}/send-verification-code` body: where the e-mailed link points. */
export const SendVerificationCodeBody = /*#__PURE__*/ Schema.Struct({ callback_url: Url })
export type SendVerificationCodeBody = typeof SendVerificationCodeBody.Type

/** `POST /contact-channels/send-verification-code` (legacy, signed-in user) body: the primary e-mail. */
export const LegacySendVerificationCodeBody = /*#__PURE__*/ Schema.Struct({
  email: StrictEmail,
  callback_url: Url
})
export type LegacySendVerificationCodeBody = typeof LegacySendVerificationCodeBody.Type

/** `POST /contact-channels/verify` and `/verify/check-code` body. */
export const VerifyContactChannelBody = CodeBody
export type VerifyContactChannelBody = typeof VerifyContactChannelBody.Type
