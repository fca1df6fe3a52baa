/**
 * A tiny test client over `HttpClient.HttpClient` (in-process emulator layer or `FetchHttpClient`),
 * so the same assertions run on both transports.
 */
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type { EmulatorInfo } from "../../src/emulator/emulator.ts"

/** What a test looks at in an answer. */
export interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly text: string
  /** The body parsed as JSON, or `undefined` when it is not JSON. */
  readonly body: unknown
}

/** Options of one request. */
export interface RequestOptions {
  readonly accessType?: "client" | "server" | "admin" | null
  readonly projectId?: string
  readonly keys?: { readonly pck?: string; readonly ssk?: string; readonly sak?: string }
  readonly accessToken?: string
  readonly refreshToken?: string
  readonly headers?: Readonly<Record<string, string>>
  readonly json?: unknown
  readonly form?: Readonly<Record<string, string>>
  readonly text?: { readonly body: string; readonly contentType: string }
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Sends `method path` (relative to `/api/v1`, or absolute when it starts with `http`) and reads the answer. */
export const send = (info: EmulatorInfo, method: "GET" | "POST" | "PATCH" | "DELETE" | "OPTIONS" | "PUT", path: string, options: RequestOptions = {}) =>
  Effect.gen(function*() {
    const http = yield* HttpClient.HttpClient
    const url = path.startsWith("http") ? path : `${info.baseUrl}/api/v1${path === "/" ? "" : path}`
    const headers: Record<string, string> = {}
    const accessType = options.accessType === undefined ? "client" : options.accessType
    if (accessType !== null) {
      headers["x-stack-access-type"] = accessType
      headers["x-stack-project-id"] = options.projectId ?? info.projectId
      const pck = options.keys?.pck ?? info.publishableClientKey
      if (pck !== "") headers["x-stack-publishable-client-key"] = pck
      if (accessType !== "client") headers["x-stack-secret-server-key"] = options.keys?.ssk ?? info.secretServerKey
      if (accessType === "admin") headers["x-stack-super-secret-admin-key"] = options.keys?.sak ?? info.superSecretAdminKey
    }
    if (options.accessToken !== undefined) headers["x-stack-access-token"] = options.accessToken
    if (options.refreshToken !== undefined) headers["x-stack-refresh-token"] = options.refreshToken
    Object.assign(headers, options.headers ?? {})
    let request = HttpClientRequest.make(method)(url).pipe(HttpClientRequest.setHeaders(headers))
    if (options.json !== undefined) request = HttpClientRequest.bodyJsonUnsafe(request, options.json)
    if (options.form !== undefined) request = HttpClientRequest.bodyUrlParams(request, options.form)
    if (options.text !== undefined) request = HttpClientRequest.bodyText(request, options.text.body, options.text.contentType)
    const response = yield* http.execute(request)
    const text = yield* response.text
    const answer: Answer = { status: response.status, headers: response.headers, text, body: parse(text) }
    return answer
  }).pipe(Effect.orDie)

/** A field of a JSON answer body (tests only read a few, by name). */
export const field = (answer: Answer, name: string): unknown =>
  typeof answer.body === "object" && answer.body !== null && !Array.isArray(answer.body)
    ? Reflect.get(answer.body, name)
    : undefined

/** A string field of a JSON answer body; fails the test if missing. */
export const stringField = (answer: Answer, name: string): string => {
  const value = field(answer, name)
  if (typeof value !== "string") throw new Error(`expected a string ${name} in ${answer.text}`)
  return value
}
