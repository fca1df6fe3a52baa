/**
 * A client app's options as JSON, to hand from a server render to the browser (SPEC §5): the public
 * options only, under a unique identifier. Building options from client JSON checks them, and fails
 * when an app with the same identifier was already built from different JSON (two configurations
 * under one name is a mistake the official SDK refuses too).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Data from "effect/Data"
import * as Schema from "effect/Schema"
import type { StackClientOptions } from "./core.ts"
import { checkClientOptions, InvalidStackOptions } from "./options-check.ts"

/** The JSON form of a client app's public options. */
export const ClientJson = /*#__PURE__*/ Schema.Struct({
  uniqueIdentifier: Schema.String,
  projectId: Schema.String,
  publishableClientKey: Schema.optionalKey(Schema.String),
  baseUrl: Schema.optionalKey(Schema.String),
  headerNames: Schema.optionalKey(Schema.Literals(["stack", "hexclave"])),
  allowRestrictedUser: Schema.optionalKey(Schema.Boolean),
  allowAnonymousUser: Schema.optionalKey(Schema.Boolean)
})
export type ClientJson = typeof ClientJson.Type

/** Client JSON whose identifier is taken by an app built from other JSON. */
export class ClientJsonMismatch extends Data.TaggedError("ClientJsonMismatch")<{
  readonly uniqueIdentifier: string
  readonly message: string
}> {}

/** The JSON of `options` under `uniqueIdentifier` (no secrets: a client app has none). */
export const toClientJson = (options: StackClientOptions, uniqueIdentifier: string): ClientJson => ({
  uniqueIdentifier,
  projectId: options.projectId,
  ...(options.publishableClientKey === undefined
    ? {}
    : {
      publishableClientKey: Redacted.isRedacted(options.publishableClientKey)
        ? Redacted.value(options.publishableClientKey)
        : options.publishableClientKey
    }),
  ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
  ...(options.headerNames === undefined ? {} : { headerNames: options.headerNames }),
  ...(options.allowRestrictedUser === undefined ? {} : { allowRestrictedUser: options.allowRestrictedUser }),
  ...(options.allowAnonymousUser === undefined ? {} : { allowAnonymousUser: options.allowAnonymousUser })
})

// Per module, like the official SDK's registry: identifier → the JSON it was first built from.
const built = new Map<string, string>()

/** The same JSON, keys in one order, so equal configurations compare equal. */
const canonical = (json: ClientJson): string => JSON.stringify(Object.fromEntries(Object.entries(json).sort(([a], [b]) => a.localeCompare(b))))

/**
 * Client options from client JSON: decoded, checked like any options, and registered under its
 * identifier. The same JSON again gives the same options; other JSON under a taken identifier is
 * `ClientJsonMismatch`.
 *
 * @example
 * const options = yield* fromClientJson(JSON.parse(script.textContent))
 */
export const fromClientJson = (input: unknown): Effect.Effect<StackClientOptions, InvalidStackOptions | ClientJsonMismatch> =>
  Effect.gen(function*() {
    const decoded = Schema.decodeUnknownOption(ClientJson)(input)
    if (Option.isNone(decoded)) {
      return yield* new InvalidStackOptions({ option: "clientJson", message: "Client JSON must be an object with uniqueIdentifier and projectId (strings)." })
    }
    const json = decoded.value
    yield* checkClientOptions(json)
    const check = canonical(json)
    const existing = built.get(json.uniqueIdentifier)
    if (existing !== undefined && existing !== check) {
      return yield* new ClientJsonMismatch({
        uniqueIdentifier: json.uniqueIdentifier,
        message: "The provided app JSON does not match the configuration of the existing client app with the same unique identifier"
      })
    }
    built.set(json.uniqueIdentifier, check)
    const { uniqueIdentifier: _, ...options } = json
    return options
  })
