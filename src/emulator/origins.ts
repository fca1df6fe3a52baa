/**
 * Which browser origins may use a project's secret server key, super secret admin key or an admin
 * access token on the emulator.
 *
 * The emulator answers every origin with `Access-Control-Allow-Origin: *` (like the service) and
 * its CLI starts with fixed, published keys, so without this check any web page open in the
 * developer's browser (another local dev server, or a site on the internet reaching localhost)
 * could list users, mint sessions and read the project's configuration. A request that carries an
 * `Origin` header comes from a browser page; server and admin access from one are accepted only
 * when that origin is one of the project's trusted domains (scheme, host and port, exactly). Requests
 * without an `Origin` (scripts, tests, servers, the SDK on Node) are not affected, nor is client
 * access. The service itself has no such check and no error for it: this is an emulator-only 403.
 *
 * `allowLocalhost` does not count here: it trusts every localhost port for redirects, and the pages
 * this guards against are precisely other localhost ports.
 */
import type { AccessType } from "./auth.ts"
import { type TextError, textError } from "./reply.ts"
import type { ProjectRecord } from "./state.ts"

/** `origin` in the form browsers send it (`scheme://host[:port]`), or undefined if it is not one. */
const normalizedOrigin = (origin: string): string | undefined => {
  try {
    const url = new URL(origin)
    return url.origin === "null" ? undefined : url.origin
  } catch {
    return undefined
  }
}

/** Whether a trusted domain (`https://app.example.com`, `https://*.example.com:8443`) names `origin`. */
const domainNamesOrigin = (domain: string, origin: URL): boolean => {
  const trusted = (() => {
    try {
      return new URL(domain)
    } catch {
      return undefined
    }
  })()
  if (trusted === undefined || trusted.protocol !== origin.protocol || trusted.port !== origin.port) return false
  // `*` stands for one or more characters within a single label, as in the service's wildcard domains.
  const pattern = trusted.hostname.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^.]+")
  return new RegExp(`^${pattern}$`).test(origin.hostname)
}

/** Whether `project` trusts the browser origin `origin` (an `Origin` header's value). */
export const isOriginTrusted = (project: ProjectRecord, origin: string): boolean => {
  const normalized = normalizedOrigin(origin)
  if (normalized === undefined) return false
  const url = new URL(normalized)
  return project.config.domains.some((domain) => domainNamesOrigin(domain.domain, url))
}

/** The emulator's answer to server or admin access from a browser origin the project does not trust. */
export const untrustedOriginError = (origin: string, accessType: Exclude<AccessType, "client">, projectId: string): TextError => {
  // Browsers send a short origin; anything else is a script's own header, shown only in part.
  const shown = origin.length > 120 ? `${origin.slice(0, 120)}…` : origin
  return textError(
    403,
    // The SDK shows the first 200 characters of a text answer: the origin and the fix come first.
    `The stackfx emulator refuses ${accessType} access from the browser origin ${shown}: add it to the trusted domains of project ${projectId} ` +
      `(config.domains), or use secret server keys, super secret admin keys and admin access tokens from a server or script (no Origin header) only.`
  )
}
