/**
 * One platform timer for every pending request deadline of the fetch transport.
 *
 * A timer per request (`setTimeout`, then `clearTimeout` when the answer comes) cost about as much
 * CPU as a tenth of the request itself. Here a request only joins and leaves a set; a single timer
 * is armed for the earliest deadline and moved only when a sooner one joins. When it fires it ends
 * the requests whose time is up and re-arms for the next. It never keeps a Node process alive
 * (`unref`): a pending request holds its own socket open.
 */

/**
 * A pending deadline: `expire` runs once when `at` (on {@link deadlineClock}) passes, unless it was
 * removed first. A request can be its own entry, so joining costs no object of its own.
 */
export interface Deadline {
  readonly at: number
  expire(): void
}

const pending = new Set<Deadline>()
let armedAt = Number.POSITIVE_INFINITY
let armed: ReturnType<typeof setTimeout> | undefined

/** The clock deadlines are set on (milliseconds, monotonic). */
export const deadlineClock = (): number => globalThis.performance.now()

const arm = (at: number): void => {
  if (armed !== undefined) clearTimeout(armed)
  armedAt = at
  armed = setTimeout(fire, Math.max(0, at - deadlineClock()))
  // Node's handles have `unref`; a browser's timer ids are numbers.
  if (typeof armed === "object" && armed !== null && "unref" in armed) armed.unref()
}

function fire(): void {
  armed = undefined
  armedAt = Number.POSITIVE_INFINITY
  const time = deadlineClock()
  let next = Number.POSITIVE_INFINITY
  for (const entry of pending) {
    if (entry.at <= time) {
      pending.delete(entry)
      entry.expire()
    } else if (entry.at < next) {
      next = entry.at
    }
  }
  if (next !== Number.POSITIVE_INFINITY) arm(next)
}

/** Adds `entry`: its `expire` runs once its moment passes, unless {@link removeDeadline} comes first. */
export const addDeadline = (entry: Deadline): void => {
  pending.add(entry)
  // A timer armed for a later moment (or none) must move up; one armed sooner will re-arm itself.
  if (entry.at < armedAt) arm(entry.at)
}

/** Removes `entry` (nothing happens when it expired or was removed already). */
export const removeDeadline = (entry: Deadline): void => {
  pending.delete(entry)
}

/**
 * Runs `expire` once `millis` have passed, unless the returned function is called first (it drops
 * the deadline; calling it again does nothing).
 */
export const startDeadline = (millis: number, expire: () => void): () => void => {
  const entry: Deadline = { at: deadlineClock() + millis, expire }
  addDeadline(entry)
  return () => removeDeadline(entry)
}

/** How many deadlines are pending (for tests). */
export const pendingDeadlines = (): number => pending.size
