/**
 * Whether a value is JSON, without effect/Schema: the generated readers (src/model/generated) check
 * `Json` fields with it, and `Json` of common.ts declares its schema with it.
 */

const maxJsonDepth = 64

const isJsonValue = (value: unknown, depth: number): boolean => {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true
  if (typeof value === "number") return Number.isFinite(value)
  if (typeof value !== "object" || depth >= maxJsonDepth) return false
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1))
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return false
  return Object.values(value).every((item) => isJsonValue(item, depth + 1))
}

/** Whether `value` is a JSON value (finite numbers, plain objects and arrays, at most 64 deep). */
export const isJson = (value: unknown): boolean => isJsonValue(value, 0)
