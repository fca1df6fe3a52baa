/**
 * `stackfx/next`: stackfx in a Next.js App Router app. On the server, the signed-in user, the project
 * and the user's teams (as effects and as async functions), the root layout's `StackProvider` (the
 * session rendered into the first HTML and hydrated with no request). `StackHandler` for
 * `app/handler/[...stack]/page.tsx` is `stackfx/next/handler`: Next.js gives a layout's browser code
 * every client component its server imports reach, used or not, so a root layout importing this
 * entry would send the handler pages and the kit to every route. The middleware is
 * `stackfx/next/middleware`; client components use `stackfx/react`'s hooks and components.
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
export { type CookieWrite, cookieWriteOf } from "./request-cookies.ts"
