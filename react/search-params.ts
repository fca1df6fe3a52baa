/** Search params as routers hand them over, made `URLSearchParams` (no React here: server components import it). */

/** Search params as routers give them: a string, `URLSearchParams`, or Next.js's record. */
export type SearchParamsInput = string | URLSearchParams | Readonly<Record<string, string | ReadonlyArray<string> | undefined>>

/** `URLSearchParams` from any {@link SearchParamsInput}. */
export const toSearchParams = (input: SearchParamsInput | undefined): URLSearchParams => {
  if (input === undefined) return new URLSearchParams()
  if (typeof input === "string" || input instanceof URLSearchParams) return new URLSearchParams(input)
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue
    if (typeof value === "string") params.append(name, value)
    else for (const each of value) params.append(name, each)
  }
  return params
}
