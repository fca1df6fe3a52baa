"use client"
/**
 * The browser half of `stackfx/next`'s provider (a client module): it hydrates what the root layout
 * read on the server. The root layout renders it; Next.js sends its props (plain JSON) to the
 * browser. (The handler pages are a module of their own: only the handler route loads them.)
 */
import * as Layer from "effect/Layer"
import { type ReactNode, useEffect, useMemo, useRef } from "react"
import { layerBrowser } from "../src/browser/layer.ts"
import type { DehydratedState } from "../react/hydration.ts"
import { hydrate, readHydration } from "../react/hydration.ts"
import { StackProvider, useStackContext } from "../react/provider.ts"
import { type ClientOptions, layerHandlerUrls } from "./options.ts"

// One layer per configuration for the page's life: a new layer would make a new runtime and cache.
const layers = new Map<string, ReturnType<typeof layerOf>>()
const layerOf = (options: ClientOptions) => layerBrowser(options).pipe(Layer.provideMerge(layerHandlerUrls(options)))
const layerFor = (options: ClientOptions) => {
  const key = JSON.stringify(options)
  const found = layers.get(key)
  if (found !== undefined) return found
  const made = layerOf(options)
  layers.set(key, made)
  return made
}

/** A newer server read (after a server action, a `router.refresh()`) replaces what the cache holds. */
const Reseed = ({ dehydrated }: { readonly dehydrated: DehydratedState }) => {
  const { cache } = useStackContext<never>()
  const first = useRef(dehydrated)
  useEffect(() => {
    if (first.current === dehydrated) return
    first.current = dehydrated
    hydrate(cache, dehydrated)
  }, [cache, dehydrated])
  return null
}

/** Props of {@link StackClientProvider}. */
export interface StackClientProviderProps {
  readonly options: ClientOptions
  readonly dehydrated: DehydratedState
  readonly children?: ReactNode
}

/** The client provider the root layout's `StackProvider` renders: `layerBrowser`, seeded with the server's reads. */
export const StackClientProvider = ({ options, dehydrated, children }: StackClientProviderProps) => {
  const hydration = useMemo(() => readHydration(dehydrated), [dehydrated])
  return (
    <StackProvider layer={layerFor(options)} hydration={hydration}>
      <Reseed dehydrated={dehydrated} />
      {children}
    </StackProvider>
  )
}
