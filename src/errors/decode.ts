/**
 * Turning a known-error response (`x-stack-known-error` set) into exactly one
 * typed error. Pure: the HTTP pipeline calls it and fails with the result. It knows only the classes
 * the calling method declares, plus a lookup of the catalogue's codes (`codes.ts`) for a code the
 * method does not declare, so a bundle carries the classes of the calls it makes and not the whole
 * catalogue; the pipeline loads the code table only when such a code arrives.
 */
import * as Predicate from "effect/Predicate"
import { UnsupportedError } from "./catalogue.ts"
import type { AnyKnownErrorClass, KnownErrorWireBody } from "./known-error.ts"
import { mapStrings, scrubSecrets, StackResponseError, UnexpectedKnownError } from "./transport.ts"
import * as Create from "./create.ts"

export type { AnyKnownErrorClass } from "./known-error.ts"

/** What the pipeline knows about a response that carried `x-stack-known-error`. */
export interface KnownErrorResponse {
  /** The `x-stack-known-error` header. */
  readonly code: string
  /** The real status: `x-stack-actual-status` when the override header rewrote it. */
  readonly status: number
  /** The parsed JSON body. */
  readonly body: unknown
  readonly method: string
  readonly url: string
}

/** Every error `decodeKnownError` can return for a method declaring `Errors`. */
export type DecodedKnownError<Errors extends ReadonlyArray<AnyKnownErrorClass>> =
  | Errors[number]["Type"]
  | UnexpectedKnownError
  | UnsupportedError
  | StackResponseError

/** The `{ code, error, details? }` of a known-error body, or `undefined` when the body is not one. */
const wireBodyOf = (body: unknown): KnownErrorWireBody | undefined => {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined
  const code = "code" in body ? body.code : undefined
  const error = "error" in body ? body.error : undefined
  if (typeof code !== "string" || typeof error !== "string") return undefined
  return "details" in body ? { code, details: body.details, error } : { code, error }
}

const excerptOf = (body: unknown): string => {
  const text = typeof body === "string" ? body : JSON.stringify(body) ?? String(body)
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}

const statusText = (statuses: ReadonlyArray<number>): string => statuses.join(" or ")

/**
 * Decodes a known-error response into an instance of one of the `expected` classes, or into the
 * error that says why it could not:
 *
 * - body not `{ code, error, details? }` → `StackResponseError` `SchemaMismatch`;
 * - `body.code` differs from the header → `StackResponseError` `KnownErrorHeaderMismatch`;
 * - a status the code is never sent with → `StackResponseError` `StatusCodeMismatch`;
 * - an expected code whose details do not match its class → `StackResponseError` `SchemaMismatch`;
 * - a catalogue code the method does not declare → `UnexpectedKnownError`;
 * - a code the catalogue does not know → `UnsupportedError`.
 *
 * `catalogueStatusesOf` answers for codes the method does not declare (`catalogueStatusesOf` of
 * `codes.ts`; {@link decodeKnownError} passes it).
 */
export const decodeKnownErrorWith = <const Errors extends ReadonlyArray<AnyKnownErrorClass>>(
  expected: Errors,
  response: KnownErrorResponse,
  catalogueStatusesOf: (code: string) => ReadonlyArray<number> | undefined
): DecodedKnownError<Errors> => {
  const { code, method, status, url } = response
  const responseError = (reason: StackResponseError["reason"], description: string) =>
    new StackResponseError({ method, url, status, reason, description, bodyExcerpt: excerptOf(response.body) })

  const body = wireBodyOf(response.body)
  if (body === undefined) {
    return responseError("SchemaMismatch", `Known error ${code} without a { code, error, details? } body`)
  }
  if (body.code !== code) {
    return responseError(
      "KnownErrorHeaderMismatch",
      `x-stack-known-error is ${code} but the body's code is ${body.code}`
    )
  }

  for (let index = 0; index < expected.length; index++) {
    const known = expected[index]
    if (known === undefined || known.code !== code) continue
    if (!known.statuses.includes(status)) {
      return responseError("StatusCodeMismatch", `${code} is sent with status ${statusText(known.statuses)}, not ${status}`)
    }
    // Older servers send some codes without details that the current one has; every such key is
    // optional in the class, so an absent object decodes as `{}`.
    // The server's own message, minus anything that looks like a credential (a hostile or broken
    // server may quote one).
    const message = scrubSecrets(body.error)
    const decoded = known.fromWire({ status, message, details: body.details ?? {} })
    return decoded.ok
      ? decoded.value
      : responseError("SchemaMismatch", `The details of ${code} do not match the catalogue: ${decoded.issue}`)
  }

  const statuses = catalogueStatusesOf(code)
  if (statuses !== undefined) {
    if (!statuses.includes(status)) {
      return responseError("StatusCodeMismatch", `${code} is sent with status ${statusText(statuses)}, not ${status}`)
    }
    return new UnexpectedKnownError({ code, status, message: body.error, details: body.details })
  }
  return Create.UnsupportedError({
    originalErrorCode: code,
    originalMessage: scrubSecrets(body.error),
    originalStatus: status,
    ...(Predicate.isUndefined(body.details) ? {} : { originalDetails: mapStrings(body.details, scrubSecrets) })
  })
}
