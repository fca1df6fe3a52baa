/** `RelativeTime`: "5 minutes ago" in a `<time>` that carries the moment, with the full date and time on hover. */
import { useEffect, useState } from "react"
import { formatRelative, formatTime } from "./time.ts"

/** The current time, updated every minute while shown (so "now" becomes "1 minute ago"). */
const useNow = (): number => {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

/** A moment said relative to now; `dateTime` and `title` hold it exactly. */
export const RelativeTime = ({ millis }: { readonly millis: number }) => {
  const now = useNow()
  return <time dateTime={new Date(millis).toISOString()} title={formatTime(millis)}>{formatRelative(millis, now)}</time>
}
