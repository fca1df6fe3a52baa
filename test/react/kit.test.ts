/** The kit's theme, error boundary and message card render what a user should see. */
import { assert, describe, it } from "@effect/vitest"
import { createElement as h } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { StackTransportError } from "../../src/errors/index.ts"
import { oauthProviderTypes } from "../../src/config/schema.ts"
import { avatarSheet, kitSheets, menuSheet } from "../../react/components/kit-styles.tsx"
import { markedProviders, providerMark } from "../../react/components/provider-marks.tsx"
import {
  Avatar,
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
    assert.include(system, "<div class=\"stackfx-theme\"><script>", "the remembered mode is restored before the first paint")
    assert.include(system, "localStorage.getItem(\"stackfx-color-mode\")")
    assert.notInclude(renderToStaticMarkup(h(StackTheme, { storageKey: null }, "hi")), "<script>")
    assert.include(system, "prefers-color-scheme:dark")
    assert.include(system, `--stackfx-background:${darkPalette.background};`)
    const dark = renderToStaticMarkup(h(StackTheme, { colorMode: "dark", dark: { accent: "#ff0000" } }, "hi"))
    assert.include(dark, "data-stackfx-mode=\"dark\"")
    assert.include(dark, "--stackfx-accent:#ff0000;")
    assert.include(themeStyles(), "--stackfx-accent-text:")
  })

  it("StackTheme brings its own sheet after the primitives' base; a component adds its sheet after both, once", () => {
    // The server writes a precedence's sheets as one element, their names in order in `data-href`.
    const sheets = (markup: string) =>
      [...markup.matchAll(/data-precedence="([^"]+)" data-href="([^"]+)"/g)].flatMap((match) => (match[2] ?? "").split(" ").map((href) => `${match[1]} ${href}`))
    assert.deepStrictEqual(sheets(renderToStaticMarkup(h(StackTheme, null, "hi"))), ["stackfx stackfx-ui-base", "stackfx-kit stackfx-kit-theme"])
    const avatars = renderToStaticMarkup(h(StackTheme, null, h(Avatar, { name: "Ada", imageUrl: null }), h(Avatar, { name: "Grace", imageUrl: null })))
    assert.deepStrictEqual(sheets(avatars), ["stackfx stackfx-ui-base", "stackfx-kit stackfx-kit-theme", "stackfx-kit stackfx-kit-avatar"])
    assert.include(avatars, avatarSheet.css)
    assert.notInclude(avatars, menuSheet.css)
  })

  it("the sheets together are the kit's whole stylesheet, each rule in one sheet", () => {
    const rules = kitSheets.map((sheet) => sheet.css).join("")
    assert.isTrue(themeStyles().endsWith(rules))
    assert.strictEqual(new Set(kitSheets.map((sheet) => sheet.href)).size, kitSheets.length)
    for (const selector of [".stackfx-card{", ".stackfx-divider{", ".stackfx-avatar{", ".stackfx-popup{", ".stackfx-team-trigger{", ".stackfx-dialog{"]) {
      assert.strictEqual(kitSheets.filter((sheet) => sheet.css.startsWith(selector) || sheet.css.includes(`}${selector}`)).length, 1, selector)
    }
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
