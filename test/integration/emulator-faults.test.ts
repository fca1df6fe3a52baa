/**
 * Fault mode: the emulator answers a status, delays or never answers on chosen paths, so the
 * client's retries, deadlines and rate-limit handling run end to end (in-process under TestClock,
 * and over real HTTP from the CLI flag).
 */
import * as ChildProcess from "node:child_process"
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import { TestClock } from "effect/testing"
import { getProject, getUser, signUpWithPassword, StackClient } from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { parseFault } from "../../src/emulator/faults.ts"
import { inProcess } from "../client/client-harness.ts"

const cliPath = Path.resolve(import.meta.dirname, "../../src/emulator/cli.ts")

describe("fault mode", () => {
  it.effect("reads the --fault form and refuses what it cannot read", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* parseFault("GET:/users/me=503,retry-after=2,times=1"), {
        method: "GET",
        path: "/users/me",
        action: { _tag: "Status", status: 503, retryAfterSeconds: 2 },
        times: 1
      })
      assert.deepStrictEqual((yield* parseFault("*:/teams/*=delay-1500")).action, { _tag: "Delay", millis: 1500 })
      assert.deepStrictEqual((yield* parseFault("POST:/auth/password/sign-in=hang")).action, { _tag: "Hang" })
      for (const bad of ["/users/me=503", "GET:/users/me=200", "GET:/users/me=explode", "GET:/users/me=503,often=2"]) {
        assert.strictEqual((yield* Effect.flip(parseFault(bad)))._tag, "FaultSyntaxError", bad)
      }
    }))

  it.effect("a 503 with Retry-After on a read: the client waits 2 s, asks again and gets the user", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      const stack = yield* StackClient
      yield* stack.signUpWithPassword({ email: "faulty@example.com", password: "correct horse battery" })
      yield* emu.setFaults([{ method: "GET", path: "/users/me", action: { _tag: "Status", status: 503, retryAfterSeconds: 2 }, times: 1 }])
      const fiber = yield* Effect.forkChild(getUser())
      yield* TestClock.adjust("1999 millis")
      assert.isUndefined(fiber.pollUnsafe(), "still waiting out the Retry-After")
      yield* TestClock.adjust("1 millis")
      const user = yield* Fiber.join(fiber)
      assert.strictEqual(Option.getOrUndefined(Option.map(user, (u) => u.primaryEmail)), "faulty@example.com")
    }).pipe(Effect.provide(inProcess())))

  it.effect("429 on every sign-up: after the attempts, StackRateLimitedError caught by tag", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      yield* emu.setFaults([{ method: "POST", path: "/auth/password/sign-up", action: { _tag: "Status", status: 429, retryAfterSeconds: 1 } }])
      const fiber = yield* Effect.forkChild(signUpWithPassword({ email: "limited@example.com", password: "correct horse battery" }).pipe(
        Effect.as("signed up"),
        Effect.catchTag("StackRateLimitedError", (error) => Effect.succeed(`rate limited after ${error.attempts} attempts`))
      ))
      yield* TestClock.adjust("1 minute")
      assert.strictEqual(yield* Fiber.join(fiber), "rate limited after 5 attempts")
      // Fault mode ends: the next sign-up goes through.
      yield* emu.setFaults([])
      const signedUp = yield* signUpWithPassword({ email: "limited@example.com", password: "correct horse battery" })
      assert.isString(signedUp.userId)
    }).pipe(Effect.provide(inProcess())))

  it.effect("a read that never answers ends at the call's deadline as a Timeout", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      yield* emu.setFaults([{ path: "/projects/current", action: { _tag: "Hang" } }])
      const fiber = yield* Effect.forkChild(Effect.flip(getProject()))
      yield* TestClock.adjust("31 seconds")
      const failure = yield* Fiber.join(fiber)
      assert.strictEqual(failure._tag, "StackTransportError")
      if (failure._tag === "StackTransportError") assert.strictEqual(failure.reason, "Timeout")
    }).pipe(Effect.provide(inProcess())))

  it.live("over HTTP from the CLI: --fault answers 503 once, then the real answer", () =>
    Effect.gen(function*() {
      const child = ChildProcess.spawn(process.execPath, [cliPath, "--port", "0", "--fault", "GET:/projects/current=503,retry-after=1,times=1"], { stdio: ["ignore", "pipe", "pipe"] })
      const info = yield* Effect.promise(() =>
        new Promise<{ baseUrl: string; projectId: string; publishableClientKey: string }>((resolve, reject) => {
          let out = ""
          child.stdout.on("data", (chunk: Buffer) => {
            out += chunk.toString()
            const line = out.split("\n").find((each) => each.startsWith("STACKFX_EMULATOR "))
            if (line !== undefined && out.includes("\n")) resolve(JSON.parse(line.slice("STACKFX_EMULATOR ".length)))
          })
          child.on("exit", (code) => reject(new Error(`exited ${code}`)))
        })
      )
      const headers = { "x-stack-access-type": "client", "x-stack-project-id": info.projectId, "x-stack-publishable-client-key": info.publishableClientKey }
      const first = yield* Effect.promise(() => fetch(`${info.baseUrl}/api/v1/projects/current`, { headers }))
      assert.strictEqual(first.status, 503)
      assert.strictEqual(first.headers.get("retry-after"), "1")
      const second = yield* Effect.promise(() => fetch(`${info.baseUrl}/api/v1/projects/current`, { headers }))
      assert.strictEqual(second.status, 200)
      child.kill("SIGTERM")
    }), 30_000)
})
