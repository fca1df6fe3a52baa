/**
 * The app settings every service can read from Effect's `Config` (environment variables by default):
 * `STACK_PROJECT_ID`, `STACK_API_URL` (default `https://api.stack-auth.com`) and the keys
 * `STACK_PUBLISHABLE_CLIENT_KEY`, `STACK_SECRET_SERVER_KEY`, `STACK_SUPER_SECRET_ADMIN_KEY` (as `Redacted`).
 */
import * as Config from "effect/Config"
import * as Option from "effect/Option"

/** `STACK_PROJECT_ID`. */
export const projectIdConfig = /*#__PURE__*/ Config.String("STACK_PROJECT_ID")
/** `STACK_API_URL`, default the hosted service. */
export const baseUrlConfig = /*#__PURE__*/ Config.String("STACK_API_URL").pipe(/*#__PURE__*/ Config.withDefault("https://api.stack-auth.com"))
/** `STACK_PUBLISHABLE_CLIENT_KEY`, optional. */
export const publishableClientKeyConfig = /*#__PURE__*/ Config.option(/*#__PURE__*/ Config.Redacted("STACK_PUBLISHABLE_CLIENT_KEY"))
/** `STACK_SECRET_SERVER_KEY`. */
export const secretServerKeyConfig = /*#__PURE__*/ Config.Redacted("STACK_SECRET_SERVER_KEY")
/** `STACK_SUPER_SECRET_ADMIN_KEY`. */
export const superSecretAdminKeyConfig = /*#__PURE__*/ Config.Redacted("STACK_SUPER_SECRET_ADMIN_KEY")

/** `Option` → `undefined`, for optional service options. */
export const orUndefined = <A>(option: Option.Option<A>): A | undefined => Option.getOrUndefined(option)
