/**
 * `Notice`: the saved/failed line after an action. Both live regions are always in the page (a
 * region added together with its text is often not read), `role=status` for "Saved" (polite) and
 * `role=alert` for a failure (assertive); only one holds text at a time.
 */
import * as Cause from "effect/Cause"
import * as Exit from "effect/Exit"
import { useCallback, useState } from "react"
import { readableMessage } from "../error-message.ts"
import { PrimitiveStyles } from "./styles.tsx"

/** What a notice says: nothing, a success, or a failure. */
export type NoticeState =
  | { readonly kind: "saved"; readonly text: string }
  | { readonly kind: "failed"; readonly text: string }
  | undefined

/** Props of {@link Notice}. */
export interface NoticeProps {
  readonly notice: NoticeState
}

/** The announced saved/failed line. */
export const Notice = ({ notice }: NoticeProps) => (
  <>
    <PrimitiveStyles name="notice" />
    <div role="status" className="stackfx-notice stackfx-notice-saved">
      {notice?.kind === "saved" ? <><span aria-hidden="true">✓</span><span className="stackfx-notice-text">{notice.text}</span></> : null}
    </div>
    <div role="alert" className="stackfx-notice stackfx-notice-failed">
      {notice?.kind === "failed" ? <><span aria-hidden="true">!</span><span className="stackfx-notice-text">{notice.text}</span></> : null}
    </div>
  </>
)

/** A notice's state and its setters. */
export interface NoticeControl {
  readonly notice: NoticeState
  /** Says `text` as a success. */
  readonly saved: (text: string) => void
  /** Says the readable message of `error` (overrides by error tag or code, as `ErrorText` takes them). */
  readonly failed: (error: unknown, overrides?: Readonly<Record<string, string>>) => void
  readonly clear: () => void
  /** Says `savedText` after a successful run, or the failure's readable message; returns whether it succeeded. */
  readonly after: <A, E>(exit: Exit.Exit<A, E>, savedText: string, overrides?: Readonly<Record<string, string>>) => boolean
}

/** State for a {@link Notice}. */
export const useNotice = (): NoticeControl => {
  const [notice, setNotice] = useState<NoticeState>(undefined)
  const saved = useCallback((text: string) => setNotice({ kind: "saved", text }), [])
  const failed = useCallback((error: unknown, overrides?: Readonly<Record<string, string>>) =>
    setNotice({ kind: "failed", text: readableMessage(error, overrides) }), [])
  const clear = useCallback(() => setNotice(undefined), [])
  const after = useCallback(<A, E>(exit: Exit.Exit<A, E>, savedText: string, overrides?: Readonly<Record<string, string>>) => {
    if (Exit.isSuccess(exit)) {
      saved(savedText)
      return true
    }
    failed(Cause.squash(exit.cause), overrides)
    return false
  }, [saved, failed])
  return { notice, saved, failed, clear, after }
}
