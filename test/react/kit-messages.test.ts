/** The words the kit shows for failures people can cause: malformed input, a wrong current password. */
import { assert, describe, it } from "@effect/vitest"
import { InvalidInput } from "../../src/client/input.ts"
import { brokenLinkMessage, brokenLinkOverrides, invalidInputMessage, readableMessage, wrongCurrentPasswordMessage } from "../../react/components/error-message.ts"
import { WrongCurrentPassword } from "../../react/components/password-change.ts"

describe("kit messages", () => {
  it("never shows a validator's words: a sentence for input, another for a link's code", () => {
    const raw = new InvalidInput({ method: "StackClient.verifyEmail", message: "Expected a value with a length of 45 at [\"code\"]" })
    assert.strictEqual(readableMessage(raw), invalidInputMessage)
    assert.strictEqual(readableMessage(raw, brokenLinkOverrides), brokenLinkMessage)
    assert.strictEqual(readableMessage({ _tag: "SchemaError", code: "SCHEMA_ERROR", description: "body.code: must be 45 characters" }), invalidInputMessage)
  })

  it("a wrong current password is named as such", () => {
    assert.strictEqual(readableMessage(new WrongCurrentPassword()), wrongCurrentPasswordMessage)
  })

})
