/**
 * Loading the recorded fixtures of ../shared/protocol and turning their placeholders into values of the
 * documented wire types, so that schemas can decode them.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import type * as Schema from "effect/Schema"

export const protocolDir = Path.resolve(import.meta.dirname, "../protocol")

export interface Fixture {
  readonly folder: "fixtures" | "fixtures-live"
  readonly file: string
  readonly request: {
    readonly method: string
    readonly path: string
    readonly access_type: string | null
    readonly body: unknown
    readonly extra_headers?: Record<string, string>
  }
  readonly response: {
    readonly status: number
    readonly headers: Record<string, string>
    readonly body: unknown
  }
}

/** Every fixture of both folders (README.md excluded), sorted by folder then file name. */
export const loadFixtures = (): ReadonlyArray<Fixture> =>
  (["fixtures", "fixtures-live"] as const).flatMap((folder) =>
    Fs.readdirSync(Path.join(protocolDir, folder))
      .filter((file) => file.endsWith(".json"))
      .sort()
      .map((file): Fixture => ({
        folder,
        file,
        ...JSON.parse(Fs.readFileSync(Path.join(protocolDir, folder, file), "utf8"))
      }))
  )

const sampleUuid = "3f0c3f6e-2b1a-4c7e-9d5f-0a1b2c3d4e5f"
const sampleMillis = 1_763_800_000_000

const isNumericField = (name: string) => name.endsWith("_millis") || name === "expires_in"

/**
 * Replaces placeholders by sample values of the wire type they stand for: `<millis>` and stripped
 * `*_millis` fields become numbers, `<stripped UUID>` / `<uuid>` inside strings become a UUID.
 */
export const materialize = (value: unknown, key?: string): unknown => {
  if (typeof value === "string") {
    if (value === "<millis>") return sampleMillis
    const stripped = /^<stripped field '([^']+)'>$/.exec(value)
    if (stripped !== null && isNumericField(stripped[1] ?? "")) return sampleMillis
    if (key !== undefined && isNumericField(key) && value.startsWith("<")) return sampleMillis
    return value.replaceAll("<stripped UUID>", sampleUuid).replaceAll("<uuid>", sampleUuid)
  }
  if (Array.isArray(value)) return value.map((item) => materialize(item))
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, materialize(v, k)]))
  }
  return value
}

/** How a success fixture is matched to the schema that must decode its body. */
export interface ResponseRoute {
  readonly method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT"
  /** Matched against the request path with the query string removed. */
  readonly path: RegExp
  /** Only fixtures sent with this access type (null = no header); omit to match any. */
  readonly accessType?: "client" | "server" | "admin" | null
  /** The response schema: a model (camelCase) derived from a wire schema. */
  readonly schema: Schema.Decoder<unknown>
}
