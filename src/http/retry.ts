/**
 * The retry policy for failed fetches: exponential from 1000 ms, 5 attempts in all (the design
 * card), and only when no response arrived. A response, even an error, is never retried here.
 */
import * as Schedule from "effect/Schedule"

/** Base delay of the exponential backoff. */
export const retryBaseMillis = 1000
/** Retries after the first attempt: 5 attempts in all. */
export const maxRetries = 4

/** Waits 1 s, 2 s, 4 s, 8 s between the five attempts (0, 1, 3, 7, 15 s). */
export const networkRetrySchedule = Schedule.exponential(`${retryBaseMillis} millis`, 2)
