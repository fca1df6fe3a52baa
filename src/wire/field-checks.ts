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
