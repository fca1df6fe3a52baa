/**
 * The compiled response decoder gives exactly what Effect's decoder gives: the same value (keys in
 * the same order) for every recorded success body, and the same outcome, refusal message included,
 * for each of those bodies broken one field at a time.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { describe, expect, it } from "vitest"
import * as Schema from "effect/Schema"
import { camelize } from "../../src/model/camel.ts"
import { compiledParsers, type Decoder } from "../../src/model/decoders.ts"
import * as FastDecode from "../../src/model/fast-decode.ts"
import * as Team from "../../src/model/team.ts"
import * as User from "../../src/model/user.ts"
import { Json } from "../../src/wire/common.ts"
import { type Fixture, loadFixtures, materialize, type ResponseRoute } from "../conformance/fixture.ts"
import { authAdminRoutes, type WireRoute } from "../conformance/routes-auth-admin.ts"
import { usersRoutes } from "../conformance/routes-users.ts"

/** The pipeline's decoders once fast-decode.ts has loaded. */
const compiledDecoder = compiledParsers(FastDecode, "decode")
// A compiled reader hands back what Effect's decoder gives for the schema: an `A`.
const makeDecoder = <A>(schema: Schema.Decoder<A>): Decoder<A> => compiledDecoder(schema) as Decoder<A>

const routes: ReadonlyArray<ResponseRoute | WireRoute> = [...usersRoutes, ...authAdminRoutes]

const routeFor = (fixture: Fixture) => {
  const path = fixture.request.path.split("?")[0] ?? ""
  return routes.find((route) =>
    route.method === fixture.request.method && route.path.test(path) &&
    (route.accessType === undefined || route.accessType === fixture.request.access_type)
  )
}

const isObjectBody = (fixture: Fixture) =>
  fixture.response.body !== null && typeof fixture.response.body === "object" && routeFor(fixture) !== undefined

/** What a decoder made of a value, comparable with `toEqual`: the value with its key order, or the message. */
const outcome = (decode: (input: unknown) => { readonly _tag: string }, input: unknown): unknown => {
  const result = decode(input)
  if ("success" in result) return { value: result.success, json: JSON.stringify(result.success) }
  return { refused: "failure" in result ? String(result.failure) : "?" }
}

/** The body broken one way at a time: each key removed, each value replaced by a wrong one, an extra key. */
const variants = (body: unknown): ReadonlyArray<unknown> => {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return [body, [], "text", null]
  const record = body as Record<string, unknown>
  const out: Array<unknown> = [{ ...record, extra_key_nobody_declares: 1 }]
  for (const key of Object.keys(record)) {
    const { [key]: _removed, ...rest } = record
    out.push(rest)
    for (const wrong of [12345, "text", null, true, [], {}, undefined]) out.push({ ...record, [key]: wrong })
    const inner = record[key]
    if (inner !== null && typeof inner === "object" && !Array.isArray(inner)) {
      for (const nested of variants(inner).slice(0, 8)) out.push({ ...record, [key]: nested })
    }
    if (Array.isArray(inner) && inner.length > 0) out.push({ ...record, [key]: [...inner, 42] })
  }
  return out
}

const schemasOf = (route: ResponseRoute | WireRoute): ReadonlyArray<Schema.Decoder<unknown>> =>
  "model" in route && route.model !== undefined ? [route.schema, route.model] : [route.schema]

describe("compiled response decoding", () => {
  const fixtures = loadFixtures().filter(isObjectBody)

  it("covers the recorded bodies of both fixture folders", () => {
    expect(fixtures.length).toBeGreaterThan(100)
  })

  it("decodes every recorded body, and every broken variant of it, exactly as Effect's decoder does", () => {
    let compared = 0
    for (const fixture of fixtures) {
      const route = routeFor(fixture)
      if (route === undefined) continue
      const body = materialize(fixture.response.body)
      for (const schema of schemasOf(route)) {
        const fast = makeDecoder(schema)
        const full = Schema.decodeUnknownResult(schema)
        for (const input of [body, ...variants(body)]) {
          expect(outcome(fast, input), `${fixture.folder}/${fixture.file}`).toEqual(outcome(full, input))
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(5000)
  })

  it("reads a user into the model's keys, nested models and JSON metadata included", () => {
    const decode = makeDecoder(User.User)
    const wire = {
      id: "3f0c3f6e-2b1a-4c7e-9d5f-0a1b2c3d4e5f",
      primary_email: "ada@example.com",
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      display_name: "Ada",
      selected_team: { id: "t1", display_name: "Team", profile_image_url: null, client_metadata: { a: [1] }, client_read_only_metadata: null },
      selected_team_id: "t1",
      profile_image_url: null,
      signed_up_at_millis: 1_763_800_000_000,
      has_password: true,
      otp_auth_enabled: false,
      passkey_auth_enabled: false,
      client_metadata: { theme: "dark" },
      client_read_only_metadata: null,
      auth_with_email: true,
      requires_totp_mfa: false,
      oauth_providers: [{ id: "github", account_id: "42", email: null }],
      is_anonymous: false,
      is_restricted: false,
      restricted_reason: null
    }
    expect(outcome(decode, wire)).toEqual(outcome(Schema.decodeUnknownResult(User.User), wire))
    const result = decode(wire)
    expect(result._tag).toBe("Success")
    if (result._tag === "Success") {
      expect(result.success.displayName).toBe("Ada")
      expect(result.success.selectedTeam?.displayName).toBe("Team")
      expect(result.success.oauthProviders[0]?.accountId).toBe("42")
      expect(result.success.clientMetadata).toEqual({ theme: "dark" })
    }
  })

  it("gives Effect's own refusal, path in the wire's keys, for a value the schema refuses", () => {
    const TeamModel = Team.Team
    const decode = makeDecoder(TeamModel)
    const result = decode({ id: "t1", display_name: 7, profile_image_url: null })
    expect(result._tag).toBe("Failure")
    const full = Schema.decodeUnknownResult(TeamModel)({ id: "t1", display_name: 7, profile_image_url: null })
    expect(String(result._tag === "Failure" ? result.failure : "")).toBe(String(full._tag === "Failure" ? full.failure : "?"))
  })

  it("runs checks as Effect does, and leaves other declarations and unions with a mode to Effect's decoder", () => {
    const Checked = camelize(Schema.Struct({
      count: Schema.Finite,
      whole: Schema.optionalKey(Schema.Int),
      tags: Schema.optionalKey(Schema.Array(Schema.String).check(Schema.isMaxLength(2))),
      inner: Schema.optionalKey(Schema.Struct({ a: Schema.Number, b: Schema.Number }).check(
        Schema.makeFilter((value) => value.a < value.b ? undefined : "a must be below b")
      )),
      name: Schema.String.check(Schema.isMinLength(2)),
      meta: Json,
      either: Schema.Union([Schema.Literal("a"), Schema.Literal("b")], { mode: "oneOf" }),
      later: Schema.optional(Schema.Number),
      __proto__: Schema.optionalKey(Schema.String)
    }))
    const decode = makeDecoder(Checked)
    const full = Schema.decodeUnknownResult(Checked)
    const inputs: ReadonlyArray<unknown> = [
      { count: 1, name: "ab", meta: { x: 1 }, either: "a" },
      { count: Number.POSITIVE_INFINITY, name: "ab", meta: null, either: "b" },
      { count: 1, name: "a", meta: null, either: "a" },
      { count: 1, name: "ab", meta: () => 1, either: "a" },
      { count: 1, name: "ab", meta: null, either: "c", later: undefined },
      { count: 1, name: "ab", meta: null, either: "a", later: 2 },
      JSON.parse(`{"count":1,"name":"ab","meta":null,"either":"a","__proto__":"own"}`),
      { count: 1, name: "ab", meta: null, either: "a", whole: 2, tags: ["x", "y"], inner: { a: 1, b: 2 } },
      { count: 1, name: "ab", meta: null, either: "a", whole: 2.5 },
      { count: 1, name: "ab", meta: null, either: "a", tags: ["x", "y", "z"] },
      { count: 1, name: "ab", meta: null, either: "a", inner: { a: 2, b: 1 } },
      { count: Number.NaN, name: "ab", meta: null, either: "a" },
      Object.create({ count: 1, name: "ab", meta: null, either: "a" })
    ]
    for (const input of inputs) expect(outcome(decode, input)).toEqual(outcome(full, input))
  })
})

/** The model modules' own files that are not models (the camelCase machinery, the readers). */
const notModels = new Set(["camel.ts", "decoders.ts", "fast-decode.ts", "renamings.ts"])

/** Every schema the model modules export (each file of src/model/), response models and input schemas alike. */
const modelSchemas = async (): Promise<ReadonlyArray<readonly [string, Schema.Top]>> => {
  const dir = Path.resolve(import.meta.dirname, "../../src/model")
  const files = Fs.readdirSync(dir).filter((file) => file.endsWith(".ts") && !notModels.has(file))
  const modules = await Promise.all(files.map(async (file) => [file, await import(Path.join(dir, file))] as const))
  return modules.flatMap(([file, module]) =>
    Object.entries(module as Record<string, unknown>).flatMap(([key, value]) =>
      Schema.isSchema(value) ? [[`${file}:${key}`, value] as const] : []
    )
  )
}

/** Also the value with a wire key spelled out beside its model key (Effect's renaming lets it win or lose by key order). */
const withWireKeys = (value: unknown, wire: unknown): ReadonlyArray<unknown> => {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return []
  if (wire === null || typeof wire !== "object" || Array.isArray(wire)) return []
  return Object.entries(wire).filter(([key]) => key.includes("_")).slice(0, 3).flatMap(([key, inner]) => [
    { ...value, [key]: inner },
    { [key]: inner, ...value }
  ])
}

describe("compiled input encoding", () => {
  const makeEncoder = compiledParsers(FastDecode, "encode")

  it("encodes every model value found in the recorded bodies, and every broken variant of it, exactly as Effect's encoder does", async () => {
    const bodies = loadFixtures().flatMap((fixture) => [fixture.request.body, fixture.response.body])
      .filter((body) => body !== null && typeof body === "object")
      .map((body) => materialize(body))
    let compared = 0
    const schemasSeen = new Set<string>()
    for (const [name, schema] of await modelSchemas()) {
      const decode = Schema.decodeUnknownResult(schema as Schema.Decoder<unknown>)
      const fast = makeEncoder(schema)
      const full = Schema.encodeUnknownResult(schema as Schema.Encoder<unknown>)
      for (const body of bodies) {
        const decoded = decode(body)
        if (decoded._tag !== "Success") continue
        schemasSeen.add(name)
        const value = decoded.success
        for (const input of [value, ...variants(value), ...withWireKeys(value, body)]) {
          expect(outcome(fast, input), name).toEqual(outcome(full, input))
          compared++
        }
      }
    }
    expect(schemasSeen.size).toBeGreaterThan(15)
    expect(compared).toBeGreaterThan(5000)
  })

  it("writes an update in the wire's keys and order, dropping keys the input schema does not declare", () => {
    const encode = makeEncoder(User.UserUpdate)
    const full = Schema.encodeUnknownResult(User.UserUpdate)
    const inputs: ReadonlyArray<unknown> = [
      { clientMetadata: { theme: "dark" } },
      { displayName: "Ada", clientMetadata: { theme: "dark" }, profileImageUrl: null },
      { profileImageUrl: "https://example.com/a.png", displayName: "Ada", somethingElse: 1 },
      { displayName: 7 },
      { display_name: "Ada" },
      { displayName: "Ada", display_name: "Bob" },
      { displayName: undefined },
      Object.create({ displayName: "inherited" }),
      Object.defineProperty({}, "displayName", { value: "hidden", enumerable: false }),
      { get displayName() { return "from a getter" } },
      [],
      null,
      "text"
    ]
    for (const input of inputs) expect(outcome(encode, input)).toEqual(outcome(full, input))
    const result = encode({ clientMetadata: { theme: "dark" }, displayName: "Ada" })
    expect(result._tag === "Success" ? JSON.stringify(result.success) : "").toBe(JSON.stringify(
      Schema.encodeUnknownSync(User.UserUpdate)({ clientMetadata: { theme: "dark" }, displayName: "Ada" })
    ))
  })
})
