/**
 * The handler pages (`/handler/sign-in`, `/handler/oauth-callback`, ...) as plain React components,
 * themed through CSS variables (`--stackfx-accent`, `--stackfx-text`, `--stackfx-muted`,
 * `--stackfx-danger`, `--stackfx-radius`, `--stackfx-font`), and `StackHandler`, which picks the page
 * for the current path so any router can mount it at `/handler/*`.
 *
 * Every page runs stackfx effects through the provider, so its layer must also provide `Navigation`,
 * `CookieJar` and, for passkeys, `WebAuthn` (`layerBrowserNavigation`, `layerDocumentCookieJar`,
 * `layerBrowserWebAuthn` from stackfx/browser).
 */
import * as Effect from "effect/Effect"
import { type ChangeEvent, createElement as h, type FormEvent, type ReactNode, Suspense, useEffect, useRef, useState } from "react"
import { StackErrorBoundary } from "./error-boundary.ts"
import { handleOAuthCallback, signInWithOAuth } from "../src/browser/oauth.ts"
import {
  acceptTeamInvitation,
  checkAfterSignUpRedirect,
  codeFromOtp,
  createContactChannel,
  createTeam,
  deleteContactChannel,
  inviteToTeam,
  leaveTeam,
  sendContactChannelVerification,
  HandlerUrlsConfig,
  redirectAfterSignIn,
  redirectToPage,
  registerPasskey,
  resetPassword,
  sendForgotPasswordEmail,
  sendMagicLinkEmail,
  signInWithMagicLink,
  signInWithMfa,
  signInWithPasskey,
  signInWithPassword,
  signOut,
  signUpWithPassword,
  updateUser,
  verifyEmail
} from "../src/client/index.ts"
import { handlerRoutes, type HandlerPage } from "../src/urls/handler-urls.ts"
import { queryKey } from "./cache.ts"
import { useStackMutation, useStackSuspenseQuery, useUser } from "./hooks.ts"
import { sessionQueries, useContactChannels, useProject, useTeamMembers, useTeamPermission, useTeams } from "./resource-hooks.ts"
import { base32, base64, checkTotpCode, makeTotpSecret, otpauthUri } from "./totp.ts"

/** The pages' stylesheet; override the variables on `.stackfx-page` (or any ancestor) to theme them. */
export const handlerStyles = [
  ".stackfx-page{--stackfx-accent:#4f46e5;--stackfx-text:#111827;--stackfx-muted:#6b7280;--stackfx-danger:#b91c1c;",
  "--stackfx-radius:8px;--stackfx-font:system-ui,sans-serif;font-family:var(--stackfx-font);color:var(--stackfx-text);",
  "max-width:24rem;margin:3rem auto;padding:0 1rem}",
  ".stackfx-page form{display:flex;flex-direction:column;gap:.5rem;margin:1rem 0}",
  ".stackfx-page input{padding:.5rem;border:1px solid var(--stackfx-muted);border-radius:var(--stackfx-radius)}",
  ".stackfx-page button{padding:.5rem;border:0;border-radius:var(--stackfx-radius);background:var(--stackfx-accent);color:#fff;cursor:pointer}",
  ".stackfx-page button:disabled{opacity:.6}",
  ".stackfx-error{color:var(--stackfx-danger)}.stackfx-note{color:var(--stackfx-muted)}"
].join("")

/** The message of a failure: the server's words for catalogue errors, the description otherwise. */
const messageOf = (error: unknown): string => {
  if (typeof error === "object" && error !== null) {
    const fields = error as { readonly message?: unknown; readonly description?: unknown }
    if (typeof fields.description === "string") return fields.description
    if (typeof fields.message === "string" && fields.message.length > 0) return fields.message
  }
  return "Something went wrong. Please try again."
}

const Page = (props: { readonly title: string; readonly children?: ReactNode }) =>
  h("div", { className: "stackfx-page" }, h("style", null, handlerStyles), h("h1", null, props.title), props.children)

const ErrorText = (props: { readonly error: unknown }) =>
  props.error === undefined ? null : h("p", { className: "stackfx-error", role: "alert" }, messageOf(props.error))

const Note = (props: { readonly children?: ReactNode }) => h("p", { className: "stackfx-note" }, props.children)

const useField = (initial = "") => {
  const [value, setValue] = useState(initial)
  return { value, onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value) }
}

const Input = (props: { readonly name: string; readonly label: string; readonly type?: string; readonly field: ReturnType<typeof useField> }) =>
  h("label", null, props.label, h("input", { name: props.name, type: props.type ?? "text", value: props.field.value, onChange: props.field.onChange }))

const Form = (props: { readonly onSubmit: () => void; readonly submit: string; readonly pending: boolean; readonly children?: ReactNode }) =>
  h("form", {
    onSubmit: (event: FormEvent) => {
      event.preventDefault()
      props.onSubmit()
    }
  }, props.children, h("button", { type: "submit", disabled: props.pending }, props.submit))

/** A query parameter of the current page. */
const searchParam = (name: string): string => new URL(globalThis.location.href).searchParams.get(name) ?? ""

/** An absolute URL of one of the handler pages, for links in e-mails. */
const pageUrl = (page: HandlerPage) => Effect.map(HandlerUrlsConfig, (urls) => new URL(urls[page], globalThis.location.href).href)

/** Email and password, a one-time code by e-mail, OAuth providers; the authenticator-code step when MFA is on. */
export const SignInPage = () => {
  const project = useProject()
  const email = useField()
  const password = useField()
  const otp = useField()
  const totp = useField()
  const [nonce, setNonce] = useState<string | undefined>(undefined)
  const options = { invalidates: sessionQueries }
  const withPassword = useStackMutation(
    () => Effect.flatMap(signInWithPassword({ email: email.value, password: password.value }), (result) => redirectAfterSignIn(result)),
    options
  )
  const attemptCode = withPassword.error?._tag === "MultiFactorAuthenticationRequired" ? withPassword.error.details.attempt_code : undefined
  const withTotp = useStackMutation(
    () => Effect.flatMap(signInWithMfa(attemptCode ?? "", totp.value), (result) => redirectAfterSignIn(result)),
    options
  )
  const sendCode = useStackMutation(() =>
    Effect.flatMap(pageUrl("magicLinkCallback"), (callbackUrl) => sendMagicLinkEmail({ email: email.value, callbackUrl })).pipe(
      Effect.tap((sent) => Effect.sync(() => setNonce(sent.nonce)))
    ))
  const withCode = useStackMutation(
    () => Effect.flatMap(signInWithMagicLink(codeFromOtp(otp.value, nonce ?? "")), (result) => redirectAfterSignIn(result)),
    options
  )
  const withProvider = useStackMutation((provider: string) => signInWithOAuth({ provider }))
  const withPasskey = useStackMutation(() => Effect.flatMap(signInWithPasskey(), (result) => redirectAfterSignIn(result)), options)
  const config = project.config
  if (attemptCode !== undefined) {
    return h(Page, { title: "Enter your authenticator code" },
      h(Form, { onSubmit: () => void withTotp.run(), submit: "Verify", pending: withTotp.pending },
        h(Input, { name: "totp", label: "Six-digit code", field: totp })),
      h(ErrorText, { error: withTotp.error }))
  }
  return h(Page, { title: `Sign in to ${project.displayName}` },
    config.enabledOauthProviders.map((provider) =>
      h("button", { key: provider.id, name: `oauth-${provider.id}`, onClick: () => void withProvider.run(provider.id) }, `Continue with ${provider.id}`)),
    h(ErrorText, { error: withProvider.error }),
    config.passkeyEnabled
      ? h("button", { name: "passkey", onClick: () => void withPasskey.run(), disabled: withPasskey.pending }, "Sign in with a passkey")
      : null,
    h(ErrorText, { error: withPasskey.error }),
    h(Form, { onSubmit: () => void (config.credentialEnabled ? withPassword.run() : sendCode.run()), submit: "Sign in", pending: withPassword.pending },
      h(Input, { name: "email", label: "E-mail", type: "email", field: email }),
      config.credentialEnabled ? h(Input, { name: "password", label: "Password", type: "password", field: password }) : null),
    h(ErrorText, { error: withPassword.error }),
    config.magicLinkEnabled
      ? nonce === undefined
        ? h("button", { name: "send-code", onClick: () => void sendCode.run(), disabled: sendCode.pending }, "E-mail me a sign-in code")
        : h(Form, { onSubmit: () => void withCode.run(), submit: "Sign in with the code", pending: withCode.pending },
          h(Note, null, "We sent a code and a link to your inbox."),
          h(Input, { name: "otp", label: "Code", field: otp }))
      : null,
    h(ErrorText, { error: sendCode.error ?? withCode.error }))
}

/** E-mail and password; the verification e-mail links back to the email-verification page. */
export const SignUpPage = () => {
  const email = useField()
  const password = useField()
  const signUp = useStackMutation(
    () =>
      // Where the new user will be sent is checked first: an untrusted target creates no account.
      Effect.andThen(checkAfterSignUpRedirect(), pageUrl("emailVerification")).pipe(
        Effect.flatMap((verificationCallbackUrl) =>
          signUpWithPassword({ email: email.value, password: password.value, verificationCallbackUrl })),
        Effect.flatMap((result) => redirectAfterSignIn(result))
      ),
    { invalidates: sessionQueries }
  )
  return h(Page, { title: "Create an account" },
    h(Form, { onSubmit: () => void signUp.run(), submit: "Sign up", pending: signUp.pending },
      h(Input, { name: "email", label: "E-mail", type: "email", field: email }),
      h(Input, { name: "password", label: "Password", type: "password", field: password })),
    h(ErrorText, { error: signUp.error }))
}

/**
 * Runs `effect` once when the page shows; renders its progress. A ref, not state, marks the start:
 * StrictMode runs mount effects twice, and a callback code can be used only once.
 */
const useOnArrival = <A, E, R>(effect: () => Effect.Effect<A, E, R>) => {
  const action = useStackMutation(effect, { invalidates: sessionQueries })
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void action.run()
  }, [action])
  return action
}

const Arrival = (props: { readonly title: string; readonly working: string; readonly done: string; readonly action: { readonly pending: boolean; readonly error: unknown } }) =>
  h(Page, { title: props.title },
    props.action.error === undefined ? h(Note, null, props.action.pending ? props.working : props.done) : h(ErrorText, { error: props.action.error }))

/** Finishes an OAuth sign-in (code and state in the address, the verifier in a cookie). */
export const OAuthCallbackPage = () =>
  h(Arrival, { title: "Signing you in", working: "Finishing the sign-in…", done: "Signed in.", action: useOnArrival(handleOAuthCallback) })

/** Signs in with the link of a magic-link e-mail (`?code=`). */
export const MagicLinkCallbackPage = () =>
  h(Arrival, {
    title: "Signing you in",
    working: "Checking your link…",
    done: "Signed in.",
    action: useOnArrival(() => Effect.flatMap(signInWithMagicLink(searchParam("code")), (result) => redirectAfterSignIn(result)))
  })

/** Verifies an e-mail address with the link of a verification e-mail (`?code=`). */
export const EmailVerificationPage = () =>
  h(Arrival, { title: "E-mail verification", working: "Verifying…", done: "Your e-mail address is verified.", action: useOnArrival(() => verifyEmail(searchParam("code"))) })

/** Signs out, then goes to the after-sign-out page. */
export const SignOutPage = () =>
  h(Arrival, { title: "Signing out", working: "Signing out…", done: "Signed out.", action: useOnArrival(() => Effect.andThen(signOut(), redirectToPage("afterSignOut", { replace: true }))) })

/** Accepts a team invitation (`?code=`); needs a signed-in user. */
export const TeamInvitationPage = () => {
  useUser({ or: "redirect" })
  return h(Arrival, { title: "Team invitation", working: "Joining the team…", done: "You joined the team.", action: useOnArrival(() => acceptTeamInvitation(searchParam("code"))) })
}

/** Asks for the e-mail address to send a password-reset link to. */
export const ForgotPasswordPage = () => {
  const email = useField()
  const send = useStackMutation(() =>
    Effect.flatMap(pageUrl("passwordReset"), (callbackUrl) => sendForgotPasswordEmail({ email: email.value, callbackUrl })))
  const [sent, setSent] = useState(false)
  return h(Page, { title: "Reset your password" },
    sent
      ? h(Note, null, "If an account uses this address, a reset link is on its way.")
      : h(Form, { onSubmit: () => void send.run().then((exit) => setSent(exit._tag === "Success")), submit: "Send the link", pending: send.pending },
        h(Input, { name: "email", label: "E-mail", type: "email", field: email })),
    h(ErrorText, { error: send.error }))
}

/** Sets a new password with the code of a reset e-mail (`?code=`). */
export const PasswordResetPage = () => {
  const password = useField()
  const reset = useStackMutation(() => resetPassword({ code: searchParam("code"), password: password.value }))
  const [done, setDone] = useState(false)
  return h(Page, { title: "Choose a new password" },
    done
      ? h(Note, null, "Your password is changed. You can sign in with it now.")
      : h(Form, { onSubmit: () => void reset.run().then((exit) => setDone(exit._tag === "Success")), submit: "Save", pending: reset.pending },
        h(Input, { name: "password", label: "New password", type: "password", field: password })),
    h(ErrorText, { error: reset.error }))
}

/** Authenticator codes: on with a new secret once the user's app gives a right code, or off. */
const TotpSettings = (props: { readonly enabled: boolean; readonly issuer: string; readonly account: string }) => {
  const [secret, setSecret] = useState<Uint8Array | undefined>(undefined)
  const [wrongCode, setWrongCode] = useState(false)
  const code = useField()
  const save = useStackMutation((secretBase64: string | null) => updateUser({ totpSecretBase64: secretBase64 }), { invalidates: ["user"] })
  const confirm = async (pending: Uint8Array) => {
    const right = await checkTotpCode(pending, code.value)
    setWrongCode(!right)
    if (right && (await save.run(base64(pending)))._tag === "Success") setSecret(undefined)
  }
  if (props.enabled) {
    return h("section", null,
      h(Note, null, "Authenticator codes are on."),
      h("button", { name: "totp-off", onClick: () => void save.run(null), disabled: save.pending }, "Turn off authenticator codes"),
      h(ErrorText, { error: save.error }))
  }
  if (secret === undefined) {
    return h("section", null, h("button", { name: "totp-on", onClick: () => setSecret(makeTotpSecret()) }, "Turn on authenticator codes"))
  }
  return h("section", null,
    h(Note, null, "Add this key to your authenticator app, then enter the code it shows."),
    h("code", { id: "totp-secret" }, base32(secret)),
    h(Note, null, h("a", { href: otpauthUri(secret, props.issuer, props.account) }, "Open in an authenticator app")),
    h(Form, { onSubmit: () => void confirm(secret), submit: "Confirm", pending: save.pending },
      h(Input, { name: "totp-code", label: "Code", field: code })),
    wrongCode ? h(ErrorText, { error: { message: "That code is not right. Check the key and try again." } }) : null,
    h(ErrorText, { error: save.error }))
}

const SmallButton = (props: { readonly name: string; readonly onClick: () => void; readonly pending?: boolean; readonly children?: ReactNode }) =>
  h("button", { type: "button", name: props.name, onClick: props.onClick, disabled: props.pending ?? false, style: { marginLeft: ".5rem" } }, props.children)

/** The user's e-mail addresses: add one, send its verification link, remove one that is not primary. */
const ContactChannelsSettings = () => {
  const channels = useContactChannels()
  const value = useField()
  const add = useStackMutation(() => createContactChannel({ type: "email", value: value.value, usedForAuth: false }), { invalidates: ["contactChannels"] })
  const verify = useStackMutation((id: string) =>
    Effect.flatMap(pageUrl("emailVerification"), (callbackUrl) => sendContactChannelVerification(id, { callbackUrl })))
  const remove = useStackMutation((id: string) => deleteContactChannel(id), { invalidates: ["contactChannels", "user"] })
  const [sentTo, setSentTo] = useState<string | undefined>(undefined)
  return h("section", null,
    h("h2", null, "E-mail addresses"),
    h("ul", { className: "stackfx-channels" }, channels.map((channel) =>
      h("li", { key: channel.id },
        `${channel.value}${channel.isPrimary ? " (primary)" : ""}${channel.isVerified ? " (verified)" : ""}`,
        channel.isVerified
          ? null
          : h(SmallButton, { name: "verify-channel", onClick: () => void verify.run(channel.id).then((exit) => setSentTo(exit._tag === "Success" ? channel.value : undefined)) }, "Verify"),
        channel.isPrimary ? null : h(SmallButton, { name: "remove-channel", onClick: () => void remove.run(channel.id) }, "Remove")))),
    sentTo === undefined ? null : h(Note, null, `A verification link is on its way to ${sentTo}.`),
    h(Form, { onSubmit: () => void add.run(), submit: "Add address", pending: add.pending },
      h(Input, { name: "new-channel", label: "Another e-mail address", type: "email", field: value })),
    h(ErrorText, { error: add.error ?? verify.error ?? remove.error }))
}

/** One team: its members (with `$read_members`), an invitation form (with `$invite_members`), leaving. */
const TeamSettings = (props: { readonly teamId: string; readonly name: string }) => {
  const canRead = useTeamPermission(props.teamId, "$read_members") !== null
  const canInvite = useTeamPermission(props.teamId, "$invite_members") !== null
  const email = useField()
  const invite = useStackMutation(() =>
    Effect.flatMap(pageUrl("teamInvitation"), (callbackUrl) => inviteToTeam({ teamId: props.teamId, email: email.value, callbackUrl })))
  const leave = useStackMutation(() => leaveTeam(props.teamId), { invalidates: ["teams", "teamMembers", "teamPermissions"] })
  const [invited, setInvited] = useState<string | undefined>(undefined)
  return h("li", { className: "stackfx-team" },
    h("strong", null, props.name),
    h(SmallButton, { name: "leave-team", onClick: () => void leave.run(), pending: leave.pending }, "Leave"),
    canRead ? h(TeamMembers, { teamId: props.teamId }) : null,
    canInvite
      ? h(Form, {
        onSubmit: () => void invite.run().then((exit) => setInvited(exit._tag === "Success" ? email.value : undefined)),
        submit: "Invite",
        pending: invite.pending
      }, h(Input, { name: "invite-email", label: "Invite by e-mail", type: "email", field: email }))
      : null,
    invited === undefined ? null : h(Note, null, `Invitation sent to ${invited}.`),
    h(ErrorText, { error: invite.error ?? leave.error }))
}

const TeamMembers = (props: { readonly teamId: string }) =>
  h("ul", { className: "stackfx-members" }, useTeamMembers(props.teamId).map((member) =>
    h("li", { key: member.userId }, member.displayName ?? member.userId)))

/** The user's teams, and a new one when the project lets clients create teams. */
const TeamsSettings = (props: { readonly canCreate: boolean }) => {
  const teams = useTeams()
  const name = useField()
  const create = useStackMutation(() => createTeam({ displayName: name.value }), { invalidates: ["teams", "teamPermissions"] })
  return h("section", null,
    h("h2", null, "Teams"),
    h("ul", null, teams.map((team) => h(TeamSettings, { key: team.id, teamId: team.id, name: team.displayName }))),
    props.canCreate
      ? h(Form, { onSubmit: () => void create.run(), submit: "Create team", pending: create.pending },
        h(Input, { name: "new-team", label: "New team", field: name }))
      : null,
    h(ErrorText, { error: create.error }))
}

/** The signed-in user's display name, e-mail addresses, teams, passkeys and authenticator codes. */
export const AccountSettingsPage = () => {
  const user = useUser({ or: "redirect" })
  const project = useProject()
  const displayName = useField(user.displayName ?? "")
  const save = useStackMutation(() => updateUser({ displayName: displayName.value }), { invalidates: ["user"] })
  const addPasskey = useStackMutation(() => registerPasskey(), { invalidates: ["user"] })
  const [passkeyAdded, setPasskeyAdded] = useState(false)
  return h(Page, { title: "Account settings" },
    h(Note, null, user.primaryEmail ?? ""),
    h(Form, { onSubmit: () => void save.run(), submit: "Save", pending: save.pending },
      h(Input, { name: "displayName", label: "Display name", field: displayName })),
    h(ErrorText, { error: save.error }),
    project.config.passkeyEnabled
      ? h("section", null,
        passkeyAdded || user.passkeyAuthEnabled ? h(Note, null, "You can sign in with a passkey.") : null,
        h("button", {
          name: "add-passkey",
          disabled: addPasskey.pending,
          onClick: () => void addPasskey.run().then((exit) => setPasskeyAdded(exit._tag === "Success"))
        }, "Add a passkey"),
        h(ErrorText, { error: addPasskey.error }))
      : null,
    h(TotpSettings, { enabled: user.requiresTotpMfa, issuer: project.displayName, account: user.primaryEmail ?? user.id }),
    h(ContactChannelsSettings),
    h(TeamsSettings, { canCreate: project.config.clientTeamCreationEnabled }))
}

/** What the error page shows: the `errorCode` and `message` the server put in the address. */
export const ErrorPage = () =>
  h(Page, { title: "Something went wrong" }, h(ErrorText, { error: { message: searchParam("message") || searchParam("errorCode") || undefined } }))

const pages: { readonly [K in HandlerPage]: () => ReactNode } = {
  signIn: SignInPage,
  signUp: SignUpPage,
  signOut: SignOutPage,
  emailVerification: EmailVerificationPage,
  passwordReset: PasswordResetPage,
  forgotPassword: ForgotPasswordPage,
  oauthCallback: OAuthCallbackPage,
  magicLinkCallback: MagicLinkCallbackPage,
  accountSettings: AccountSettingsPage,
  error: ErrorPage,
  teamInvitation: TeamInvitationPage
}

/**
 * The handler page for `path` (default: the current one), matched against the handler URLs
 * (`HandlerUrlsConfig`, `/handler/...` by default); `notFound` when none matches.
 *
 * @example
 * <Route path="/handler/*" element={<StackHandler />} />
 */
export const StackHandler = (props: { readonly path?: string; readonly notFound?: ReactNode }) =>
  // A page whose reads fail (server out of reach, wrong project id) shows why and a Retry button.
  h(StackErrorBoundary, {
      fallback: ({ message, retry }) =>
      h(Page, { title: "Something went wrong" },
        h("p", { className: "stackfx-error", role: "alert" }, message),
        h("button", { type: "button", onClick: retry }, "Retry"))
  }, h(Suspense, { fallback: h("p", { "aria-busy": true }, "Loading…") }, h(HandlerRoutes, props)))

const HandlerRoutes = (props: { readonly path?: string; readonly notFound?: ReactNode }) => {
  const urls = useStackSuspenseQuery(queryKey("handlerUrls"), Effect.service(HandlerUrlsConfig))
  const path = props.path ?? globalThis.location.pathname
  const found = (Object.keys(handlerRoutes) as ReadonlyArray<HandlerPage>).find((page) =>
    new URL(urls[page], globalThis.location.href).pathname === path)
  return found === undefined ? (props.notFound ?? h(Page, { title: "Page not found" })) : h(pages[found])
}
