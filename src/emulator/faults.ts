/**
 * Fault mode: the emulator misbehaves on purpose, per path, so an app's retry, timeout and
 * rate-limit handling can be tested end to end. A fault answers a status (a 5xx, or 429 with
 * `Retry-After`), delays the real answer, or never answers; `times` limits how often it fires.
 * Configured through `Emulator.layer({ faults })`, `emu.setFaults([...])` or the CLI's `--fault`.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/** One fault: which requests it matches and what they get. */
export interface Fault {
  /** HTTP method to match; default any. */
  readonly method?: string | undefined
  /** Path below `/api/v1` to match, exactly, or as a prefix when it ends with `*` (`/users/*`). */
  readonly path: string
  /** What the request gets: a status answer, a delay before the real answer, or no answer at all. */
  readonly action:
    | { readonly _tag: "Status"; readonly status: number; readonly retryAfterSeconds?: number | undefined }
    | { readonly _tag: "Delay"; readonly millis: number }
    | { readonly _tag: "Hang" }
  /** How many matching requests it fires for; default every one. */
  readonly times?: number | undefined
}

/** The faults in force, each with how often it may still fire. */
export interface FaultBook {
  current: Array<{ readonly fault: Fault; remaining: number }>
}

/** A fault book holding `faults`. */
export const makeFaultBook = (faults: ReadonlyArray<Fault> = []): FaultBook => ({
  current: faults.map((fault) => ({ fault, remaining: fault.times ?? Number.POSITIVE_INFINITY }))
})

const matches = (fault: Fault, method: string, path: string): boolean =>
  (fault.method === undefined || fault.method === "*" || fault.method.toUpperCase() === method.toUpperCase()) &&
  (fault.path.endsWith("*") ? path.startsWith(fault.path.slice(0, -1)) : path === fault.path)

/** The fault this request meets (counting it), if any. */
export const takeFault = (book: FaultBook, method: string, path: string): Fault | undefined => {
  const entry = book.current.find((each) => each.remaining > 0 && matches(each.fault, method, path))
  if (entry === undefined) return undefined
  entry.remaining--
  return entry.fault
}

/** The answer of a status fault (plain text, like a proxy or the platform would send). */
export const faultResponse = (status: number, retryAfterSeconds: number | undefined, headers: Readonly<Record<string, string>>): Response =>
  new Response(status === 429 ? "Too Many Requests (emulator fault)" : `Service fault ${status} (emulator fault)`, {
    status,
    headers: {
      ...headers,
      "content-type": "text/plain; charset=utf-8",
      ...(retryAfterSeconds === undefined ? {} : { "retry-after": String(retryAfterSeconds) })
    }
  })

/** Runs a delay or hang fault before the request goes on (uses the Clock: TestClock drives it). */
export const waitForFault = (fault: Fault): Effect.Effect<void> =>
  fault.action._tag === "Delay"
    ? Effect.sleep(fault.action.millis)
    : fault.action._tag === "Hang"
    ? Effect.never
    : Effect.void

/** A `--fault` flag that cannot be read. */
export class FaultSyntaxError extends Schema.TaggedError<FaultSyntaxError>()("FaultSyntaxError", {
  message: Schema.String
}) {}

/**
 * Reads `METHOD:PATH=ACTION[,times=N][,retry-after=S]`, where METHOD is a verb or `*`, PATH is below
 * `/api/v1` (a trailing `*` matches a prefix) and ACTION is a status (`503`, `429`), `delay-<ms>` or
 * `hang`. Example: `GET:/users/me=503,retry-after=2,times=1`.
 */
export const parseFault = (text: string): Effect.Effect<Fault, FaultSyntaxError> => {
  const fail = (why: string) =>
    Effect.fail(new FaultSyntaxError({ message: `--fault ${JSON.stringify(text)}: ${why}. Form: METHOD:PATH=ACTION[,times=N][,retry-after=S], e.g. GET:/users/me=503,retry-after=2,times=1` }))
  const match = /^([A-Za-z*]+):(\/[^=]*)=([^,]+)((?:,[a-z-]+=\d+)*)$/.exec(text.trim())
  if (match === null) return fail("not of the form")
  const [, method = "*", path = "", actionText = "", optionText = ""] = match
  const options = new Map(optionText.split(",").filter((part) => part !== "").map((part) => {
    const [name = "", value = ""] = part.split("=")
    return [name, Number(value)] as const
  }))
  for (const name of options.keys()) if (name !== "times" && name !== "retry-after") return fail(`unknown option ${name}`)
  const times = options.get("times")
  let action: Fault["action"]
  if (/^\d{3}$/.test(actionText)) {
    const status = Number(actionText)
    if (status < 400 || status > 599) return fail("a status fault needs a 4xx or 5xx status")
    action = { _tag: "Status", status, retryAfterSeconds: options.get("retry-after") }
  } else if (/^delay-\d+$/.test(actionText)) {
    action = { _tag: "Delay", millis: Number(actionText.slice("delay-".length)) }
  } else if (actionText === "hang") {
    action = { _tag: "Hang" }
  } else {
    return fail(`unknown action ${actionText}`)
  }
  return Effect.succeed({ method: method === "*" ? undefined : method.toUpperCase(), path, action, times })
}
