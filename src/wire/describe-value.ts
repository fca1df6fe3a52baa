/** How a refused value is named in a reader's message, shared by the generated response readers and the error details readers. */

/** A short description of a refused value (a string in quotes, cut past 40 characters). */
export const describeValue = (value: unknown): string => {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  if (value === undefined) return "nothing"
  if (value === null || typeof value !== "object") return String(value)
  return Array.isArray(value) ? `an array of ${value.length}` : "an object"
}
