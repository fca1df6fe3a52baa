/**
 * What every part of a running emulator shares: the store, the public base URL (token issuer, links),
 * and settings. One value per emulator instance; handlers receive it through their context.
 */
import type { SmtpDelivery } from "./email-delivery.ts"
import type { FaultBook } from "./faults.ts"
import type * as Crypto from "node:crypto"
import type { ResponseHeaderNames } from "./header-names.ts"
import type { MockOAuthProvider } from "./mock-oauth.ts"
import type { PasswordHashing } from "./passwords.ts"
import type { ImageStorage } from "./storage.ts"
import type { SvixServer } from "./svix.ts"
import type { SigningKeyRecord, Store } from "./state.ts"
import type { AccessTokenInfo } from "./tokens.ts"

/** An access token that verified: the key that signed it, its `exp` (seconds) and what it says. */
export interface VerifiedToken {
  readonly key: SigningKeyRecord
  readonly expSeconds: number
  readonly info: AccessTokenInfo
}

/**
 * How many requests (and `withState` calls) have run: the `--data` saver compares it with the count
 * it last saved at, so it only looks at the state after something may have changed it.
 */
export interface ChangeCounter {
  count: number
}

/** The runtime environment of one emulator instance. */
export interface EmulatorEnv {
  readonly store: Store
  /** Bumped after every answered request and every `withState` (see `data-file.ts`). */
  readonly changes: ChangeCounter
  /** Public base URL without trailing slash, e.g. `http://localhost:8102` (the API is at `/api/v1`). */
  readonly baseUrl: string
  /** Lifetime of minted access tokens (default 600 s, like the server). */
  readonly accessTokenLifetimeSeconds: number
  /** Largest accepted request body; larger bodies get 413 (see `router.ts`). */
  readonly maxBodyBytes: number
  /** Imported signing keys by `kid` (a cache; the JWKs themselves live in the state). */
  readonly keyCache: Map<string, Crypto.KeyObject>
  /**
   * Access tokens whose signature and claims verified, with the key that signed them (a cache: a
   * token is checked again when that key is no longer the project's, and its expiry every time).
   */
  readonly verifiedTokens: Map<string, VerifiedToken>
  /**
   * What reading `/emulator/*` (the outbox: every sign-in code and link) requires, as `?token=`,
   * `x-stackfx-emulator-token` or `Authorization: Bearer`; the default project's super secret
   * admin key works too. A web page on another origin cannot read it (no CORS for it).
   */
  readonly emulatorToken: string
  /** The faults in force (fault mode; empty by default). */
  readonly faults: FaultBook
  /**
   * The mock OAuth provider on its own origin, when configured (`mockOAuthBaseUrl`); without it,
   * the built-in consent page on the emulator's origin stands in for every provider.
   */
  readonly mockOAuth: MockOAuthProvider | undefined
  /** The Svix-compatible server webhook events go to, when configured (`svixBaseUrl`). */
  readonly svix: SvixServer | undefined
  /** Where base64 images are stored (their records keep its URL), when configured (`storageBaseUrl`). */
  readonly storage: ImageStorage | undefined
  /** `both` (the current service: `x-stack-*` and `x-hexclave-*`) or `stack` (servers before the rename). */
  readonly responseHeaderNames: ResponseHeaderNames
  /** Every passkey challenge is `MOCK` (the service's `STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING`). */
  readonly hardcodedPasskeyChallenge: boolean
  /**
   * Provider access tokens are handed out for providers on shared keys (the service's
   * `STACK_ALLOW_SHARED_OAUTH_ACCESS_TOKENS=true`, as on the recorded dev server); when false they are
   * refused with `OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS`.
   */
  readonly allowSharedOAuthAccessTokens: boolean
  /** `service` (bcrypt cost 10, like the service) or `fast` (bcrypt cost 4, for tests and load runs). */
  readonly passwordHashing: PasswordHashing
  /** How long a `send-email` e-mail waits in the queue before it is sent (0: at once). */
  readonly emailQueueDelayMillis: number
  /** How e-mail of projects with a custom SMTP server goes out. */
  readonly smtp: SmtpDelivery
}

/** Default access-token lifetime: 10 minutes (`STACK_ACCESS_TOKEN_EXPIRATION_TIME`). */
export const defaultAccessTokenLifetimeSeconds = 600

/**
 * Default request-body limit: 5 MiB. Profile images may be 1 000 000 characters of base64, so the
 * limit must be well above that; anything larger is not a request the SDK sends.
 */
export const defaultMaxBodyBytes = 5 * 1024 * 1024

/** Default base URL of the in-process emulator (the port the real dev server uses). */
export const defaultBaseUrl = "http://localhost:8102"
