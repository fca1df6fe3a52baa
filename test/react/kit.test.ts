/** The kit's theme, error boundary and message card render what a user should see. */
import { assert, describe, it } from "@effect/vitest"
import { createElement as h } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { StackTransportError } from "../../src/errors/index.ts"
import { oauthProviderTypes } from "../../src/config/schema.ts"
import { markedProviders, providerMark } from "../../react/components/provider-marks.tsx"
import {
  cannotConnectMessage,
  darkPalette,
  genericErrorMessage,
  MessageCard,
  offlineMessage,
  ProviderIcon,
  providerName,
  readableMessage,
  StackTheme,
  themeStyles
} from "../../react/index.ts"

describe("component kit", () => {
  it("StackTheme follows prefers-color-scheme by default and pins a mode when asked", () => {
    const system = renderToStaticMarkup(h(StackTheme, null, "hi"))
    assert.isTrue(system.startsWith("<div class=\"stackfx-theme\"><script>"), "the remembered mode is restored before the first paint")
    assert.include(system, "localStorage.getItem(\"stackfx-color-mode\")")
    assert.notInclude(renderToStaticMarkup(h(StackTheme, { storageKey: null }, "hi")), "<script>")
    assert.include(system, "prefers-color-scheme:dark")
    assert.include(system, `--stackfx-background:${darkPalette.background};`)
    const dark = renderToStaticMarkup(h(StackTheme, { colorMode: "dark", dark: { accent: "#ff0000" } }, "hi"))
    assert.include(dark, "data-stackfx-mode=\"dark\"")
    assert.include(dark, "--stackfx-accent:#ff0000;")
    assert.include(themeStyles(), "--stackfx-accent-text:")
  })

  it("MessageCard announces errors as alerts and infos as status", () => {
    assert.include(renderToStaticMarkup(h(MessageCard, { title: "Oops", tone: "error" }, "bad")), "role=\"alert\"")
    assert.include(renderToStaticMarkup(h(MessageCard, { title: "Done" }, "ok")), "role=\"status\"")
  })
})

describe("readableMessage", () => {
  const transport = (online: boolean | undefined) =>
    new StackTransportError({
      method: "GET",
      url: "https://api.example/api/v1/users/me",
      reason: "NoResponse",
      description: "fetch failed",
      attempts: 3,
      diagnostics: { cause: "fetch failed", elapsedMillis: 10, ...(online === undefined ? {} : { online }) }
    })

  it("says offline or cannot connect for a request that got no response", () => {
    assert.strictEqual(readableMessage(transport(false)), offlineMessage)
    assert.strictEqual(readableMessage(transport(true)), cannotConnectMessage)
    assert.strictEqual(readableMessage(transport(undefined)), cannotConnectMessage)
  })

  it("uses the server's words for catalogue errors, overrides first, and a generic text otherwise", () => {
    assert.strictEqual(readableMessage({ _tag: "X", code: "EMAIL_PASSWORD_MISMATCH", description: "Wrong e-mail or password." }), "Wrong e-mail or password.")
    assert.strictEqual(readableMessage({ _tag: "X", code: "C", description: "d" }, { C: "custom" }), "custom")
    assert.strictEqual(readableMessage(new Error("boom")), "boom")
    assert.strictEqual(readableMessage(new Error("")), genericErrorMessage)
    assert.strictEqual(readableMessage(undefined), genericErrorMessage)
  })
})

describe("provider marks", () => {
  it("every OAuth provider the service supports has its own drawn mark, no letter", () => {
    for (const provider of oauthProviderTypes) {
      const mark = providerMark(provider)
      assert.isDefined(mark, provider)
      const svg = renderToStaticMarkup(h("svg", null, mark))
      assert.match(svg, /<(path|rect|circle)/, provider)
      assert.notInclude(svg, "<text", provider)
    }
    assert.sameMembers([...markedProviders], [...oauthProviderTypes])
    assert.strictEqual(providerName("github"), "GitHub")
    assert.strictEqual(providerName("acme"), "acme")
  })

  it("ProviderIcon is hidden from assistive technology and keeps its box while the marks load", () => {
    const svg = renderToStaticMarkup(h(ProviderIcon, { provider: "github" }))
    assert.include(svg, "aria-hidden=\"true\"")
    assert.include(svg, "width=\"20\"")
  })
})
