/**
 * `stackfx/next`: stackfx in a Next.js App Router app. On the server, the signed-in user, the project
 * and the user's teams (as effects and as async functions), the root layout's `StackProvider` (the
 * session rendered into the first HTML and hydrated with no request) and `StackHandler` for
 * `app/handler/[...stack]/page.tsx`. The middleware is `stackfx/next/middleware`; client components
 * use `stackfx/react`'s hooks and components.
 */
export { type ClientOptions, clientOptionsOf, type StackNextOptions } from "./options.ts"
export {
  currentUser,
  type CurrentUserOptions,
  layerNextRequest,
  type NextContext,
  type NextRequestInput,
  type NextServerServices,
  pageUrlHeader,
  project,
  SignInRequired,
  type StackNext,
  stackNext,
  teams
} from "./server.ts"
export { readSession, StackProvider, type StackProviderProps } from "./provider.tsx"
export { StackHandler, type StackHandlerProps } from "./handler.tsx"
export { type CookieWrite, cookieWriteOf } from "./request-cookies.ts"
