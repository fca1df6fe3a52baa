/**
 * Trusted-domain matching as the service does it (backend 2.8.86), shared by the emulator's
 * redirect check and apps that check a URL against a project's trusted domains.
 *
 * A domain is a base URL (`https://app.example.com`, `http://localhost:3000`) or a pattern whose
 * host has wildcards: `*` stands for characters within one label (`*.example.com` matches
 * `a.example.com`, not `a.b.example.com` nor `example.com`), `**` for any characters, dots
 * included (`**.example.com` matches `a.b.example.com`). The protocol must be the same. Ports:
 * an exact domain matches its own port (default ports written or not); a pattern with a port
 * matches that port, a pattern without one only the protocol's default port. Paths are not
 * compared.
 */

const defaultPorts: Readonly<Record<string, string>> = { "https:": "443", "http:": "80" }

const hostWithPort = (url: URL): string => {
  const port = url.port || defaultPorts[url.protocol] || ""
  return port ? `${url.hostname}:${port}` : url.hostname
}

const isDefaultPort = (url: URL): boolean => url.port === "" || url.port === defaultPorts[url.protocol]

/** Whether `hostname` matches a host pattern with `*` (one label) and `**` (any) wildcards. */
export const matchHostnamePattern = (pattern: string, hostname: string): boolean => {
  if (!pattern.includes("*")) return pattern === hostname
  const source = pattern
    .split("**")
    .map((part) => part.split("*").map((text) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^.]*"))
    .join(".*")
  return new RegExp(`^${source}$`).test(hostname)
}

/** Whether `url` is on the trusted domain `domain` (a base URL or a wildcard pattern). */
export const matchesTrustedDomain = (url: URL, domain: string): boolean => {
  if (!domain.includes("*")) {
    let base: URL
    try {
      base = new URL(domain)
    } catch {
      return false
    }
    return base.protocol === url.protocol && base.hostname === url.hostname && hostWithPort(base) === hostWithPort(url)
  }
  const match = /^([^:]+:\/\/)([^/]*)/.exec(domain)
  if (match === null || `${url.protocol}//` !== match[1]) return false
  const hostPattern = match[2] ?? ""
  return hostPattern.includes(":")
    ? matchHostnamePattern(hostPattern, hostWithPort(url))
    : matchHostnamePattern(hostPattern, url.hostname) && isDefaultPort(url)
}
