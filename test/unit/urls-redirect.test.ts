import { assert, describe, it } from "@effect/vitest"
import * as Arbitrary from "effect/Arbitrary"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import {
  checkRedirectUrl,
  isTrustedRedirectUrl,
  resolveTrustedRedirectUrl,
  UntrustedRedirectUrl
} from "../../src/urls/index.ts"

const current = "https://good.com/account/page?x=1#top"

/** Every one of these must be refused from `current`. */
const hostile: ReadonlyArray<readonly [label: string, target: string]> = [
  ["other https host", "https://evil.com"],
  ["other http host", "http://evil.com/path"],
  ["protocol-relative", "//evil.com"],
  ["protocol-relative with path", "//evil.com/handler/sign-in"],
  ["three slashes", "///evil.com"],
  ["four slashes", "////evil.com"],
  ["slash backslash", "/\\evil.com"],
  ["double backslash", "\\\\evil.com"],
  ["backslash slash", "\\/evil.com"],
  ["single backslash", "\\evil.com"],
  ["javascript scheme", "javascript:alert(1)"],
  ["javascript mixed case", "JaVaScRiPt:alert(document.cookie)"],
  ["javascript upper case", "JAVASCRIPT:alert(1)"],
  ["tab inside the scheme", "java\tscript:alert(1)"],
  ["newline inside the scheme", "java\nscript:alert(1)"],
  ["carriage return inside the scheme", "java\rscript:alert(1)"],
  ["NUL before the scheme", "\u0000javascript:alert(1)"],
  ["leading space before javascript", " javascript:alert(1)"],
  ["data URL", "data:text/html,<script>alert(1)</script>"],
  ["data URL base64", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
  ["vbscript", "vbscript:msgbox(1)"],
  ["file", "file:///etc/passwd"],
  ["blob", "blob:https://good.com/0b2f8f3c-1b0e-4c3c-9b9b-1f2f3f4f5f6f"],
  ["ftp on the same host", "ftp://good.com/"],
  ["websocket on the same host", "wss://good.com/"],
  ["mailto", "mailto:someone@evil.com"],
  ["about:blank", "about:blank"],
  ["http downgrade on the same host", "http://good.com/dashboard"],
  ["HTTP upper-case downgrade", "HTTP://good.com/dashboard"],
  ["userinfo hiding the real host", "https://good.com@evil.com"],
  ["userinfo with password", "https://good.com:secret@evil.com/"],
  ["userinfo on the good host", "https://evil.com@good.com/"],
  ["encoded slash in userinfo", "https://good.com%2F@evil.com"],
  ["encoded at sign", "https://good.com%40evil.com/"],
  ["suffix look-alike", "https://good.com.evil.com/"],
  ["prefix look-alike", "https://evil-good.com/"],
  ["subdomain of the good host", "https://www.good.com/"],
  ["missing dot look-alike", "https://goodcom/"],
  ["Cyrillic homograph", "https://g\u043e\u043ed.com/"],
  ["punycode homograph", "https://xn--gd-lhca.com/"],
  ["fullwidth host", "https://\uFF47\uFF4F\uFF4F\uFF44.com/"],
  ["trailing dot host", "https://good.com./"],
  ["percent-encoded host", "https://good%2Ecom/"],
  ["other port", "https://good.com:8443/"],
  ["http port on https", "https://good.com:80/"],
  ["IPv4 host", "https://127.0.0.1/"],
  ["IPv6 host", "https://[::1]/"],
  ["scheme without slashes", "https:evil.com"],
  ["scheme without slashes, same host", "https:good.com/dashboard"],
  ["scheme with one slash", "https:/evil.com"],
  ["scheme with backslashes", "https:\\\\evil.com"],
  ["scheme with three slashes", "https:///evil.com"],
  ["backslash before at sign", "https://good.com\\@evil.com"],
  ["double slash path on the good host", "https://good.com//evil.com"],
  ["encoded double slash", "%2F%2Fevil.com"],
  ["encoded double slash, lower case", "%2f%2fevil.com"],
  ["slash then encoded slash", "/%2Fevil.com"],
  ["encoded backslash", "/%5Cevil.com"],
  ["encoded double backslash", "%5C%5Cevil.com"],
  ["double-encoded slashes", "%252F%252Fevil.com"],
  ["triple-encoded slashes", "/%25252Fevil.com"],
  ["encoded scheme colon", "javascript%3Aalert(1)"],
  ["encoded CRLF in the path", "/%0d%0aSet-Cookie:session=1"],
  ["encoded NUL in the path", "/%00evil"],
  ["fullwidth solidus", "\uFF0F\uFF0Fevil.com"],
  ["encoded fullwidth solidus", "%EF%BC%8F%EF%BC%8Fevil.com"],
  ["dot segment to double slash", "/.//evil.com"],
  ["encoded dot segment to double slash", "/%2e//evil.com"],
  ["leading space", " /dashboard"],
  ["trailing space", "/dashboard "],
  ["trailing newline", "/dashboard\n"],
  ["leading tab then protocol-relative", "\t//evil.com"],
  ["tab between slashes", "/\t/evil.com"],
  ["CRLF between slashes", "/\r\n/evil.com"],
  ["ideographic space before", "\u3000//evil.com"],
  ["no-break space before", "\u00A0/dashboard"],
  ["BOM before", "\uFEFF//evil.com"],
  ["right-to-left override", "/\u202Emoc.live"],
  ["zero-width space", "/\u200Bevil.com"],
  ["encoded zero-width space", "/%E2%80%8Bevil.com"],
  ["C1 control", "/\u0085evil"],
  ["DEL", "/\u007Fevil"]
]

/** Every one of these must pass from `current`, resolving to the given absolute URL. */
const legitimate: ReadonlyArray<readonly [target: string, resolved: string]> = [
  ["/", "https://good.com/"],
  ["/dashboard", "https://good.com/dashboard"],
  ["/a/b?c=d#e", "https://good.com/a/b?c=d#e"],
  ["?tab=security", "https://good.com/account/page?tab=security"],
  ["#section", "https://good.com/account/page?x=1#section"],
  ["settings", "https://good.com/account/settings"],
  ["./settings", "https://good.com/account/settings"],
  ["../up", "https://good.com/up"],
  ["", "https://good.com/account/page?x=1"],
  ["/handler/sign-in?after_auth_return_to=%2Fdashboard", "https://good.com/handler/sign-in?after_auth_return_to=%2Fdashboard"],
  ["/search?q=%2F%2Fevil.com", "https://good.com/search?q=%2F%2Fevil.com"],
  ["/@user", "https://good.com/@user"],
  ["/docs/a:b", "https://good.com/docs/a:b"],
  ["/caf%C3%A9", "https://good.com/caf%C3%A9"],
  ["/price/%E2%82%AC", "https://good.com/price/%E2%82%AC"],
  ["/caf\u00E9", "https://good.com/caf%C3%A9"],
  ["https://good.com/dashboard", "https://good.com/dashboard"],
  ["https://good.com", "https://good.com/"],
  ["HTTPS://GOOD.COM/Dashboard", "https://good.com/Dashboard"],
  ["https://good.com:443/x", "https://good.com/x"],
  ["https://good.com?x=1", "https://good.com/?x=1"],
  ["https://good.com#@evil.com", "https://good.com/#@evil.com"]
]

const runCheck = (target: string, from: string = current) => Effect.runSync(Effect.exit(checkRedirectUrl(target, from)))

describe("checkRedirectUrl: hostile targets are refused", () => {
  it("has at least 40 hostile inputs", () => {
    assert.isAtLeast(hostile.length, 40)
  })

  it.each(hostile)("refuses %s", (_label, target) => {
    const exit = runCheck(target)
    assert.isTrue(Exit.isFailure(exit))
    if (Exit.isFailure(exit)) {
      const error = exit.cause.reasons[0]
      assert.isDefined(error)
      assert.strictEqual(error?._tag, "Fail")
      if (error?._tag === "Fail") {
        assert.instanceOf(error.error, UntrustedRedirectUrl)
        assert.strictEqual(error.error._tag, "UntrustedRedirectUrl")
        assert.strictEqual(error.error.url, target)
      }
    }
  })
})

describe("checkRedirectUrl: trusted targets pass", () => {
  it.each(legitimate)("accepts %j", (target, resolved) => {
    const exit = runCheck(target)
    assert.isTrue(Exit.isSuccess(exit), `expected ${JSON.stringify(target)} to be trusted`)
    if (Exit.isSuccess(exit)) assert.strictEqual(exit.value.href, resolved)
  })

  it("accepts a same-origin http URL only when the current page is http (local development)", () => {
    const dev = "http://localhost:3000/handler/oauth-callback?code=c&state=s"
    assert.strictEqual(resolveTrustedRedirectUrl("http://localhost:3000/dashboard", dev)?.href, "http://localhost:3000/dashboard")
    assert.strictEqual(resolveTrustedRedirectUrl("/dashboard", dev)?.href, "http://localhost:3000/dashboard")
    assert.isFalse(isTrustedRedirectUrl("https://localhost:3000/dashboard", dev))
    assert.isFalse(isTrustedRedirectUrl("http://localhost:3001/dashboard", dev))
    assert.isFalse(isTrustedRedirectUrl("http://127.0.0.1:3000/dashboard", dev))
  })

  it("compares against the current port", () => {
    const from = "https://good.com:8443/page"
    assert.isTrue(isTrustedRedirectUrl("https://good.com:8443/x", from))
    assert.isTrue(isTrustedRedirectUrl("/x", from))
    assert.isFalse(isTrustedRedirectUrl("https://good.com/x", from))
  })

  it("refuses everything when the current page is not an http(s) page", () => {
    assert.isFalse(isTrustedRedirectUrl("/x", "about:blank"))
    assert.isFalse(isTrustedRedirectUrl("/x", "file:///home/user/index.html"))
    assert.isFalse(isTrustedRedirectUrl("/x", "not a url"))
  })
})

describe("checkRedirectUrl: the error", () => {
  it.effect("fails with UntrustedRedirectUrl and the official message", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(checkRedirectUrl("https://evil.com/x", current))
      assert.strictEqual(error._tag, "UntrustedRedirectUrl")
      assert.strictEqual(error.url, "https://evil.com/x")
      assert.strictEqual(error.message, "Redirect URL https://evil.com/x is not trusted; should be relative.")
    }))

  it.effect("can be caught by tag", () =>
    Effect.gen(function*() {
      const outcome = yield* checkRedirectUrl("//evil.com", current).pipe(
        Effect.map((url) => url.href),
        Effect.catchTag("UntrustedRedirectUrl", (error) => Effect.succeed(`refused: ${error.message}`))
      )
      assert.strictEqual(outcome, "refused: Redirect URL //evil.com is not trusted; should be relative.")
    }))
})

// ---------------------------------------------------------------------------------------------
// Property: whatever passes stays on the current origin, however a browser reads the raw string.

const pieces = Schema.Literals([
  "/", "//", "\\", "/\\", ".", "..", "./", "../", "?", "#", "@", ":", ":443", ":8443", ":80",
  "https:", "http:", "HTTPS:", "javascript:", "data:", "https://", "http://", "//evil.com",
  "good.com", "evil.com", "good.com.evil.com", "g\u043e\u043ed.com", "xn--gd-lhca.com", "GOOD.COM", "127.0.0.1",
  "%2F", "%2f", "%5C", "%2e", "%252F", "%40", "%0a", "%00", "%EF%BC%8F", "\uFF0F",
  " ", "\t", "\n", "\r", "\u3000", "\uFEFF", "\u200B", "a", "path", "x=1", "&", "="
])

const assembled = Arbitrary.map(
  Arbitrary.array(Arbitrary.schema(pieces), { maxLength: 8 }),
  (parts) => parts.join("")
)

const currents = Schema.Literals([
  "https://good.com/account/page?x=1#top",
  "https://good.com:8443/a/b/",
  "http://localhost:3000/handler/sign-in?after_auth_return_to=%2Fdashboard",
  "https://xn--gd-lhca.com/",
  "https://[::1]:4443/x"
])

const staysOnOrigin = (target: string, from: string): boolean => {
  const resolved = resolveTrustedRedirectUrl(target, from)
  if (resolved === undefined) return true
  const origin = new URL(from).origin
  // the resolved URL, and the raw string as the WHATWG parser reads it against the current page
  return resolved.origin === origin && new URL(target, from).origin === origin &&
    !resolved.pathname.startsWith("//")
}

describe("checkRedirectUrl: property", () => {
  it.prop(
    "a trusted target always resolves to the current origin (assembled from URL fragments)",
    { target: assembled, from: Arbitrary.schema(currents) },
    ({ from, target }) => staysOnOrigin(target, from),
    { arbitrary: { runs: 5000, seed: 20261123 } }
  )

  it.prop(
    "a trusted target always resolves to the current origin (arbitrary strings)",
    { target: Schema.String, from: Arbitrary.schema(currents) },
    ({ from, target }) => staysOnOrigin(target, from),
    { arbitrary: { runs: 3000, seed: 7 } }
  )

  it.prop(
    "checkRedirectUrl agrees with the pure check and succeeds with the resolved URL",
    { target: assembled, from: Arbitrary.schema(currents) },
    ({ from, target }) => {
      const exit = Effect.runSync(Effect.exit(checkRedirectUrl(target, from)))
      const pure = resolveTrustedRedirectUrl(target, from)
      return Exit.isSuccess(exit)
        ? pure !== undefined && exit.value.href === pure.href && exit.value.origin === new URL(from).origin
        : pure === undefined
    },
    { arbitrary: { runs: 2000, seed: 99 } }
  )

  it("the assembled generator does produce trusted targets (the property is not vacuous)", () => {
    const samples = Effect.runSync(Arbitrary.sampleEffect(assembled, { count: 2000, seed: 1 }))
    const trusted = samples.filter((target) => isTrustedRedirectUrl(target, current))
    assert.isAbove(trusted.length, 50)
    assert.isAbove(samples.length - trusted.length, 50)
  })
})
