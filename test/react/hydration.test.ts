/**
 * Server rendering's hand-over: what a server render read travels in the page as wire JSON and seeds
 * the browser's cache with the same values; anything else in the page is skipped, never a crash.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import { makeQueryCache, queryKey } from "../../react/cache.ts"
import { dehydrate, hydrate, serializeHydration } from "../../react/hydration.ts"
import { readClientProject, readTeam, readUser } from "../../src/model/generated/readers.ts"
import { loadFixtures, materialize } from "../conformance/fixture.ts"

const newCache = () => makeQueryCache<never>({ run: Effect.runPromiseExit })

/** The first recorded success body of `method path` that `read` reads, read. */
const recorded = <A>(method: string, path: string, read: (input: unknown) => Result.Result<A, unknown>): A => {
  for (const fixture of loadFixtures()) {
    if (fixture.request.method !== method || fixture.request.path.split("?")[0] !== `/api/v1${path}` || fixture.response.status !== 200) continue
    const body = materialize(fixture.response.body) as { readonly items?: ReadonlyArray<unknown> }
    const result = read(path === "/teams" ? body.items?.[0] : body)
    if (Result.isSuccess(result)) return result.success
  }
  throw new Error(`no recorded ${method} ${path} body reads`)
}

describe("hydration", () => {
  const user = recorded("GET", "/users/me", readUser)
  const project = recorded("GET", "/projects/current", readClientProject)

  it("a server render's user, signed-out state and project reach the browser's cache as the same values", () => {
    const server = newCache()
    server.seed(queryKey("user", "return-null"), Option.some(user))
    server.seed(queryKey("user", "throw"), user)
    server.seed(queryKey("project"), project)
    server.seed(queryKey("user", "return-null", "other"), Option.none())
    server.seed("an app's own key", { secret: 1 })
    const page = serializeHydration(dehydrate(server))
    // The page carries wire JSON (snake_case keys), never the app's own keys.
    assert.include(page, "\"display_name\"")
    assert.notInclude(page, "displayName")
    assert.notInclude(page, "secret")
    const browser = newCache()
    assert.strictEqual(hydrate(browser, JSON.parse(page)), 4)
    assert.deepStrictEqual(browser.read(queryKey("user", "return-null")).data, Option.some(user))
    assert.deepStrictEqual(browser.read(queryKey("user", "throw")).data, user)
    assert.deepStrictEqual(browser.read(queryKey("project")).data, project)
    assert.deepStrictEqual(browser.read(queryKey("user", "return-null", "other")).data, Option.none())
  })

  it("a list of teams travels item by item; an answer that is not its model's value stays on the server", () => {
    const team = recorded("GET", "/teams", readTeam)
    const server = newCache()
    server.seed(queryKey("teams"), [team, team])
    server.seed(queryKey("project"), { not: "a project" })
    server.seed(queryKey("user", "return-null"), user)
    const state = dehydrate(server)
    assert.deepStrictEqual(state.answers.map(([key]) => key), [queryKey("teams")])
    const browser = newCache()
    assert.strictEqual(hydrate(browser, JSON.parse(serializeHydration(state))), 1)
    assert.deepStrictEqual(browser.read(queryKey("teams")).data, [team, team])
    // One team where a list belongs is not a list of teams.
    const wireTeam = (state.answers[0]?.[1] as ReadonlyArray<unknown>)[0]
    assert.strictEqual(hydrate(newCache(), { stackfx: 1, answers: [[queryKey("teams"), wireTeam]] }), 0)
  })

  it("a page's state that is not a dehydrated state, or an answer that does not read, seeds nothing", () => {
    const browser = newCache()
    for (const input of [null, "text", {}, { stackfx: 2, answers: [] }, { stackfx: 1, answers: [["k"]] }, { stackfx: 1, answers: [[1, 2]] }]) {
      assert.strictEqual(hydrate(browser, input), 0)
    }
    const broken = { stackfx: 1, answers: [[queryKey("user", "throw"), { id: 1 }], ["{not json", {}], [queryKey("teams"), {}]] }
    assert.strictEqual(hydrate(browser, broken), 0)
    assert.strictEqual(browser.read(queryKey("user", "throw")).data, undefined)
  })
})
