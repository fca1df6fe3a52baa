/** Account settings: authenticator codes, set up with a QR code and a confirming code, or off. */
import { useEffect, useState } from "react"
import { updateUser } from "../../../src/client/index.ts"
import { useStackMutation } from "../../hooks.ts"
import { base32, base64, checkTotpCode, makeTotpSecret, otpauthUri } from "../../totp.ts"
import { ActionButton, ErrorText, Field, Form, Note, useField } from "../form.tsx"

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

/** Props of {@link TotpSection}. */
export interface TotpSectionProps {
  readonly enabled: boolean
  /** Shown in the authenticator app (the project's name). */
  readonly issuer: string
  /** The account name in the app (the user's e-mail). */
  readonly account: string
}

/** Turns authenticator codes on (after a right code from the app) or off. */
export const TotpSection = ({ enabled, issuer, account }: TotpSectionProps) => {
  const [secret, setSecret] = useState<Uint8Array | undefined>(undefined)
  const [wrongCode, setWrongCode] = useState(false)
  const code = useField()
  const save = useStackMutation(updateUser)
  const confirm = async (pending: Uint8Array) => {
    const right = await checkTotpCode(pending, code.value.trim())
    setWrongCode(!right)
    if (right && (await save.run({ totpSecretBase64: base64(pending) }))._tag === "Success") {
      setSecret(undefined)
      code.set("")
    }
  }
  return (
    <section className="stackfx-section" aria-labelledby="stackfx-totp">
      <h2 id="stackfx-totp">Authenticator codes</h2>
      {enabled
        ? (
          <>
            <Note>Authenticator codes are on. Sign-in asks for a code from your app.</Note>
            <ActionButton name="totp-off" secondary onClick={() => void save.run({ totpSecretBase64: null })} pending={save.pending}>Turn off authenticator codes</ActionButton>
          </>
        )
        : secret === undefined
        ? <ActionButton name="totp-on" onClick={() => setSecret(makeTotpSecret())}>Turn on authenticator codes</ActionButton>
        : (
          <>
            <Note>Scan this code with your authenticator app (or enter the key), then enter the code it shows.</Note>
            <QrCode uri={otpauthUri(secret, issuer, account)} />
            <p>Key: <code id="totp-secret">{base32(secret)}</code></p>
            <Form onSubmit={() => void confirm(secret)} submit="Confirm" pending={save.pending} label="Confirm the authenticator code">
              <Field name="totp-code" label="Code from the app" field={code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form>
            <button type="button" className="stackfx-link" onClick={() => setSecret(undefined)}>Cancel</button>
          </>
        )}
      <ErrorText error={wrongCode ? { message: "That code is not right. Check the time on your device and the key, then try again." } : save.error} />
    </section>
  )
}
