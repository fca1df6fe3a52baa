/**
 * A request's headers as a web `Headers` holds them, read straight from Node's raw header list:
 * names in lower case, a repeated name's values joined with `, `, values without HTTP whitespace at
 * either end, listed by name (each `set-cookie` on its own). Node's parser has already refused
 * malformed names and values, so none of undici's per-call checks run again: building and reading
 * undici's `Headers` was a measurable share of a `GET /users/me` (docs/performance.md).
 */

const isHttpWhitespace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d

/** `value` without HTTP whitespace at either end (what `Headers` stores). */
const trimHttpWhitespace = (value: string): string => {
  let start = 0
  let end = value.length
  while (start < end && isHttpWhitespace(value.charCodeAt(start))) start++
  while (end > start && isHttpWhitespace(value.charCodeAt(end - 1))) end--
  return start === 0 && end === value.length ? value : value.slice(start, end)
}

const byName = (a: readonly [string, string], b: readonly [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)

/** Headers of a Node request, with the web `Headers` interface the emulator's handlers read. */
export class NodeRequestHeaders implements Headers {
  readonly #values = new Map<string, string>()
  #cookies: Array<string> = []

  /** `raw` is Node's `rawHeaders`: name, value, name, value, ... */
  constructor(raw: ReadonlyArray<string>) {
    for (let i = 0; i + 1 < raw.length; i += 2) this.append(raw[i] ?? "", raw[i + 1] ?? "")
  }

  append(name: string, value: string): void {
    const key = name.toLowerCase()
    const trimmed = trimHttpWhitespace(value)
    const previous = this.#values.get(key)
    this.#values.set(key, previous === undefined ? trimmed : `${previous}, ${trimmed}`)
    if (key === "set-cookie") this.#cookies.push(trimmed)
  }

  delete(name: string): void {
    const key = name.toLowerCase()
    this.#values.delete(key)
    if (key === "set-cookie") this.#cookies = []
  }

  get(name: string): string | null {
    return this.#values.get(name.toLowerCase()) ?? null
  }

  getSetCookie(): Array<string> {
    return [...this.#cookies]
  }

  has(name: string): boolean {
    return this.#values.has(name.toLowerCase())
  }

  set(name: string, value: string): void {
    const key = name.toLowerCase()
    const trimmed = trimHttpWhitespace(value)
    this.#values.set(key, trimmed)
    if (key === "set-cookie") this.#cookies = [trimmed]
  }

  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this.#sorted()) callback.call(thisArg, value, name, this)
  }

  entries(): HeadersIterator<[string, string]> {
    return this.#sorted()[Symbol.iterator]()
  }

  keys(): HeadersIterator<string> {
    return this.#sorted().map(([name]) => name)[Symbol.iterator]()
  }

  values(): HeadersIterator<string> {
    return this.#sorted().map(([, value]) => value)[Symbol.iterator]()
  }

  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.entries()
  }

  /** The pairs in `Headers` order: by name, each `set-cookie` value on its own. */
  #sorted(): Array<[string, string]> {
    const pairs: Array<[string, string]> = []
    for (const [name, value] of this.#values) {
      if (name === "set-cookie") for (const cookie of this.#cookies) pairs.push([name, cookie])
      else pairs.push([name, value])
    }
    return pairs.sort(byName)
  }
}
