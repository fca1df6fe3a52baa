/**
 * What one call to the Stack API is: method, path, access level, body, how to read the answer and
 * which catalogue errors it can produce.
 */
import type * as Result from "effect/Result"
import type * as Schema from "effect/Schema"
import { readWith } from "../model/decoders.ts"
import type { AnyKnownErrorClass } from "../errors/decode.ts"
import type { AccessLevel } from "./access.ts"

/** HTTP methods the API uses. */
export type Method = "GET" | "POST" | "PATCH" | "DELETE" | "PUT"

/** A request body, already in wire form. */
export type RequestBody =
  | { readonly _tag: "Json"; readonly value: unknown }
  | { readonly _tag: "Form"; readonly fields: ReadonlyArray<readonly [string, string]> }

/** A JSON body's reader: its value, or a refusal whose message says where and what was expected. */
export type JsonRead<A> = (input: unknown) => Result.Result<A, { readonly message: string }>

/** How the success body is read. */
export type ResponseReader<A> =
  | { readonly _tag: "Json"; readonly read: JsonRead<A> }
  | { readonly _tag: "Text"; readonly read: (text: string) => A }

/** One API call. `Errors` lists the catalogue classes this call can produce. */
export interface Endpoint<A, Errors extends ReadonlyArray<AnyKnownErrorClass>> {
  readonly method: Method
  /** Path below `{baseUrl}/api/v1`, starting with `/`, parameters already encoded. */
  readonly path: string
  /** `x-stack-access-type`; `none` sends no Stack headers at all (the OAuth token endpoint). */
  readonly level: AccessLevel | "none"
  readonly query?: ReadonlyArray<readonly [string, string]> | undefined
  readonly body?: RequestBody | undefined
  readonly response: ResponseReader<A>
  readonly errors: Errors
  /** Sending it twice does what sending it once does (a token refresh): retried like a read. */
  readonly idempotent?: boolean | undefined
  /** Accept an anonymous user's token on this call whatever the client's allowances (sign-ups that upgrade it). */
  readonly allowAnonymousUser?: boolean | undefined
}

/** Reads a JSON success body with a schema (Effect's parser: server and admin calls). */
export const json = <A>(schema: Schema.Decoder<A>): ResponseReader<A> => ({ _tag: "Json", read: readWith(schema) })

/** Reads a JSON success body with a generated reader (src/model/generated/readers.ts). */
export const jsonWith = <A>(read: JsonRead<A>): ResponseReader<A> => ({ _tag: "Json", read })

/** Reads a text success body. */
export const text: ResponseReader<string> = { _tag: "Text", read: (body) => body }

/** Encodes a path segment (user ids, team ids, permission ids). */
export const segment = (value: string): string => encodeURIComponent(value)
