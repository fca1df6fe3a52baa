/**
 * `StackErrorBoundary`: what a component tree shows instead of going blank when a stackfx read fails
 * (the server is out of reach, the project id is wrong, the layer cannot be built): the error's
 * readable message and a Retry button that asks again.
 */
import { Component, createElement as h, type ErrorInfo, type ReactNode, useContext } from "react"
import { readableMessage } from "./components/error-message.ts"
import { StackContext } from "./provider.ts"

/** The words a person should read for a failure (see `readableMessage`). */
export const describeFailure = (error: unknown): string => readableMessage(error)

/** Props of {@link StackErrorBoundary}. */
export interface StackErrorBoundaryProps {
  /** Renders the failure (default: a `role="alert"` box with the message and a Retry button). */
  readonly fallback?: ((props: { readonly error: unknown; readonly message: string; readonly retry: () => void }) => ReactNode) | undefined
  /** Called with every caught failure (logging). */
  readonly onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
  readonly children?: ReactNode
}

interface BoundaryState {
  readonly error: { readonly value: unknown } | undefined
}

class Boundary extends Component<StackErrorBoundaryProps & { readonly onRetry: () => void }, BoundaryState> {
  override state: BoundaryState = { error: undefined }

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: { value: error } }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info)
  }

  private readonly retry = () => {
    this.props.onRetry()
    this.setState({ error: undefined })
  }

  override render(): ReactNode {
    const failure = this.state.error
    if (failure === undefined) return this.props.children
    const message = describeFailure(failure.value)
    if (this.props.fallback !== undefined) return this.props.fallback({ error: failure.value, message, retry: this.retry })
    return h("div", { className: "stackfx-failure", role: "alert" },
      h("p", null, message),
      h("button", { type: "button", onClick: this.retry }, "Retry"))
  }
}

/**
 * Shows a readable message and a Retry button when a component below fails, never a blank page.
 * Retry forgets the failed answers of the provider's cache, so the components ask again.
 *
 * @example
 * <StackErrorBoundary><Suspense fallback="Loading…"><Profile /></Suspense></StackErrorBoundary>
 */
export const StackErrorBoundary = (props: StackErrorBoundaryProps): ReactNode => {
  const context = useContext(StackContext)
  return h(Boundary, { ...props, onRetry: () => context?.cache.resetFailures() })
}
