/** Pages that act once when they open (a link from an e-mail, the OAuth callback, sign-out). */
import type * as Effect from "effect/Effect"
import { type ReactNode, useEffect, useRef } from "react"
import { useStackMutation } from "../hooks.ts"
import { sessionQueries } from "../invalidations.ts"
import { ErrorText, Note } from "../components/form.tsx"
import { Page } from "./page.tsx"

/**
 * Runs `effect` once when the page shows. A ref, not state, marks the start: StrictMode runs mount
 * effects twice, and a code in a link can be used only once.
 */
export const useOnArrival = <A, E, R>(effect: () => Effect.Effect<A, E, R>) => {
  const action = useStackMutation(effect, { invalidates: sessionQueries })
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void action.run()
  }, [action])
  return action
}

/** Props of {@link Arrival}. */
export interface ArrivalProps {
  readonly title: string
  readonly working: string
  readonly done: string
  readonly action: { readonly pending: boolean; readonly error: unknown }
  /** Texts by error tag, replacing the server's words. */
  readonly overrides?: Readonly<Record<string, string>>
  /** Shown under the outcome (e.g. a link on). */
  readonly children?: ReactNode
}

/** The progress and outcome of an arrival action. */
export const Arrival = ({ title, working, done, action, overrides, children }: ArrivalProps) => (
  <Page title={title}>
    {action.error === undefined ? <Note>{action.pending ? working : done}</Note> : <ErrorText error={action.error} {...(overrides === undefined ? {} : { overrides })} />}
    {children}
  </Page>
)
