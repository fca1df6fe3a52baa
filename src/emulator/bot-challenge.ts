/**
 * Bot protection fields the current service accepts on sign-up, sign-in, one-time-code and
 * OAuth-authorize requests. The emulator has no bot detection: it accepts the fields (so clients
 * that send them are not refused with SCHEMA_ERROR) and ignores their values.
 */
import * as Schema from "effect/Schema"

/** The optional `bot_challenge_token` / `bot_challenge_phase` fields. */
export const botChallengeFields = {
  bot_challenge_token: Schema.optionalKey(Schema.String),
  bot_challenge_phase: Schema.optionalKey(Schema.String)
} as const

/** `schema` with the bot-challenge fields added (same validation of every other field). */
export const withBotChallenge = <F extends Schema.Struct.Fields>(schema: Schema.Struct<F>) =>
  Schema.Struct({ ...schema.fields, ...botChallengeFields })
