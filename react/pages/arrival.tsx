/**
 * Pages a link opens to do one thing: use an e-mail's code, join a team, sign out, finish an OAuth
 * sign-in. Anyone can send a link, so a page whose step changes the account says what will happen
 * and waits for the user's click ({@link useConfirmedAction}); only the OAuth callback, whose state
 * cookie proves this browser started the flow, acts on arrival ({@link useOnArrival}).
 */
import type * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react"
import { useStackMutation } from "../hooks.ts"
import { sessionQueries } from "../invalidations.ts"
import { brokenLinkOverrides } from "../components/error-message.ts"
import { ErrorText } from "../components/form.tsx"
import { Page } from "./page.tsx"

/** Where a page's action is: not started (waiting for the click), running, or done. */
export type ActionPhase = "waiting" | "working" | "done"

/** A page's one action: its phase, its last failure, and how to start it. */
export interface PageAction {
  readonly phase: ActionPhase
  readonly error: unknown
  /** Starts the action (once at a time; again after a failure, e.g. the network was down). */
  readonly start: () => void
}

const usePageAction = <A, E, R>(effect: () => Effect.Effect<A, E, R>, startsAt: ActionPhase): PageAction => {
  const mutation = useStackMutation(effect, { invalidates: sessionQueries })
  const [phase, setPhase] = useState<ActionPhase>(startsAt)
  // A ref, not state, marks a run in progress: StrictMode runs mount effects twice, and a code in a
  // link can be used only once.
  const running = useRef(false)
  const run = mutation.run
  const start = useCallback(() => {
    if (running.current) return
    running.current = true
    setPhase("working")
    void run().then((exit) => {
      running.current = false
      setPhase(Exit.isSuccess(exit) ? "done" : "waiting")
    })
  }, [run])
  return { phase, error: mutation.error, start }
}

/**
 * Runs `effect` once when the page shows. Its phase starts at "working", so nothing claims success
 * before the action ran. Only for steps a third party cannot start (the OAuth callback).
 */
export const useOnArrival = <A, E, R>(effect: () => Effect.Effect<A, E, R>): PageAction => {
  const action = usePageAction(effect, "working")
  const arrived = useRef(false)
  const start = action.start
  useEffect(() => {
    if (arrived.current) return
    arrived.current = true
    start()
  }, [start])
  return action
}

/** Runs `effect` when the user confirms ({@link ConfirmArrival}'s button). */
export const useConfirmedAction = <A, E, R>(effect: () => Effect.Effect<A, E, R>): PageAction =>
  usePageAction(effect, "waiting")

/** Props of {@link Arrival}. */
export interface ArrivalProps {
  readonly title: string
  readonly working: string
  readonly done: string
  readonly action: PageAction
  /** Texts by error tag, replacing the server's words (a malformed link's code always gets a sentence). */
  readonly overrides?: Readonly<Record<string, string>>
  /** Shown under the outcome (e.g. a link on). */
  readonly children?: ReactNode
}

/** The progress and outcome of an action that runs on arrival. */
export const Arrival = ({ title, working, done, action, overrides, children }: ArrivalProps) => (
  <Page title={title}>
    {action.error !== undefined
      ? <ErrorText error={action.error} overrides={{ ...brokenLinkOverrides, ...overrides }} />
      : action.phase === "done"
      ? <p className="stackfx-note" role="status">{done}</p>
      : <p className="stackfx-note stackfx-pending" role="status" aria-busy="true">{working}</p>}
    {children}
  </Page>
)

/** Props of {@link ConfirmArrival}. */
export interface ConfirmArrivalProps extends ArrivalProps {
  /** What the click will do, said before it. */
  readonly prompt: ReactNode
  /** The button's text. */
  readonly confirm: string
  /** Where "Not now" leads (none: no such link). */
  readonly cancelHref?: string
}

/** A step a link asked for: what it will do, a button to do it, then its progress and outcome. */
export const ConfirmArrival = (props: ConfirmArrivalProps) => {
  const { action } = props
  if (action.phase !== "waiting") return <Arrival {...props} />
  return (
    <Page title={props.title}>
      <p>{props.prompt}</p>
      {action.error === undefined ? null : (
        <ErrorText error={action.error} overrides={{ ...brokenLinkOverrides, ...props.overrides }} />
      )}
      <div className="stackfx-row">
        <button type="button" className="stackfx-button" autoFocus onClick={action.start}>{props.confirm}</button>
        {props.cancelHref === undefined ? null : <a className="stackfx-button stackfx-secondary" href={props.cancelHref}>Not now</a>}
      </div>
    </Page>
  )
}
