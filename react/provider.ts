/**
 * `StackProvider`: one `ManagedRuntime` built from the app's layer, and the query cache the hooks
 * share. The runtime is made when the provider mounts and disposed when it unmounts (under
 * StrictMode's mount-unmount-mount too, since each mount makes its own).
 */
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { createContext, createElement, type ReactNode, useContext, useEffect, useState } from "react"
import { makeQueryCache, type QueryCache } from "./cache.ts"

/** What the hooks read from the provider. */
export interface StackReactContext<R> {
  readonly runtime: ManagedRuntime.ManagedRuntime<R, never>
  readonly cache: QueryCache<R>
}

const Context = createContext<StackReactContext<never> | undefined>(undefined)

/** Props of {@link StackProvider}. */
export interface StackProviderProps<R, E = never> {
  /**
   * Everything the app's effects need, e.g. `layerCoreFetch(options)` plus a token store. Define it
   * outside render (or memoise it): a new layer makes a new runtime. A layer that fails to build (a
   * project id that cannot name a cookie, say) is a configuration mistake: every hook then fails
   * with its message, shown by the nearest error boundary.
   */
  readonly layer: Layer.Layer<R, E>
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
 * const layer = layerCoreFetch({ projectId }).pipe(Layer.provide(layerCookieTokenStore(projectId)), Layer.provide(layerDocumentCookieJar))
 * root.render(createElement(StackProvider, { layer }, createElement(App)))
 */
export const StackProvider = <R, E = never>(props: StackProviderProps<R, E>): ReactNode => {
  const [value, setValue] = useState<StackReactContext<R> | undefined>(undefined)
  const { layer, throttleMillis } = props
  useEffect(() => {
    const runtime = ManagedRuntime.make(Layer.orDie(layer))
    const cache = makeQueryCache<R>({ run: (effect) => runtime.runPromiseExit(effect), throttleMillis })
    setValue({ runtime, cache })
    return () => {
      setValue(undefined)
      void runtime.dispose()
    }
  }, [layer, throttleMillis])
  return value === undefined
    ? (props.fallback ?? null)
    : createElement(Context.Provider, { value: value as StackReactContext<never> }, props.children)
}

/** The provider's runtime and cache; throws outside a `StackProvider` (a programming error). */
export const useStackContext = <R>(): StackReactContext<R> => {
  const value = useContext(Context)
  if (value === undefined) throw new Error("stackfx/react: this hook must be used inside <StackProvider>")
  return value as unknown as StackReactContext<R>
}
