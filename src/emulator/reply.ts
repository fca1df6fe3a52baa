/**
 * What a handler answers, and the failures it may raise besides catalogue errors.
 *
 * Success bodies are always encoded with a wire schema (`Reply.json(schema, value)`), never built as
 * raw JSON. Errors are either catalogue errors (`Create.UserNotFound(...)`, rendered as known-error
 * bodies by the router), `TextError` (plain-text status errors such as `Client user deletion is not
 * enabled for this project`), or `OAuthError` (the token endpoint's `{error, error_description}`).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { type AnyKnownError, toWireBody } from "../errors/known-error.ts"
import { SuccessBody } from "../wire/common.ts"
import * as Create from "../errors/create.ts"

// =============================================================================
// Replies
// =============================================================================

/** A successful (or deliberately non-error) answer of a handler. */
export type Reply =
  | {
    readonly _tag: "Json"
    readonly status: number
    /** The wire value, already encoded by its schema. */
    readonly body: unknown
    readonly headers: Readonly<Record<string, string>>
  }
  | { readonly _tag: "Text"; readonly status: number; readonly text: string; readonly headers: Readonly<Record<string, string>> }
  | { readonly _tag: "Empty"; readonly status: number; readonly headers: Readonly<Record<string, string>> }

/** Options of a reply: status (default 200) and extra headers (e.g. `cache-control`). */
export interface ReplyOptions {
  readonly status?: number | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * A JSON reply encoded with `schema`. A value that does not encode is an emulator bug, so it dies
 * (the router turns it into a 500 text error).
 */
export const json = <S extends Schema.Constraint & { readonly EncodingServices: never }>(
  schema: S,
  value: S["Type"],
  options: ReplyOptions = {}
): Effect.Effect<Reply> =>
  Effect.map(
    Effect.orDie(Schema.encodeEffect(schema)(value)),
    (body): Reply => ({ _tag: "Json", status: options.status ?? 200, body, headers: options.headers ?? {} })
  )

/** A `text/plain` reply (API root, check-feature-support). */
export const text = (body: string, options: ReplyOptions = {}): Reply => ({
  _tag: "Text",
  status: options.status ?? 200,
  text: body,
  headers: options.headers ?? {}
})

/** A reply without a body. */
export const empty = (options: ReplyOptions = {}): Reply => ({
  _tag: "Empty",
  status: options.status ?? 200,
  headers: options.headers ?? {}
})

/** `{"success": true}`: every CRUD delete and several actions. */
export const success: Effect.Effect<Reply> = json(SuccessBody, { success: true })

// =============================================================================
// Non-catalogue errors
// =============================================================================

/** A plain status error: the message is sent as `text/plain` with no `x-stack-known-error`. */
export class TextError extends Schema.TaggedError<TextError>()("TextError", {
  status: Schema.Number,
  message: Schema.String
}) {}

/** An OAuth-library error of the token endpoint: `{"error", "error_description"}`, no known-error header. */
export class OAuthError extends Schema.TaggedError<OAuthError>()("OAuthError", {
  status: Schema.Number,
  error: Schema.String,
  errorDescription: Schema.String
}) {}

/** Everything a handler may fail with (anything else is a defect → 500). */
export type HandlerError = AnyKnownError | TextError | OAuthError

/** Shorthand for `new TextError({ status, message })`. */
export const textError = (status: number, message: string): TextError => new TextError({ status, message })

/**
 * What the service answers when a write breaks a database constraint (a contact channel for a user
 * that does not exist, deleting an invitation it does not have): its generic 500 text.
 */
export const databaseConstraintFailure: TextError = textError(500, "Something went wrong. Please make sure the data you entered is correct.")

/**
 * An error rendered as a reply carrying extra headers (the OAuth callback deletes its cookie on
 * every answer, failures included). Catalogue errors keep their known-error body and header.
 */
export const errorWithHeaders = (error: HandlerError, headers: Readonly<Record<string, string>>): Reply => {
  if (error instanceof TextError) return { _tag: "Text", status: error.status, text: error.message, headers }
  if (error instanceof OAuthError) {
    return { _tag: "Json", status: error.status, body: { error: error.error, error_description: error.errorDescription }, headers }
  }
  return { _tag: "Json", status: error.status, body: toWireBody(error), headers: { "x-stack-known-error": error.code, ...headers } }
}
