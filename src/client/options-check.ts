/**
 * Checks of a client app's options, made when its layer is built, before any request: a secret key
 * in a browser bundle is a leak however the call ends, so it is refused without being sent.
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Data from "effect/Data"

/** An option of the app's layer that cannot work; nothing was sent. `option` names it. */
export class InvalidStackOptions extends Data.TaggedError("InvalidStackOptions")<{
  readonly option: string
  readonly message: string
}> {}

/** What the checks read: the options every app kind has. */
export interface CheckedOptions {
  readonly projectId: string
  readonly publishableClientKey?: string | Redacted.Redacted<string> | undefined
  readonly baseUrl?: string | undefined
}

/** What a project id may be (UUIDs, or `internal`): checked here and by the cookie token store, whose cookie names carry it. */
export const projectIdPattern = /^[A-Za-z0-9_-]{1,128}$/

const plain = (key: string | Redacted.Redacted<string>) => (Redacted.isRedacted(key) ? Redacted.value(key) : key)

/** Fails with `InvalidStackOptions` when an option cannot be right; never sends anything. */
export const checkClientOptions = (options: CheckedOptions): Effect.Effect<void, InvalidStackOptions> => {
  if (!projectIdPattern.test(options.projectId)) {
    return Effect.fail(new InvalidStackOptions({
      option: "projectId",
      message: `projectId option: not a project id (${JSON.stringify(options.projectId)}).`
    }))
  }
  const key = options.publishableClientKey === undefined ? undefined : plain(options.publishableClientKey)
  if (key !== undefined && /^(ssk|sak)_/.test(key)) {
    const kind = key.startsWith("ssk_") ? "secret server key" : "super secret admin key"
    return Effect.fail(new InvalidStackOptions({
      option: "publishableClientKey",
      message: `The publishableClientKey option holds a ${kind}: secret keys never belong in client code (use the pck_ key).`
    }))
  }
  if (options.baseUrl !== undefined) {
    let protocol = ""
    try {
      protocol = new URL(options.baseUrl).protocol
    } catch {
      protocol = ""
    }
    if (protocol !== "http:" && protocol !== "https:") {
      return Effect.fail(new InvalidStackOptions({
        option: "baseUrl",
        message: `baseUrl option: not an http(s) URL (${JSON.stringify(options.baseUrl)}).`
      }))
    }
  }
  return Effect.void
}
