/** The browser's part of an OAuth sign-in at the emulator's built-in mock provider, request by request. */
import { assert } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Emulator } from "../../src/emulator/emulator.ts"

/** Drives authorize → consent → approve → callback; returns the URL the provider sends the browser back to. */
export const runProvider = (authorizeUrl: string, email: string) =>
  Effect.gen(function*() {
    const emu = yield* Emulator
    const get = (target: string, cookie?: string) =>
      emu.handle(new Request(target, { headers: cookie === undefined ? {} : { cookie } }))
    const authorize = yield* get(authorizeUrl)
    assert.include([302, 303, 307], authorize.status)
    const cookie = (authorize.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
    const consent = new URL(authorize.headers.get("location") ?? "")
    const approve = new URL("approve", consent)
    approve.searchParams.set("state", consent.searchParams.get("state") ?? "")
    approve.searchParams.set("email", email)
    const providerBack = (yield* get(approve.toString())).headers.get("location") ?? ""
    const callback = yield* get(providerBack, cookie)
    return callback.headers.get("location") ?? ""
  })
