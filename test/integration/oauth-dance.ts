/** Drives the emulator's offline OAuth flow the way a browser would, for tests. */
import * as Effect from "effect/Effect"
import type { Harness } from "./emulator-harness.ts"

/** What one authorize request asks for. */
export interface DanceOptions {
  readonly provider?: string
  readonly projectId?: string
  readonly publishableClientKey?: string
  readonly redirectUri?: string
  readonly codeChallenge?: string
  readonly codeChallengeMethod?: "S256" | "plain"
  readonly state?: string
  readonly type?: "authenticate" | "link"
  readonly token?: string
  readonly email?: string
  readonly accountId?: string
  readonly scopes?: string
  readonly deny?: boolean
  readonly errorRedirectUrl?: string
}

/** The authorize URL of `options` on the harness's emulator. */
export const authorizeUrl = (h: Harness, options: DanceOptions): string => {
  const params = new URLSearchParams({
    client_id: options.projectId ?? h.keys.projectId,
    client_secret: options.publishableClientKey ?? h.keys.pck,
    redirect_uri: options.redirectUri ?? "http://localhost:3000/handler/oauth-callback",
    scope: "legacy",
    state: options.state ?? "app-state",
    grant_type: "authorization_code",
    code_challenge: options.codeChallenge ?? "some-code-challenge",
    code_challenge_method: options.codeChallengeMethod ?? "plain",
    response_type: "code",
    type: options.type ?? "authenticate",
    error_redirect_url: options.errorRedirectUrl ?? "http://localhost:3000/handler/error"
  })
  if (options.token !== undefined) params.set("token", options.token)
  return `${h.emu.info.baseUrl}/api/v1/auth/oauth/authorize/${options.provider ?? "github"}?${params}`
}

const get = (h: Harness, url: string, cookie?: string) =>
  h.emu.handle(new Request(url, { headers: cookie === undefined ? {} : { cookie } }))

/** Every step of the dance; `final` is the redirect back to the app (or its error page). */
export const oauthDance = (h: Harness, options: DanceOptions = {}) =>
  Effect.gen(function*() {
    const authorize = yield* get(h, authorizeUrl(h, options))
    const consentUrl = authorize.headers.get("location") ?? ""
    const cookie = (authorize.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
    const consent = yield* get(h, consentUrl)
    const consentHtml = yield* Effect.promise(() => consent.text())
    const approve = new URL("approve", consentUrl)
    approve.searchParams.set("state", new URL(consentUrl).searchParams.get("state") ?? "")
    approve.searchParams.set("email", options.email ?? "octo@example.com")
    approve.searchParams.set("name", "Octo Cat")
    approve.searchParams.set("account_id", options.accountId ?? "")
    approve.searchParams.set("scopes", options.scopes ?? "")
    if (options.deny === true) approve.searchParams.set("error", "access_denied")
    const approved = yield* get(h, approve.toString())
    const final = yield* get(h, approved.headers.get("location") ?? "", cookie)
    const location = final.headers.get("location") ?? ""
    const back = location === "" ? undefined : new URL(location)
    return {
      authorize,
      consentHtml,
      final,
      code: back?.searchParams.get("code") ?? "",
      state: back?.searchParams.get("state") ?? "",
      location
    }
  })

/** The token request of the authorization-code grant, as a form. */
export const exchange = (
  h: Harness,
  fields: { readonly code: string; readonly verifier: string; readonly redirectUri?: string; readonly projectId?: string; readonly pck?: string }
) =>
  h.emu.handle(new Request(`${h.emu.info.baseUrl}/api/v1/auth/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      redirect_uri: fields.redirectUri ?? "http://localhost:3000/handler/oauth-callback",
      code_verifier: fields.verifier,
      code: fields.code,
      grant_type: "authorization_code",
      client_id: fields.projectId ?? h.keys.projectId,
      client_secret: fields.pck ?? h.keys.pck
    }).toString()
  }))
