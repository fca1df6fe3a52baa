/**
 * `StackProvider`: one `ManagedRuntime` built from the app's layer, and the query cache the hooks
 * share. The runtime is made when the provider mounts and disposed when it unmounts (under
 * StrictMode's mount-unmount-mount too, since each mount makes its own).
 */
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { createContext, createElement, type ReactNode, useContext, useEffect, useState } from "react"
import type { BrowserServices } from "../src/browser/layer.ts"
import { makeQueryCache, type QueryCache } from "./cache.ts"
import { bindCacheToSession } from "./session-binding.ts"

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
 * does nothing. `layerBrowser(options)` provides them all.
 */
export type RequiredServices<R> = [BrowserServices] extends [R] ? unknown
  : { readonly "stackfx: the layer is missing these services (use layerBrowser)": Exclude<BrowserServices, R> }

/** Props of {@link StackProvider}. */
export interface StackProviderProps<R, E = never> {
  /**
   * Everything the app's effects need, e.g. `layerCoreFetch(options)` plus a token store. Define it
   * outside render (or memoise it): a new layer makes a new runtime. A layer that fails to build (a
   * project id that cannot name a cookie, say) is a configuration mistake: every hook then fails
   * with its message, shown by the nearest error boundary.
   */
  readonly layer: Layer.Layer<R, E> & RequiredServices<R>
  /** Shown until the runtime is built (default: nothing). */
  readonly fallback?: ReactNode
  /** How long an answer serves repeated requests for the same call (default 300 ms). */
  readonly throttleMillis?: number
  readonly children?: ReactNode
}

/**
 * Provides the app's layer to every stackfx hook below it.
 *
 * @example
 * const layer = layerBrowser({ projectId: "…", publishableClientKey: "pck_…" })
 * root.render(<StackProvider layer={layer}><App /></StackProvider>)
 */
export const StackProvider = <R, E = never>(props: StackProviderProps<R, E>): ReactNode => {
  const [value, setValue] = useState<StackReactContext<R> | undefined>(undefined)
  const { layer, throttleMillis } = props
  useEffect(() => {
    const runtime = ManagedRuntime.make(Layer.orDie(layer))
    const cache = makeQueryCache<R>({ run: (effect) => runtime.runPromiseExit(effect), throttleMillis })
    setValue({ runtime, cache })
    const unbind = runtime.runPromise(bindCacheToSession(cache)).catch(() => undefined)
    return () => {
      setValue(undefined)
      void unbind.then((stop) => stop === undefined ? undefined : runtime.runPromise(stop)).finally(() => runtime.dispose())
    }
  }, [layer, throttleMillis])
  return value === undefined
    ? (props.fallback ?? null)
    : createElement(StackContext.Provider, { value: value as StackReactContext<never> }, props.children)
}

/** The provider's runtime and cache; throws outside a `StackProvider` (a programming error). */
export const useStackContext = <R>(): StackReactContext<R> => {
  const value = useContext(StackContext)
  if (value === undefined) {
    throw new Error("stackfx/react: this hook is used outside <StackProvider>. Render it inside <StackProvider layer={layerBrowser(options)}>.")
  }
  return value as unknown as StackReactContext<R>
}
