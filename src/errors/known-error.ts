/**
 * The factory behind every catalogue class (`catalogue.ts` is generated from `errors.json` and calls
 * it once per code) and the wire form of a known error.
 */
import type * as Cause from "effect/Cause"
import * as Schema from "effect/Schema"

/** The fields every known error carries besides `_tag`. */
export type KnownErrorFields<Code extends string> = {
  readonly code: Schema.Literal<Code>
  readonly status: Schema.Number
  readonly message: Schema.String
}

/** The fields of a known error whose details are sent on the wire. */
export type KnownErrorFieldsWithDetails<Code extends string, D extends Schema.Struct.Fields> =
  & KnownErrorFields<Code>
  & { readonly details: Schema.Struct<D> }

/**
 * The instance type of a catalogue class. It is both the schema's `Type` and what `new` returns, so
 * `InstanceType<typeof X>` and `(typeof X)["Type"]` are the same type.
 */
export type KnownErrorInstance<Tag extends string, F extends Schema.Struct.Fields> =
  & Schema.TaggedStruct<Tag, F>["Type"]
  & Cause.YieldableError

type RequiredKeysOf<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T]
type OptionalKeysOf<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T]
type Current<T> = { readonly [K in RequiredKeysOf<T>]-?: T[K] } & { readonly [K in OptionalKeysOf<T>]?: T[K] }

/**
 * Details as the current server sends them. The decoded type is lenient (`optionalKey` marks keys
 * that older servers omit); building an error requires them. Keys whose type admits `undefined`
 * (`Schema.optional`) stay optional.
 */
export type CurrentDetails<D extends Schema.Struct.Fields> = Current<Schema.Struct.Type<D>>

/** The smallest common shape of every catalogue error instance. */
export interface AnyKnownError extends Cause.YieldableError {
  readonly _tag: string
  readonly code: string
  readonly status: number
  readonly message: string
  readonly details?: unknown
}

/** The smallest common shape of every catalogue class: a schema for its instances plus its code. */
export interface AnyKnownErrorClass extends Schema.ConstraintDecoder<AnyKnownError> {
  new(...args: never): AnyKnownError
  readonly identifier: string
  readonly fields: Schema.Struct.Fields
  /** The wire code, e.g. `EMAIL_PASSWORD_MISMATCH`. */
  readonly code: string
  /** The status the current server sends. */
  readonly status: number
  /** Every status a supported server version sends for this code (2.7 and current). */
  readonly statuses: ReadonlyArray<number>
}

/** A known-error body as the server sends it: the message is in `error`, not `message`. */
export interface KnownErrorWireBody {
  readonly code: string
  readonly details?: unknown
  readonly error: string
}

interface Spec<Tag extends string, Code extends string> {
  readonly tag: Tag
  readonly code: Code
  readonly status: number
  /** Every status a supported server sends for the code, when it is not just `status`. */
  readonly statuses?: ReadonlyArray<number>
}

/** `Base` with its spec's code and statuses as statics (what decoding matches a response with). */
const withCodeOf = <B extends object, Code extends string>(
  Base: B,
  spec: Spec<string, Code>
): B & { readonly code: Code; readonly status: number; readonly statuses: ReadonlyArray<number> } =>
  Object.assign(Base, { code: spec.code, status: spec.status, statuses: spec.statuses ?? [spec.status] } as const)

/**
 * Defines the class of a code that sends no `details`. The message the current server sends is built
 * by the code's function in `create.ts`, not here: a class in a browser bundle carries no message
 * text (the service sends its own).
 */
export const defineKnownError = <const Tag extends string, const Code extends string>(spec: Spec<Tag, Code>) => {
  const Base = Schema.TaggedError<KnownErrorInstance<Tag, KnownErrorFields<Code>>>()(spec.tag, {
    code: Schema.Literal(spec.code),
    status: Schema.Number,
    message: Schema.String
  })
  return withCodeOf(Base, spec)
}

/**
 * Defines the class of a code that sends `details`. `details` is the decoding schema (lenient:
 * keys older servers omit are optional).
 */
export const defineKnownErrorWithDetails = <
  const Tag extends string,
  const Code extends string,
  const D extends Schema.Struct.Fields
>(spec: Spec<Tag, Code> & { readonly details: Schema.Struct<D> }) => {
  const Base = Schema.TaggedError<KnownErrorInstance<Tag, KnownErrorFieldsWithDetails<Code, D>>>()(spec.tag, {
    code: Schema.Literal(spec.code),
    status: Schema.Number,
    message: Schema.String,
    details: spec.details
  })
  return withCodeOf(Base, spec)
}

/** The details a class's error is built from: as the current server sends them (see {@link CurrentDetails}). */
export type DetailsOf<C extends { readonly fields: { readonly details: Schema.Struct<Schema.Struct.Fields> } }> =
  C["fields"]["details"] extends Schema.Struct<infer D> ? CurrentDetails<D> : never

/** The error of a class without details, with `message`, at the status the current server sends. */
export const knownError = <Self, Code extends string>(
  known: { readonly code: Code; readonly status: number } & (new(props: {
    readonly code: Code
    readonly status: number
    readonly message: string
  }) => Self),
  message: string
): Self => new known({ code: known.code, status: known.status, message })

/** The error of a class with details, with `message`, at the status the current server sends. */
export const knownErrorWithDetails = <Self, Code extends string, Details>(
  known: { readonly code: Code; readonly status: number } & (new(props: {
    readonly code: Code
    readonly status: number
    readonly message: string
    readonly details: Details
  }) => Self),
  details: Details,
  message: string
): Self => new known({ code: known.code, status: known.status, message, details })

/**
 * The wire body of a known error, keys in the server's order. `details` is present exactly when the
 * class has details (codes whose details are not sent have no `details` field).
 */
export const toWireBody = (error: AnyKnownError): KnownErrorWireBody =>
  error.details === undefined
    ? { code: error.code, error: error.message }
    : { code: error.code, details: error.details, error: error.message }

// ---------------------------------------------------------------------------------------------
// Helpers the generated message templates call.

/** ` (The access token expired at <ISO date>.)`, or nothing when the expiry is unknown. */
export const expiredAtSuffix = (millis: number | null | undefined): string =>
  millis === null || millis === undefined ? "" : ` (The access token expired at ${new Date(millis).toISOString()}.)`

/** ` <label>: <value>.`, or nothing when the value is unknown. */
export const labelledSuffix = (label: string, value: string | null | undefined): string =>
  value === null || value === undefined ? "" : ` ${label}: ${value}.`

/** `"(<value>)"`, or nothing when no value was given (the server then leaves two spaces). */
export const contactChannelValueQuoted = (value: string | null | undefined): string =>
  value === null || value === undefined ? "" : `"(${value})"`

/** Every item in single quotes, joined with ` or ` (`'server' or 'admin'`). */
export const quotedAlternatives = (items: ReadonlyArray<string>): string =>
  items.map((item) => `'${item}'`).join(" or ")

/** The sentence the server appends when an existing account would work once its e-mail is verified. */
export const notVerifiedSuffix = (wouldWorkIfEmailWasVerified: boolean | undefined): string =>
  wouldWorkIfEmailWasVerified === true
    ? " but the email is not verified. Please login to your existing account with the method you used to sign up, and then verify your email to sign in with this login method."
    : "."

/** `ALL_OVERLOADS_FAILED`: one pretty-printed block per overload, every line indented by two spaces. */
export const overloadsFailedMessage = (overloadErrors: ReadonlyArray<unknown>): string =>
  "This endpoint has multiple overloads, but they all failed to process the request.\n\n" +
  overloadErrors
    .map((error, index) =>
      `Overload ${index + 1}: ${JSON.stringify(error, undefined, 2)}`
        .split("\n")
        .map((line) => `  ${line}`)
        .join("\n")
    )
    .join("\n  \n")

/** The explanation of `ITEM_…` / `PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH` messages. */
export const customerTypeExplanation = (
  subject: "item" | "product",
  configured: string | null | undefined,
  actual: string
): string =>
  configured === null || configured === undefined
    ? `The ${subject} is missing a customer type field. Please make sure it is set up correctly in your project configuration.`
    : `The ${subject} is configured to only be available for ${configured} customers, but the customer is a ${actual}.`

/** The tail of a `PRODUCT_DOES_NOT_EXIST` message. */
export const productContextText = (context: string | null | undefined): string =>
  context === "server_only"
    ? "is marked as server-only and cannot be accessed client side."
    : context === "item_exists"
    ? "does not exist, but an item with this ID exists."
    : "does not exist."
