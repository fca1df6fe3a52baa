/**
 * The in-memory navigation for tests: records every navigation and keeps a history, so redirects
 * can be checked without a browser. A module of its own so that no app bundle carries it.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import { Navigation, type NavigationService } from "./navigation.ts"

/** One recorded navigation. */
export interface NavigationEntry {
  readonly kind: "assign" | "replace" | "rewrite"
  /** The URL as navigated to (absolute). */
  readonly url: string
}

/** What a test can inspect and set on the in-memory navigation. */
export interface TestNavigationService {
  /** Every navigation, in order. */
  readonly entries: Effect.Effect<ReadonlyArray<NavigationEntry>>
  /** The history stack, oldest first; its last item is the current page. */
  readonly history: Effect.Effect<ReadonlyArray<string>>
  /** Puts the app on `url` (as if the user opened it), without recording a navigation. */
  readonly setCurrent: (url: string) => Effect.Effect<void>
}

/** Inspection handle of the in-memory navigation. */
export class TestNavigation extends Context.Service<TestNavigation, TestNavigationService>()(
  "stackfx/TestNavigation"
) {}

interface TestState {
  readonly entries: ReadonlyArray<NavigationEntry>
  readonly history: ReadonlyArray<string>
}

/**
 * An in-memory navigation starting on `initialUrl` (absolute). Navigations are resolved against the
 * current page, recorded, and move the current page; `replace` and `rewrite` overwrite the last
 * history entry.
 */
export const makeTestNavigation = (initialUrl: string): Effect.Effect<{
  readonly navigation: NavigationService
  readonly test: TestNavigationService
}> =>
  Effect.gen(function*() {
    const start = new URL(initialUrl).href
    const state = yield* Ref.make<TestState>({ entries: [], history: [start] })
    const currentOf = (s: TestState): string => s.history[s.history.length - 1] ?? start
    const navigate = (kind: NavigationEntry["kind"]) => (url: string): Effect.Effect<void> =>
      Ref.update(state, (s) => {
        const absolute = new URL(url, currentOf(s)).href
        return {
          entries: [...s.entries, { kind, url: absolute }],
          history: kind === "assign" ? [...s.history, absolute] : [...s.history.slice(0, -1), absolute]
        }
      })
    const navigation = Navigation.of({
      current: Effect.map(Ref.get(state), currentOf),
      assign: navigate("assign"),
      replace: navigate("replace"),
      rewrite: navigate("rewrite")
    })
    const test = TestNavigation.of({
      entries: Effect.map(Ref.get(state), (s) => s.entries),
      history: Effect.map(Ref.get(state), (s) => s.history),
      setCurrent: (url) =>
        Ref.update(state, (s) => ({ ...s, history: [...s.history.slice(0, -1), new URL(url, currentOf(s)).href] }))
    })
    return { navigation, test }
  })

/** The in-memory navigation as a Layer providing both `Navigation` and `TestNavigation`. */
export const layerTestNavigation = (initialUrl: string): Layer.Layer<Navigation | TestNavigation> =>
  Layer.effectContext(
    Effect.map(makeTestNavigation(initialUrl), ({ navigation, test }) =>
      Context.make(Navigation, navigation).pipe(Context.add(TestNavigation, test)))
  )
