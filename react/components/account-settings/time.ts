/** Times in the settings, in the reader's locale: "27 Nov 2026, 14:05", "5 minutes ago". */
const format = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" })
const day = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" })
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" })

/** A moment (milliseconds since the epoch) with date and time. */
export const formatTime = (millis: number): string => format.format(new Date(millis))

/** A date (milliseconds since the epoch) without the time. */
export const formatDay = (millis: number): string => day.format(new Date(millis))

// The largest unit that fits, from the largest down: [unit, its length in seconds].
const units: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60]
]

/**
 * How long ago (or from now) `millis` is, seen at `now`: "5 minutes ago", "yesterday", "in 2
 * hours"; under a minute, "now" (a session used seconds ago is in use now, not "12 seconds ago").
 */
export const formatRelative = (millis: number, now: number, formatter: Intl.RelativeTimeFormat = relative): string => {
  const seconds = (millis - now) / 1000
  for (const [unit, length] of units) {
    if (Math.abs(seconds) >= length) return formatter.format(Math.trunc(seconds / length), unit)
  }
  return formatter.format(0, "second")
}
