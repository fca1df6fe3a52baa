/**
 * The page program of client-in-chromium.test.ts: the budgeted sign-in program (stackfx/client over
 * the fetch transport), run by a real browser against an emulator on another origin. It reads the
 * emulator's address from the page's `stackfx-config` JSON and leaves its findings in
 * `window.stackfxResult`.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import {
  getUser,
  layerCoreFetch,
  layerMemoryTokenStore,
  signInWithPassword,
  signOut,
  signUpWithPassword
} from "../../../src/client/index.ts"
import { pageConfig } from "./config.ts"

const target = pageConfig
const email = `browser-${Date.now().toString(36)}@example.com`
const password = "correct horse battery"

const program = Effect.gen(function*() {
  const signedUp = yield* signUpWithPassword({ email, password })
  yield* signOut()
  const wrongPassword = yield* signInWithPassword({ email, password: "not the password" }).pipe(
    Effect.map(() => "signed in?"),
    Effect.catchTag("EmailPasswordMismatch", (error) => Effect.succeed(`${error._tag} ${error.status}`))
  )
  const signedIn = yield* signInWithPassword({ email, password })
  const user = yield* getUser()
  return {
    signedUpId: signedUp.userId,
    signedInId: signedIn.userId,
    wrongPassword,
    email: Option.getOrNull(Option.map(user, (u) => u.primaryEmail))
  }
})

const live = layerCoreFetch(target).pipe(Layer.provide(layerMemoryTokenStore()))

const publish = (result: unknown) => {
  Object.assign(globalThis, { stackfxResult: result })
}

Effect.runPromise(program.pipe(
  Effect.provide(live),
  Effect.map((outcome) => ({ ok: true, outcome })),
  Effect.catch((error) => Effect.succeed({ ok: false, error: String(error) }))
)).then(publish, (defect: unknown) => publish({ ok: false, defect: String(defect) }))
