/**
 * Contact channel models (camelCase), derived from the wire schemas of ../wire/contact-channels.ts.
 */
import * as Schema from "effect/Schema"
import { ListOf } from "../wire/common.ts"
import * as Wire from "../wire/contact-channels.ts"
import { Email } from "../wire/teams.ts"
import { camelize } from "./camel.ts"

// =============================================================================
// Responses
// =============================================================================

/** A contact channel: `{userId, id, value, type, usedForAuth, isVerified, isPrimary}`. */
export const ContactChannel = /*#__PURE__*/ camelize(Wire.ContactChannel)
export type ContactChannel = typeof ContactChannel.Type

/** `GET /contact-channels`. */
export const ContactChannelList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(ContactChannel))
export type ContactChannelList = typeof ContactChannelList.Type

// =============================================================================
// Requests
// =============================================================================

/** Options of a contact channel creation, client access. */
export const ContactChannelCreate = /*#__PURE__*/ camelize(Wire.ClientContactChannelCreate)
export type ContactChannelCreate = typeof ContactChannelCreate.Type

/** Options of a contact channel creation, server/admin access (`isVerified` allowed). */
export const ServerContactChannelCreate = /*#__PURE__*/ camelize(Wire.ServerContactChannelCreate)
export type ServerContactChannelCreate = typeof ServerContactChannelCreate.Type

/** Options of a contact channel update, client access. */
export const ContactChannelUpdate = /*#__PURE__*/ camelize(Wire.ClientContactChannelUpdate)
export type ContactChannelUpdate = typeof ContactChannelUpdate.Type

/** Options of a contact channel update, server/admin access (`isVerified` allowed). */
export const ServerContactChannelUpdate = /*#__PURE__*/ camelize(Wire.ServerContactChannelUpdate)
export type ServerContactChannelUpdate = typeof ServerContactChannelUpdate.Type

/** Query of `GET /contact-channels`, client access (`userId: "me"`). */
export const ContactChannelsListQuery = /*#__PURE__*/ camelize(Wire.ClientContactChannelsListQuery)
export type ContactChannelsListQuery = typeof ContactChannelsListQuery.Type

/** Query of `GET /contact-channels`, server/admin access. */
export const ServerContactChannelsListQuery = /*#__PURE__*/ camelize(Wire.ServerContactChannelsListQuery)
export type ServerContactChannelsListQuery = typeof ServerContactChannelsListQuery.Type

/** Body of `.../send-verification-code`: `{callbackUrl}`. */
export const SendVerificationCode = /*#__PURE__*/ camelize(Wire.SendVerificationCodeBody)
export type SendVerificationCode = typeof SendVerificationCode.Type

/** Body of the legacy `POST /contact-channels/send-verification-code`: `{email, callbackUrl}`. */
export const LegacySendVerificationCode = /*#__PURE__*/ camelize(Wire.LegacySendVerificationCodeBody)
export type LegacySendVerificationCode = typeof LegacySendVerificationCode.Type

/** Body of `POST /contact-channels/verify` (and `/verify/check-code`): `{code}`. */
export const VerifyContactChannel = /*#__PURE__*/ camelize(Wire.VerifyContactChannelBody)
export type VerifyContactChannel = typeof VerifyContactChannel.Type

/** Input of `createContactChannel`: the user is always the signed-in one. */
export const NewContactChannel = /*#__PURE__*/ camelize(/*#__PURE__*/ Schema.Struct({
  // The create body's field schema by name: reading it off the struct (`.fields.value`) is a
  // property access, which a bundler keeps (with the whole value) even when nothing uses it.
  value: Email,
  type: /*#__PURE__*/ Schema.optionalKey(Wire.ContactChannelType),
  used_for_auth: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  is_primary: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean)
}))
export type NewContactChannel = typeof NewContactChannel.Type
