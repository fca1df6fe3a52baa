/** `stackfx/client`: end-user sign-in and account operations. */
export { type AuthJson, make, StackClient, type StackClientOptions, type StackClientService } from "./stack-client.ts"
export type { SignInResult } from "./context.ts"
export { InvalidInput } from "./input.ts"
export { UserNotSignedIn } from "./account.ts"
export { layerMemoryTokenStore, makeMemoryTokenStore, TokenStore } from "../session/token-store.ts"
export { InvalidTokenValue, Session } from "../session/session.ts"
export type { User } from "../model/user.ts"
