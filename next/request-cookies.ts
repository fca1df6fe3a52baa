/**
 * One request's cookies as a `CookieJar`: it starts with what the request sent, keeps what is
 * written for the rest of the request (so a refreshed access token is used, not refreshed again),
 * and hands each write to `persist`, where the response can carry it (middleware, a server action,
 * a route handler). A server component has nowhere to write: it passes no `persist`.
 */
import * as Effect from "effect/Effect"
import { CookieJar, type CookieJarService, makeMemoryCookieJar } from "../src/browser/cookies.ts"

/** A cookie as Next.js's `cookies().set` and `NextResponse.cookies.set` take it. */
export interface CookieWrite {
  readonly name: string
  readonly value: string
  readonly path: string
  readonly maxAge?: number
  readonly sameSite?: "strict" | "lax" | "none"
  readonly secure?: boolean
  readonly priority?: "low" | "medium" | "high"
}

const lower = <A extends string>(value: string, allowed: ReadonlyArray<A>): A | undefined =>
  allowed.find((candidate) => candidate === value.toLowerCase())

/** A `name=value; Path=/; Max-Age=…` assignment (what the cookie token store writes) as a {@link CookieWrite}. */
export const cookieWriteOf = (assignment: string): CookieWrite => {
  const [pair = "", ...attributes] = assignment.split(";").map((part) => part.trim())
  const index = pair.indexOf("=")
  const raw = pair.slice(index + 1)
  let value = raw
  try {
    value = decodeURIComponent(raw)
  } catch {
    // Kept as written: the store only writes encoded values.
  }
  let write: CookieWrite = { name: pair.slice(0, index), value, path: "/" }
  for (const attribute of attributes) {
    const [key = "", setting = ""] = attribute.split("=")
    switch (key.toLowerCase()) {
      case "path":
        write = { ...write, path: setting }
        break
      case "max-age":
        write = { ...write, maxAge: Number(setting) }
        break
      case "samesite": {
        const sameSite = lower(setting, ["strict", "lax", "none"] as const)
        if (sameSite !== undefined) write = { ...write, sameSite }
        break
      }
      case "priority": {
        const priority = lower(setting, ["low", "medium", "high"] as const)
        if (priority !== undefined) write = { ...write, priority }
        break
      }
      case "secure":
        write = { ...write, secure: true }
        break
    }
  }
  return write
}

/** The jar over `cookieHeader`, handing every write to `persist` (if any) as well. */
export const makeRequestCookieJar = (cookieHeader: string, persist?: (assignment: string) => void): CookieJarService => {
  const memory = makeMemoryCookieJar(cookieHeader)
  return CookieJar.of({
    read: memory.read,
    write: (assignment) => Effect.andThen(memory.write(assignment), Effect.sync(() => persist?.(assignment)))
  })
}

/** A `Cookie` header from cookies as Next.js lists them (`cookies().getAll()`, values decoded). */
export const cookieHeaderOf = (cookies: ReadonlyArray<{ readonly name: string; readonly value: string }>): string =>
  cookies.map(({ name, value }) => `${name}=${encodeURIComponent(value)}`).join("; ")
