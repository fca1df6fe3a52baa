/** Relative times in the account settings ("5 minutes ago"), from a fixed now in a fixed locale. */
import { assert, describe, it } from "@effect/vitest"
import { formatRelative } from "../../react/components/account-settings/time.ts"

const english = new Intl.RelativeTimeFormat("en", { numeric: "auto" })
const now = Date.UTC(2026, 10, 27, 12, 0, 0)
const minute = 60_000

describe("formatRelative", () => {
  it("says the largest unit that fits, in words", () => {
    assert.strictEqual(formatRelative(now - 10_000, now, english), "now")
    assert.strictEqual(formatRelative(now - minute, now, english), "1 minute ago")
    assert.strictEqual(formatRelative(now - 5 * minute, now, english), "5 minutes ago")
    assert.strictEqual(formatRelative(now - 59 * minute, now, english), "59 minutes ago")
    assert.strictEqual(formatRelative(now - 2 * 60 * minute, now, english), "2 hours ago")
    assert.strictEqual(formatRelative(now - 30 * 60 * minute, now, english), "yesterday")
    assert.strictEqual(formatRelative(now - 3 * 24 * 60 * minute, now, english), "3 days ago")
    assert.strictEqual(formatRelative(now - 10 * 24 * 60 * minute, now, english), "last week")
    assert.strictEqual(formatRelative(now - 400 * 24 * 60 * minute, now, english), "last year")
    assert.strictEqual(formatRelative(now + 2 * 60 * minute, now, english), "in 2 hours")
  })
})
