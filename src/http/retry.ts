/**
 * The retry policy for failed fetches (SPEC.md §7, §9): exponential from 1000 ms, at most 5 retries,
 * and only when no response arrived. A response, even an error, is never retried here.
 */
import * as Schedule from "effect/Schedule"

/** Base delay of the exponential backoff. */
export const retryBaseMillis = 1000
/** Retries after the first attempt. */
export const maxRetries = 5

/** Waits 1 s, 2 s, 4 s, 8 s, 16 s between the six attempts. */
export const networkRetrySchedule = Schedule.exponential(`${retryBaseMillis} millis`, 2)
