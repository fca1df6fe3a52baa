/** The official SDK's `Hexclave*` names of the provider, the handler and the theme are the same components. */
import { assert, describe, it } from "@effect/vitest"
import { HexclaveHandler, HexclaveProvider, HexclaveTheme, StackHandler, StackProvider, StackTheme } from "../../react/index.ts"

describe("Hexclave aliases", () => {
  it("HexclaveProvider, HexclaveHandler and HexclaveTheme are StackProvider, StackHandler and StackTheme", () => {
    assert.strictEqual(HexclaveProvider, StackProvider)
    assert.strictEqual(HexclaveHandler, StackHandler)
    assert.strictEqual(HexclaveTheme, StackTheme)
  })
})
