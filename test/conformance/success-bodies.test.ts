/**
 * Conformance: every recorded JSON success body (both fixture folders) decodes with the schema of its
 * endpoint, and with the camelCase model where one exists; one test per fixture, generated from the
 * folders. A fixture that no route claims fails.
 */
import { describe, expect, it } from "vitest"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { type Fixture, loadFixtures, materialize, type ResponseRoute } from "./fixture.ts"
import { authAdminRoutes, type WireRoute } from "./routes-auth-admin.ts"
import { usersRoutes } from "./routes-users.ts"

const routes: ReadonlyArray<ResponseRoute | WireRoute> = [...usersRoutes, ...authAdminRoutes]

/** 2xx (after `x-stack-actual-status`), not a known error, and a JSON object or array body. */
const isJsonSuccess = (fixture: Fixture) => {
  const { status, headers, body } = fixture.response
  const actual = Number(headers["x-stack-actual-status"] ?? status)
  return actual >= 200 && actual < 300 && headers["x-stack-known-error"] === undefined &&
    (headers["content-type"] ?? "").includes("application/json") && body !== null && typeof body === "object"
}

const routeFor = (fixture: Fixture) => {
  const path = fixture.request.path.split("?")[0] ?? ""
  return routes.find((route) =>
    route.method === fixture.request.method && route.path.test(path) &&
    (route.accessType === undefined || route.accessType === fixture.request.access_type)
  )
}

const modelOf = (route: ResponseRoute | WireRoute) => ("model" in route ? route.model : undefined)

const describeFailure = (exit: Exit.Exit<unknown, unknown>) => (Exit.isFailure(exit) ? String(exit.cause) : "")

const successFixtures = loadFixtures().filter(isJsonSuccess)

describe("success bodies decode", () => {
  it("finds more than 100 JSON success fixtures", () => {
    expect(successFixtures.length).toBeGreaterThan(100)
  })

  it("routes every JSON success fixture", () => {
    const unrouted = successFixtures
      .filter((fixture) => routeFor(fixture) === undefined)
      .map((fixture) => `${fixture.folder}/${fixture.file}: ${fixture.request.method} ${fixture.request.path}`)
    expect(unrouted).toEqual([])
  })

  for (const fixture of successFixtures) {
    it(`${fixture.folder}/${fixture.file}`, () => {
      const route = routeFor(fixture)
      expect(route, `no route for ${fixture.request.method} ${fixture.request.path}`).toBeDefined()
      if (route === undefined) return
      const body = materialize(fixture.response.body)

      const decoded = Schema.decodeUnknownExit(route.schema)(body)
      expect(Exit.isSuccess(decoded), describeFailure(decoded)).toBe(true)

      const model = modelOf(route)
      if (model === undefined || !Exit.isSuccess(decoded)) return
      const modelled = Schema.decodeUnknownExit(model)(body)
      expect(Exit.isSuccess(modelled), describeFailure(modelled)).toBe(true)
      if (!Exit.isSuccess(modelled)) return
      // The model encodes back to exactly the wire value (declared fields, wire key names).
      expect(Schema.encodeUnknownSync(model)(modelled.value)).toEqual(decoded.value)
    })
  }
})
