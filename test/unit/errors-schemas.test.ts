import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import { StackResponseErrorReason, StackTransportErrorReason, TransportDiagnostics } from "../../src/errors/index.ts"
import { StackResponseError, StackTransportError } from "../../src/errors/transport.ts"

describe("schemas of the transport errors' data (stackfx/errors)", () => {
  it("accept what the error classes hold and reject anything else", () => {
    const transport = new StackTransportError({
      method: "GET",
      url: "https://api.test/x",
      reason: "Timeout",
      description: "timed out",
      attempts: 2,
      diagnostics: { cause: "aborted", elapsedMillis: 10, online: true }
    })
    const reason: StackTransportErrorReason = transport.reason
    const diagnostics: TransportDiagnostics = transport.diagnostics
    assert.strictEqual(Schema.decodeUnknownSync(StackTransportErrorReason)(reason), "Timeout")
    assert.deepStrictEqual(Schema.decodeUnknownSync(TransportDiagnostics)(diagnostics), { cause: "aborted", elapsedMillis: 10, online: true })
    const response = new StackResponseError({ method: "GET", url: "https://api.test/x", status: 502, reason: "EmptyBody", description: "", bodyExcerpt: "" })
    const responseReason: StackResponseErrorReason = response.reason
    assert.strictEqual(Schema.decodeUnknownSync(StackResponseErrorReason)(responseReason), "EmptyBody")
    assert.isFalse(Schema.is(StackResponseErrorReason)("Teapot"))
    assert.isFalse(Schema.is(StackTransportErrorReason)("EmptyBody"))
    assert.isFalse(Schema.is(TransportDiagnostics)({ cause: 1, elapsedMillis: 0 }))
  })
})
