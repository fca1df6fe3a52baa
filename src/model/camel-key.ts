/** The models' key renaming, shared by the schemas (camel.ts) and the generated readers (no effect/Schema here). */

/** A wire key in camelCase, as the models name it (`display_name` → `displayName`). */
export const camelKey = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
