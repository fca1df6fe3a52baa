/**
 * `StackProvider`: one runtime built from the app's layer, and the query cache the hooks share.
 *
 * The provider renders its children at once (on the server too): hooks suspend until their answers
 * arrive, so a server render (`renderToReadableStream`) holds the signed-in user's data, and
 * `hydration` hands those answers to the browser's cache. The runtime is disposed when the provider
 * unmounts; StrictMode's mount-unmount-mount keeps it (disposal waits one task and is cancelled by
 * the remount).
 */
import type * as Clock from "effect/Clock"
import type * as Layer from "effect/Layer"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import { createContext, createElement, type ReactNode, Suspense, useContext, useEffect, useState } from "react"
import type { BrowserServices } from "../src/browser/layer.ts"
import type { QueryCache } from "./cache.ts"
import type { Hydration } from "./hydration.ts"
import { bindCacheToSession } from "./session-binding.ts"
import { makeStackStore, type StackStore } from "./store.ts"

/** What the hooks read from the provider. */
export interface StackReactContext<R> {
  readonly runtime: ManagedRuntime.ManagedRuntime<R, never>
  readonly cache: QueryCache<R>
}

/** The provider's context (undefined outside a `StackProvider`). */
export const StackContext = createContext<StackReactContext<never> | undefined>(undefined)

/**
 * What `StackProvider` requires of its layer: every service the hooks and handler pages use. A
 * layer missing one fails to type-check, naming what is missing, instead of leaving a button that
 * does nothing. `layerBrowser(options)` provides them all (`layerServerRender` on a server).
 */
export type RequiredServices<R> = [BrowserServices] extends [R] ? unknown
  : { readonly "stackfx: the layer is missing these services (use layerBrowser)": Exclude<BrowserServices, R> }

/** What every `StackProvider` takes, whichever way its runtime is given. */
export interface StackProviderCommonProps {
  /** What a server render read (`readHydration(dehydrated)`): hydrating shows it with no request. */
  readonly hydration?: Hydration | undefined
  /** Shown while the hooks below wait for their first answers (the provider's Suspense boundary); nothing by default. */
  readonly fallback?: ReactNode
  /** How long an answer serves repeated requests for the same call (default 300 ms). */
  readonly throttleMillis?: number
  /** The Clock the cache's throttle reads (default: the live clock). */
  readonly clock?: Clock.Clock
  readonly children?: ReactNode
}

/** Props of {@link StackProvider}: a layer (the usual way) or a store made outside React. */
export type StackProviderProps<R, E = never> = StackProviderCommonProps & (
  | {
    /**
     * Everything the app's effects need: `layerBrowser(options)` in a browser. Define it outside
     * render (or memoise it): a new layer makes a new runtime. A layer that fails to build (a
     * project id that cannot name a cookie, say) is a configuration mistake: every hook then fails
     * with its message, shown by the nearest error boundary.
     */
    readonly layer: Layer.Layer<R, E> & RequiredServices<R>
    readonly store?: undefined
  }
  | {
    /**
     * A runtime and cache made outside React (`makeStackStore(layer)`), disposed by its owner: a
     * server render makes one per request, renders, then `dehydrate`s it.
     */
    readonly store: StackStore<R> & RequiredServices<R>
    readonly layer?: undefined
  }
)

interface Owned<R> {
  readonly store: StackStore<R>
  readonly layer: unknown
  readonly throttleMillis: number | undefined
  readonly clock: Clock.Clock | undefined
  readonly owned: boolean
  mounts: number
  /** Set by the first commit: from then on the mount count alone decides disposal. */
  committed: boolean
}

const own = <R, E>(props: StackProviderProps<R, E>): Owned<R> => ({
  // One of the two is given (the props type says so; TypeScript cannot narrow the pair). The
  // hydration seeds the new store's cache as it is made: no render writes into a cache it shares.
  store: props.store ?? makeStackStore(props.layer as Layer.Layer<R, E>, {
    throttleMillis: props.throttleMillis,
    clock: props.clock,
    hydration: props.hydration
  }),
  layer: props.store ?? props.layer,
  throttleMillis: props.throttleMillis,
  clock: props.clock,
  owned: props.store === undefined,
  mounts: 0,
  committed: false
})

const sameInputs = <R, E>(owned: Owned<unknown>, props: StackProviderProps<R, E>) =>
  owned.layer === (props.store ?? props.layer) && owned.throttleMillis === props.throttleMillis && owned.clock === props.clock

/**
 * Runtimes made by renders React has not committed yet, by layer. React may render a provider and
 * throw the render away (StrictMode renders twice; a sibling suspending discards a first mount,
 * which renders again from scratch when it resumes, and `useId` is not stable across such retries):
 * the next render with the same layer takes the runtime its discarded render made, and whatever the
 * discarded children started on it, instead of building another that nothing would release. In a
 * browser only: a server render never commits, and two requests must never share a cache. (Two
 * providers given the same layer in one render share its runtime and cache, counted by both.)
 */
const uncommitted = new WeakMap<object, Owned<unknown>>()

/** How long a runtime no render committed waits for one before it is released. */
const uncommittedMillis = 10_000

const ownFor = <R, E>(props: StackProviderProps<R, E>): Owned<R> => {
  const layer = props.layer
  if (typeof window === "undefined" || layer === undefined) return own(props)
  const pending = uncommitted.get(layer)
  if (pending !== undefined && sameInputs(pending, props)) return pending as Owned<R>
  const made = own(props)
  uncommitted.set(layer, made as Owned<unknown>)
  // A render abandoned for good (a transition dropped, a tree never shown): release what it built.
  setTimeout(() => {
    if (made.committed) return
    if (uncommitted.get(layer) === made) uncommitted.delete(layer)
    void made.store.dispose()
  }, uncommittedMillis)
  return made
}

/** Marks `owned` committed: later renders with its layer make runtimes of their own. */
const commit = (owned: Owned<unknown>) => {
  owned.committed = true
  const layer = owned.layer
  if (typeof layer === "object" && layer !== null && uncommitted.get(layer) === owned) uncommitted.delete(layer)
}

// SPEC §9: more than 10 mounted providers at once usually means a leak (a layer made during render,
// so each render mounts a new runtime) or hot reload. Counted per module, like the official SDK.
let mountedProviders = 0
const leakWarningThreshold = 10
/** How many `StackProvider` runtimes are mounted now. */
export const mountedProviderCount = (): number => mountedProviders

/**
 * Provides the app's layer to every stackfx hook below it.
 *
 * @example
 * const layer = layerBrowser({ projectId: "…", publishableClientKey: "pck_…" })
 * root.render(<StackProvider layer={layer}><App /></StackProvider>)
 */
export const StackProvider = <R, E = never>(props: StackProviderProps<R, E>): ReactNode => {
  const [current, setCurrent] = useState(() => ownFor(props))
  // A new layer (or store, throttle, clock) is a new runtime, which children see in this very
  // render; it becomes the provider's state when React commits it (the effect below).
  const owned = sameInputs(current as Owned<unknown>, props) ? current : ownFor(props)
  useEffect(() => {
    commit(owned as Owned<unknown>)
    if (owned !== current) setCurrent(owned)
  }, [owned, current])
  useEffect(() => {
    owned.mounts++
    mountedProviders++
    if (mountedProviders > leakWarningThreshold) {
      globalThis.console?.warn(
        `stackfx/react: ${mountedProviders} StackProvider runtimes are mounted at once. This is usually a memory leak ` +
          "(a layer created during render makes a new runtime on every render), but can be caused by hot reload."
      )
    }
    const { cache, runtime } = owned.store
    const unbind = runtime.runPromise(bindCacheToSession(cache)).catch(() => undefined)
    return () => {
      owned.mounts--
      mountedProviders--
      void unbind.then((stop) => (stop === undefined ? undefined : runtime.runPromise(stop)))
      if (!owned.owned) return
      // StrictMode remounts at once: dispose only if nothing mounted this runtime again.
      setTimeout(() => {
        if (owned.mounts === 0) void owned.store.dispose()
      }, 0)
    }
  }, [owned])
  const value = owned.store as unknown as StackReactContext<never>
  // The boundary is the provider's own: a hook suspending below it must not discard the provider's
  // first render (its runtime and cache), or every retry would start over with a new cache.
  return createElement(StackContext.Provider, { value }, createElement(Suspense, { fallback: props.fallback ?? null }, props.children))
}

/** The provider's runtime and cache; throws outside a `StackProvider` (a programming error). */
export const useStackContext = <R>(): StackReactContext<R> => {
  const value = useContext(StackContext)
  if (value === undefined) {
    throw new Error("stackfx/react: this hook is used outside <StackProvider>. Render it inside <StackProvider layer={layerBrowser(options)}>.")
  }
  return value as unknown as StackReactContext<R>
}
