/** Every handler page (sign-in, sign-up, account settings, ...), rendered on the server. */
import { StackHandler } from "stackfx/next/handler"
import { stack } from "../../../lib/stack"

export default function Handler(props: {
  readonly params: Promise<{ readonly stack: ReadonlyArray<string> }>
  readonly searchParams: Promise<Readonly<Record<string, string | ReadonlyArray<string> | undefined>>>
}) {
  return <StackHandler stack={stack} {...props} />
}
