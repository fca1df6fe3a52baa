/**
 * The request and response checks of src/wire that Effect has no filter for, as plain predicates: the
 * wire schemas filter with them (`readerCheck` names the predicate for scripts/readers-codegen.ts),
 * and the generated readers (src/model/generated/readers.ts) call them, without effect/Schema.
 */

const parsesAsUrl = (s: string): boolean => {
  try {
    new URL(s)
    return true
  } catch {
    return false
  }
}

/** An absolute URL without spaces, as the server's `urlSchema` checks it. */
export const isUrlText = (s: string): boolean => !s.includes(" ") && parsesAsUrl(s)

/** A country code as the service accepts it in bodies: two letters, any case, surrounding spaces allowed. */
export const isCountryCode = (s: string): boolean => /^[A-Za-z]{2}$/.test(s.trim())

/** `token_type` `Bearer`, compared case-insensitively as OAuth clients do. */
export const isBearer = (s: string): boolean => s.toLowerCase() === "bearer"

/**
 * Effect's `isUUID()` pattern (any version, nil and max included), which `Uuid` of teams.ts checks
 * with; the equivalence test of the generated readers holds the two to the same verdicts.
 */
const uuidPattern = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$/

/** A user id in a request: a UUID, or `me` for the signed-in user. */
export const isUserIdOrMe = (s: string): boolean => s === "me" || uuidPattern.test(s)
