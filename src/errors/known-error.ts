/**
 * The factory behind every catalogue class (`catalogue.ts` is generated from `errors.json` and calls
 * it once per code) and the wire form of a known error.
 */
import type * as Cause from "effect/Cause"
import * as Data from "effect/Data"
import type { DetailsRead, DetailsReader } from "./details-reader.ts"

/** The fields every known error carries besides `_tag`. */
export interface KnownErrorFields<Code extends string> {
  readonly code: Code
  readonly status: number
  readonly message: string
}

/** The fields of a known error whose details are sent on the wire (`D`: the details as decoded). */
export interface KnownErrorFieldsWithDetails<Code extends string, D> extends KnownErrorFields<Code> {
  readonly details: D
}

/** The instance type of a catalogue class: its fields, its `_tag`, and yieldable in `Effect.gen`. */
export type KnownErrorInstance<Tag extends string, F extends KnownErrorFields<string>> =
  & { readonly _tag: Tag }
  & F
  & Cause.YieldableError

type RequiredKeysOf<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T]
type OptionalKeysOf<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T]
type Current<T> = { readonly [K in RequiredKeysOf<T>]-?: T[K] } & { readonly [K in OptionalKeysOf<T>]?: T[K] }

/**
 * Details as the current server sends them. The decoded type `D` is lenient (keys that older
 * servers omit are optional); building an error requires them. Keys whose type admits `undefined`
 * stay optional.
 */
export type CurrentDetails<D> = Current<D>

/** The smallest common shape of every catalogue error instance. */
export interface AnyKnownError extends Cause.YieldableError {
  readonly _tag: string
  readonly code: string
  readonly status: number
  readonly message: string
  readonly details?: unknown
}

/** What a known-error response says besides its code: the parts `fromWire` builds an error from. */
export interface KnownErrorWireParts {
  /** The real status (after `x-stack-actual-status`). */
  readonly status: number
  readonly message: string
  /** The body's `details` (`{}` when it had none). */
  readonly details: unknown
}

/** The statics every catalogue class has (`Type` is type-level only, like a Schema's). */
interface CatalogueStatics<Tag extends string, Code extends string, Instance> {
  /** The instance type (type-level only: `(typeof X)["Type"]` is `InstanceType<typeof X>`). */
  readonly Type: Instance
  /** The class name, which is also the `_tag` of its errors. */
  readonly identifier: Tag
  /** The wire code, e.g. `EMAIL_PASSWORD_MISMATCH`. */
  readonly code: Code
  /** The status the current server sends. */
  readonly status: number
  /** Every status a supported server version sends for this code (2.7 and current). */
  readonly statuses: ReadonlyArray<number>
  /** The error of a response with this code, or why its details do not match the catalogue. */
  readonly fromWire: (parts: KnownErrorWireParts) => DetailsRead<Instance>
}

/** A catalogue class of a code that sends no `details`. */
export interface KnownErrorClassWithoutDetails<Tag extends string, Code extends string>
  extends CatalogueStatics<Tag, Code, KnownErrorInstance<Tag, KnownErrorFields<Code>>>
{
  new(fields: KnownErrorFields<Code>): KnownErrorInstance<Tag, KnownErrorFields<Code>>
}

/** A catalogue class of a code that sends `details` (`D`: as decoded, lenient). */
export interface KnownErrorClassWithDetails<Tag extends string, Code extends string, D>
  extends CatalogueStatics<Tag, Code, KnownErrorInstance<Tag, KnownErrorFieldsWithDetails<Code, D>>>
{
  new(fields: KnownErrorFieldsWithDetails<Code, D>): KnownErrorInstance<Tag, KnownErrorFieldsWithDetails<Code, D>>
  /** Reads wire details (lenient: keys older servers omit are optional; unknown keys are dropped). */
  readonly readDetails: DetailsReader<D>
}

/** The smallest common shape of every catalogue class. */
export interface AnyKnownErrorClass {
  new(...args: never): AnyKnownError
  /** The instance type (type-level only). */
  readonly Type: AnyKnownError
  readonly identifier: string
  /** The wire code, e.g. `EMAIL_PASSWORD_MISMATCH`. */
  readonly code: string
  /** The status the current server sends. */
  readonly status: number
  /** Every status a supported server version sends for this code (2.7 and current). */
  readonly statuses: ReadonlyArray<number>
  /** The error of a response with this code, or why its details do not match the catalogue. */
  readonly fromWire: (parts: KnownErrorWireParts) => DetailsRead<this["Type"]>
}

/** A known-error body as the server sends it: the message is in `error`, not `message`. */
export interface KnownErrorWireBody {
  readonly code: string
  readonly details?: unknown
  readonly error: string
}

interface Spec<Tag extends string, Code extends string> {
  readonly tag: Tag
  /**
   * The wire code; the generated catalogue leaves it out (naming `Code` as a type argument) where it
   * is the tag in upper snake case (`EmailPasswordMismatch`, `EMAIL_PASSWORD_MISMATCH`): most codes,
   * strings a browser bundle need not carry twice.
   */
  readonly code?: Code
  readonly status: number
  /** Every status a supported server sends for the code, when it is not just `status`. */
  readonly statuses?: ReadonlyArray<number>
}

/**
 * The spec's code, or the one its tag spells. Typed as `Code`: the generator leaves a code out only
 * where it equals this spelling (test/unit/errors-generated.test.ts regenerates the catalogue).
 */
const codeOf = <Tag extends string, Code extends string>(spec: Spec<Tag, Code>): Code =>
  spec.code ?? (spec.tag.replace(/(?<=[a-z0-9])(?=[A-Z])/g, "_").toUpperCase() as Code)

const staticsOf = <Tag extends string, Code extends string>(spec: Spec<Tag, Code>, code: Code) => ({
  identifier: spec.tag,
  code,
  status: spec.status,
  statuses: spec.statuses ?? [spec.status]
})

// The classes below put `_tag` first among an error's own properties, then the fields (the order
// `Schema.TaggedError` had), name their errors after the tag (on the prototype, as
// `Data.TaggedError` does), and validate nothing in the constructor: the wire is read by
// `fromWire`, every other caller is typed.

/**
 * Defines the class of a code that sends no `details`. The message the current server sends is built
 * by the code's function in `create.ts`, not here: a class in a browser bundle carries no message
 * text (the service sends its own).
 */
export const defineKnownError = <const Tag extends string, const Code extends string>(
  spec: Spec<Tag, Code>
): KnownErrorClassWithoutDetails<Tag, Code> => {
  class Known extends Data.Error<{ readonly _tag: Tag } & KnownErrorFields<Code>> {
    constructor(fields: KnownErrorFields<Code>) {
      super({ _tag: spec.tag, ...fields })
    }
    declare static readonly Type: KnownErrorInstance<Tag, KnownErrorFields<Code>>
  }
  Known.prototype.name = spec.tag
  const code = codeOf(spec)
  const fromWire = (parts: KnownErrorWireParts): DetailsRead<Known> => ({
    ok: true,
    value: new Known({ code, status: parts.status, message: parts.message })
  })
  return Object.assign(Known, staticsOf(spec, code), { fromWire })
}

/**
 * Defines the class of a code that sends `details`. `details` reads them from the wire (lenient:
 * keys older servers omit are optional).
 */
export const defineKnownErrorWithDetails = <const Tag extends string, const Code extends string, D>(
  spec: Spec<Tag, Code> & { readonly details: DetailsReader<D> }
): KnownErrorClassWithDetails<Tag, Code, D> => {
  class Known extends Data.Error<{ readonly _tag: Tag } & KnownErrorFieldsWithDetails<Code, D>> {
    constructor(fields: KnownErrorFieldsWithDetails<Code, D>) {
      super({ _tag: spec.tag, ...fields })
    }
    declare static readonly Type: KnownErrorInstance<Tag, KnownErrorFieldsWithDetails<Code, D>>
  }
  Known.prototype.name = spec.tag
  const code = codeOf(spec)
  const readDetails = spec.details
  const fromWire = (parts: KnownErrorWireParts): DetailsRead<Known> => {
    const details = readDetails(parts.details)
    return details.ok
      ? { ok: true, value: new Known({ code, status: parts.status, message: parts.message, details: details.value }) }
      : details
  }
  return Object.assign(Known, staticsOf(spec, code), { fromWire, readDetails })
}

/** The details a class's error is built from: as the current server sends them (see {@link CurrentDetails}). */
export type DetailsOf<C extends { readonly readDetails: DetailsReader<unknown> }> = C["readDetails"] extends
  DetailsReader<infer D> ? CurrentDetails<D> : never

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
