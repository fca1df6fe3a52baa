/** One honest line per pair of docs/kit-comparison.md, by shot name (written after looking at the pairs). */
export const judgements: Readonly<Record<string, string>> = {}
