/**
 * Production-mode warnings, computed from the project's data: localhost
 * allowed, localhost domains, direct-IP domains, non-HTTPS domains.
 */
/** One warning, with the dashboard page that fixes it. */
export interface ProductionModeError {
  readonly message: string
  readonly relativeFixUrl: string
}

const isLocalhost = (host: string) => host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host)
const isDirectIp = (host: string) => /^[\d.]+$/.test(host)

/** Everything that should change before the project goes to production; empty when it is ready. */
export const productionModeErrors = (project: {
  readonly id: string
  readonly config: { readonly allowLocalhost: boolean; readonly domains: ReadonlyArray<{ readonly domain: string }> }
}): ReadonlyArray<ProductionModeError> => {
  const relativeFixUrl = `/projects/${project.id}/domains`
  const errors: Array<ProductionModeError> = []
  if (project.config.allowLocalhost) {
    errors.push({ message: "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings", relativeFixUrl })
  }
  for (const { domain } of project.config.domains) {
    if (!URL.canParse(domain)) {
      errors.push({ message: `Trusted domain is not a valid URL: ${domain}`, relativeFixUrl })
      continue
    }
    const url = new URL(domain)
    if (isLocalhost(url.hostname)) {
      errors.push({ message: `Localhost domains are not allowed to be trusted in production mode: ${domain}`, relativeFixUrl })
    } else if (isDirectIp(url.hostname)) {
      errors.push({ message: `Direct IPs are not valid for trusted domains in production mode: ${domain}`, relativeFixUrl })
    } else if (url.protocol !== "https:") {
      errors.push({ message: `Trusted domains should be HTTPS: ${domain}`, relativeFixUrl })
    }
  }
  return errors
}
