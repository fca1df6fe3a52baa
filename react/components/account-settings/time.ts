/** Times in the settings, in the reader's locale: "27 Nov 2026, 14:05". */
const format = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" })
const day = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" })

/** A moment (milliseconds since the epoch) with date and time. */
export const formatTime = (millis: number): string => format.format(new Date(millis))

/** A date (milliseconds since the epoch) without the time. */
export const formatDay = (millis: number): string => day.format(new Date(millis))
