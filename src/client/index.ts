/** `stackfx/client`: end-user sign-in and account operations. */
export { StackClient, make, type SignInResult, type StackClientOptions, type StackClientService } from "./stack-client.ts"
export { InvalidInput } from "./input.ts"
export { layerMemoryTokenStore, makeMemoryTokenStore, TokenStore } from "../session/token-store.ts"
export { InvalidTokenValue, Session } from "../session/session.ts"
export type { User } from "../model/user.ts"
