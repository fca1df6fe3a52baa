/** Account settings: authenticator codes, set up with a QR code and a confirming code, or off. */
import { useEffect, useState } from "react"
import { updateUser } from "../../../src/client/index.ts"
import { useStackMutation } from "../../hooks.ts"
import { base32, base64, checkTotpCode, makeTotpSecret, otpauthUri } from "../../totp.ts"
import { ErrorText, Field, Form, useField } from "../form.tsx"
import { Badge } from "../ui/badge.tsx"
import type { NoticeControl } from "../ui/notice.tsx"
import { SettingsGroup } from "./group.tsx"

/** The QR code of an `otpauth://` URI as an SVG (the encoder loads when first needed). */
const QrCode = ({ uri }: { readonly uri: string }) => {
  const [svg, setSvg] = useState<string | undefined>(undefined)
  useEffect(() => {
    let live = true
    void import("uqr").then(({ renderSVG }) => {
      if (live) setSvg(renderSVG(uri, { border: 2 }))
    })
    return () => {
      live = false
    }
  }, [uri])
  return svg === undefined
    ? <p className="stackfx-note">Preparing the QR code…</p>
    : <div className="stackfx-qr" role="img" aria-label="QR code for your authenticator app" style={{ width: "12rem", background: "#fff" }} dangerouslySetInnerHTML={{ __html: svg }} />
}

/** Props of {@link TotpGroup}. */
export interface TotpGroupProps {
  readonly enabled: boolean
  /** Shown in the authenticator app (the project's name). */
  readonly issuer: string
  /** The account name in the app (the user's e-mail). */
  readonly account: string
  readonly notice: NoticeControl
}

/** Turns authenticator codes on (after a right code from the app) or off. */
export const TotpGroup = ({ enabled, issuer, account, notice }: TotpGroupProps) => {
  const [secret, setSecret] = useState<Uint8Array | undefined>(undefined)
  const [wrongCode, setWrongCode] = useState(false)
  const code = useField()
  const save = useStackMutation(updateUser)
  const confirm = async (pending: Uint8Array) => {
    const right = await checkTotpCode(pending, code.value.trim())
    setWrongCode(!right)
    if (!right) return
    if (notice.after(await save.run({ totpSecretBase64: base64(pending) }), "Authenticator codes are on. Sign-in now asks for a code from your app.")) {
      setSecret(undefined)
      code.set("")
    }
  }
  return (
    <SettingsGroup title="Authenticator codes" status={enabled ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>}
      description="A second step at sign-in: a six-digit code from an app such as 1Password, Google Authenticator or Authy."
      action={enabled
        ? (
          <button type="button" name="totp-off" className="stackfx-button stackfx-secondary" disabled={save.pending}
            onClick={() => void save.run({ totpSecretBase64: null }).then((exit) => notice.after(exit, "Authenticator codes are off."))}>
            Turn off authenticator codes
          </button>
        )
        : secret === undefined
        ? <button type="button" name="totp-on" className="stackfx-button stackfx-secondary" onClick={() => setSecret(makeTotpSecret())}>Turn on authenticator codes</button>
        : undefined}>
      {enabled || secret === undefined
        ? null
        : (
          <>
            <p className="stackfx-group-description">Scan this code with your authenticator app (or enter the key), then enter the code it shows.</p>
            <QrCode uri={otpauthUri(secret, issuer, account)} />
            <p className="stackfx-secret" style={{ margin: 0 }}>Key: <code id="totp-secret">{base32(secret)}</code></p>
            <Form onSubmit={() => void confirm(secret)} submit="Confirm" pending={save.pending} label="Confirm the authenticator code">
              <Field name="totp-code" label="Code from the app" field={code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form>
            <ErrorText error={wrongCode ? { message: "That code is not right. Check the time on your device and the key, then try again." } : undefined} />
            <div><button type="button" className="stackfx-link" onClick={() => setSecret(undefined)}>Cancel</button></div>
          </>
        )}
    </SettingsGroup>
  )
}
