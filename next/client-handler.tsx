"use client"
/**
 * `stackfx/react`'s `StackHandler` as a client component, for the server `StackHandler` to render: a
 * module of its own, so only the handler route's JavaScript carries the handler pages.
 */
import { StackHandler, type StackHandlerProps } from "../react/pages/stack-handler.tsx"

/** The handler pages, routed by the path the server component gives. */
export const ClientStackHandler = (props: StackHandlerProps) => <StackHandler {...props} />
