/**
 * Replaying recorded fixtures (../shared/protocol/fixtures-live and fixtures) against the emulator.
 *
 * A replay turns a fixture's request into a real one (placeholders such as `<uuid>`, `<jwt>`, `<pck>`
 * replaced by values from `Bindings`), sends it, and compares the answer with the recorded one:
 * status, `x-stack-known-error`, `x-stack-actual-status`, the kind of body, and the body's *shape*
 * (same keys, same JSON types; placeholders match any value of the right type; text bodies match
 * with placeholders as wildcards).
 *
 * Usage (see emulator-fixtures.test.ts):
 *
 * ```ts
 * const fixture = loadFixture("fixtures-live", "users-me-client.json")
 * const request = buildRequest(fixture, baseUrl, { projectId, pck, jwt, token })
 * const response = yield* Effect.promise(() => fetchLike(request))
 * const problems = yield* Effect.promise(() => compareResponse(fixture, response))
 * assert.deepStrictEqual(problems, [])
 * ```
 */
import * as Fs from "node:fs"
import * as Path from "node:path"

/** Where the shared protocol files live. */
export const protocolDir = Path.resolve(import.meta.dirname, "../protocol")

/** The two fixture folders. */
export type FixtureFolder = "fixtures" | "fixtures-live"

/** A recorded request/response pair (both folders share this layout). */
export interface Fixture {
  readonly folder: FixtureFolder
  readonly file: string
  readonly request: {
    readonly method: string
    readonly path: string
    readonly access_type: string | null
    readonly body: unknown
    readonly extra_headers?: Readonly<Record<string, string>>
  }
  readonly response: {
    readonly status: number
    readonly headers: Readonly<Record<string, string>>
    readonly body: unknown
  }
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const stringRecord = (value: unknown): Record<string, string> => {
  const out: Record<string, string> = {}
  if (isRecord(value)) for (const [k, v] of Object.entries(value)) if (typeof v === "string") out[k] = v
  return out
}

/** Reads one fixture file (test data: its layout is checked field by field, not cast). */
export const loadFixture = (folder: FixtureFolder, file: string): Fixture => {
  const raw: unknown = JSON.parse(Fs.readFileSync(Path.join(protocolDir, folder, file), "utf8"))
  if (!isRecord(raw) || !isRecord(raw["request"]) || !isRecord(raw["response"])) {
    throw new Error(`${folder}/${file} is not a fixture`)
  }
  const request = raw["request"]
  const response = raw["response"]
  const accessType = request["access_type"]
  const status = response["status"]
  return {
    folder,
    file,
    request: {
      method: String(request["method"]),
      path: String(request["path"]),
      access_type: typeof accessType === "string" ? accessType : null,
      body: request["body"],
      extra_headers: stringRecord(request["extra_headers"])
    },
    response: {
      status: typeof status === "number" ? status : 0,
      headers: stringRecord(response["headers"]),
      body: response["body"]
    }
  }
}

/** Every fixture file name of a folder. */
export const listFixtures = (folder: FixtureFolder): ReadonlyArray<string> =>
  Fs.readdirSync(Path.join(protocolDir, folder)).filter((f) => f.endsWith(".json")).sort()

// =============================================================================
// Requests
// =============================================================================

/** Values that replace a fixture's placeholders. */
export interface Bindings {
  readonly projectId?: string | undefined
  readonly pck?: string | undefined
  readonly ssk?: string | undefined
  readonly sak?: string | undefined
  /** `x-stack-access-token` (and `<jwt>` elsewhere). */
  readonly jwt?: string | undefined
  readonly adminJwt?: string | undefined
  /** Refresh token (`<token>`). */
  readonly token?: string | undefined
  readonly code?: string | undefined
  readonly userId?: string | undefined
  readonly email?: string | undefined
  readonly password?: string | undefined
  /** Other `<uuid>`s of the path, in order. */
  readonly pathUuids?: ReadonlyArray<string> | undefined
  /** Exact values by location: `header.<name>`, `body.<key>`, `path`. Win over everything. */
  readonly overrides?: Readonly<Record<string, unknown>> | undefined
  /**
   * For 2.7-era fixtures (`fixtures/`), which omit the headers the harness always sent: send the
   * project id, the keys of the access type and, when given, the user tokens.
   */
  readonly implicitHeaders?: boolean | undefined
}

const sampleTotpSecret = "MTIzNDU2Nzg5MDEyMzQ1Njc4OTA="

/** The value a placeholder string stands for at `location` (`header.x`, `body.y`, ...). */
const resolve = (value: string, location: string, bindings: Bindings): unknown => {
  const override = bindings.overrides?.[location]
  if (override !== undefined) return override
  if (!value.includes("<")) return value
  const key = location.slice(location.indexOf(".") + 1)
  switch (value) {
    case "<pck>":
      return bindings.pck ?? value
    case "<ssk>":
      return bindings.ssk ?? value
    case "<sak>":
      return bindings.sak ?? value
    case "<jwt>":
    case "<access token>":
      return location === "header.x-stack-admin-access-token" ? bindings.adminJwt ?? value : bindings.jwt ?? value
    case "<token>":
    case "<refresh token>":
      return bindings.token ?? value
    case "<code>":
      return bindings.code ?? value
    case "<millis>":
      return 86_400_000
    case "<base64-secret>":
      return sampleTotpSecret
    case "<uuid>":
    case "<stripped UUID>":
      if (key === "x-stack-project-id" || key === "client_id") return bindings.projectId ?? value
      return bindings.userId ?? value
  }
  if (/^[a-z]+-<random>@example\.com$/.test(value) || value.includes("@")) return bindings.email ?? value
  if (value.includes("<random")) return bindings.password ?? value
  return value
}

const resolveDeep = (value: unknown, location: string, bindings: Bindings): unknown => {
  if (typeof value === "string") return resolve(value, location, bindings)
  if (Array.isArray(value)) return value.map((item, i) => resolveDeep(item, `${location}[${i}]`, bindings))
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveDeep(v, `${location}.${k}`, bindings)]))
  }
  return value
}

/** The fixture's request as a web `Request` against `baseUrl`. */
export const buildRequest = (fixture: Fixture, baseUrl: string, bindings: Bindings): Request => {
  const { request } = fixture
  let path = request.path
  const pathOverride = bindings.overrides?.["path"]
  if (typeof pathOverride === "string") {
    path = pathOverride
  } else {
    const uuids = [...(bindings.pathUuids ?? [])]
    path = path.replace(/<uuid>|<stripped UUID>/g, () => uuids.shift() ?? bindings.projectId ?? "")
      .replace(/<pck>|<publishable client key>/g, () => encodeURIComponent(bindings.pck ?? ""))
  }
  const headers = new Headers()
  if (bindings.implicitHeaders === true && request.access_type !== null) {
    if (bindings.projectId !== undefined) headers.set("x-stack-project-id", bindings.projectId)
    if (bindings.pck !== undefined) headers.set("x-stack-publishable-client-key", bindings.pck)
    if (request.access_type !== "client" && bindings.ssk !== undefined) headers.set("x-stack-secret-server-key", bindings.ssk)
    if (request.access_type === "admin" && bindings.sak !== undefined) headers.set("x-stack-super-secret-admin-key", bindings.sak)
    if (bindings.jwt !== undefined) headers.set("x-stack-access-token", bindings.jwt)
    if (bindings.token !== undefined) headers.set("x-stack-refresh-token", bindings.token)
  }
  if (request.access_type !== null) headers.set("x-stack-access-type", request.access_type)
  for (const [name, value] of Object.entries(request.extra_headers ?? {})) {
    headers.set(name, String(resolve(value, `header.${name}`, bindings)))
  }
  for (const [location, value] of Object.entries(bindings.overrides ?? {})) {
    if (location.startsWith("header.")) headers.set(location.slice(7), String(value))
  }
  let body: string | undefined
  if (request.body !== null && request.body !== undefined) {
    if (typeof request.body === "string") {
      body = request.body
    } else {
      const resolved = resolveDeep(request.body, "body", bindings)
      if (headers.get("content-type")?.startsWith("application/x-www-form-urlencoded") === true && isRecord(resolved)) {
        body = new URLSearchParams(stringRecord(resolved)).toString()
      } else {
        body = JSON.stringify(resolved)
        if (!headers.has("content-type")) headers.set("content-type", "application/json")
      }
    }
  }
  return new Request(new URL(path, baseUrl), { method: request.method, headers, body: body ?? null })
}

// =============================================================================
// Responses
// =============================================================================

/** How strictly object keys are compared: `exact` (live fixtures) or `superset` (2.7-era: new fields allowed). */
export type KeyMode = "exact" | "superset"

const jsonType = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value

const isPlaceholder = (value: string) => /<[^>]+>/.test(value)

const numericPlaceholder = (value: string, key: string) =>
  value === "<millis>" || (isPlaceholder(value) && (key.endsWith("_millis") || key === "expires_in"))

/**
 * The differences between an expected (recorded) JSON value and an actual one, as readable lines.
 * Placeholders (`<uuid>`, `<millis>`, `<stripped field 'x'>`, ...) match any value of their type.
 */
export const shapeMismatches = (expected: unknown, actual: unknown, path = "body", mode: KeyMode = "exact"): Array<string> => {
  const key = path.slice(path.lastIndexOf(".") + 1)
  if (typeof expected === "string") {
    if (numericPlaceholder(expected, key)) {
      return typeof actual === "number" ? [] : [`${path}: expected a number, got ${jsonType(actual)}`]
    }
    if (/^<stripped field/.test(expected)) {
      return actual === null || typeof actual === "object" ? [`${path}: expected a scalar, got ${jsonType(actual)}`] : []
    }
    return typeof actual === "string" ? [] : [`${path}: expected a string, got ${jsonType(actual)}`]
  }
  if (jsonType(expected) !== jsonType(actual)) return [`${path}: expected ${jsonType(expected)}, got ${jsonType(actual)}`]
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) return [`${path}: expected ${expected.length} items, got ${actual.length}`]
    return expected.flatMap((item, i) => shapeMismatches(item, actual[i], `${path}[${i}]`, mode))
  }
  if (isRecord(expected) && isRecord(actual)) {
    const problems: Array<string> = []
    for (const k of Object.keys(expected)) {
      if (!(k in actual)) problems.push(`${path}.${k}: missing`)
      else problems.push(...shapeMismatches(expected[k], actual[k], `${path}.${k}`, mode))
    }
    if (mode === "exact") for (const k of Object.keys(actual)) if (!(k in expected)) problems.push(`${path}.${k}: unexpected`)
    return problems
  }
  return []
}

/** A recorded text with placeholders, as a regular expression. */
const textPattern = (expected: string): RegExp =>
  new RegExp(
    `^${expected.split(/(<[^>]+>)/).map((part) => isPlaceholder(part) ? "[\\s\\S]+?" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("")}$`
  )

const bodyKind = (contentType: string | undefined | null) =>
  contentType === undefined || contentType === null ? "none" : contentType.includes("json") ? "json" : "text"

/** Compares a response with the fixture's; returns the differences (empty when it matches). */
/** The address of the server the fixtures were recorded from. */
const recordingOrigin = "http://localhost:8102"

export const compareResponse = async (
  fixture: Fixture,
  response: Response,
  mode: KeyMode = fixture.folder === "fixtures-live" ? "exact" : "superset",
  /** Where the replay ran: texts naming the recording server's own address are compared with this one. */
  baseUrl?: string
): Promise<Array<string>> => {
  const expected = fixture.response
  const problems: Array<string> = []
  if (response.status !== expected.status) problems.push(`status: expected ${expected.status}, got ${response.status}`)
  const knownError = response.headers.get("x-stack-known-error") ?? undefined
  if (knownError !== expected.headers["x-stack-known-error"]) {
    problems.push(`x-stack-known-error: expected ${expected.headers["x-stack-known-error"]}, got ${knownError}`)
  }
  const actualStatus = response.headers.get("x-stack-actual-status") ?? undefined
  if (actualStatus !== expected.headers["x-stack-actual-status"]) {
    problems.push(`x-stack-actual-status: expected ${expected.headers["x-stack-actual-status"]}, got ${actualStatus}`)
  }
  const text = await response.text()
  const expectedKind = expected.body === null ? "none" : bodyKind(expected.headers["content-type"])
  const actualKind = text === "" ? "none" : bodyKind(response.headers.get("content-type"))
  if (expectedKind !== actualKind) {
    problems.push(`body kind: expected ${expectedKind}, got ${actualKind}`)
    return problems
  }
  if (expectedKind === "json") {
    let actual: unknown
    try {
      actual = JSON.parse(text)
    } catch {
      problems.push(`body: not JSON: ${text.slice(0, 100)}`)
      return problems
    }
    problems.push(...shapeMismatches(expected.body, actual, "body", mode))
  } else if (expectedKind === "text" && typeof expected.body === "string") {
    const recorded = baseUrl === undefined ? expected.body : expected.body.replaceAll(recordingOrigin, baseUrl)
    if (!textPattern(recorded).test(text)) {
      problems.push(`body text: expected ${JSON.stringify(recorded)}, got ${JSON.stringify(text)}`)
    }
  }
  return problems
}
