/**
 * The screenshot gallery (`npm run screenshots`; not part of `npm test`): the emulator, the React
 * example app (our kit) and the same app built on the official kit (`@stackframe/react` 2.8.108,
 * scripts/gallery/official-app.tsx) against it, and Debian's Chromium. Every page, open menu,
 * account-settings section and dialog of both, light and dark, at 1280x800 and 360x780, written as
 * pairs into docs/screenshots/kit/ (PNG, reduced to 96 colours by sharp when installed), then
 * docs/kit-comparison.md from the pairs taken and the judgements in scripts/gallery/judgements.ts.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import * as Effect from "effect/Effect"
import * as Esbuild from "esbuild"
import { type Browser, chromium, type Page } from "playwright-core"
import { Emulator } from "../src/emulator/emulator.ts"
import type { StateData } from "../src/emulator/state.ts"
import { bundleBrowserEntry, servePage } from "../examples/react-app/serve.ts"
import { judgements } from "./gallery/judgements.ts"

const root = Path.resolve(import.meta.dirname, "..")
const outDir = Path.join(root, "docs/screenshots/kit")
const password = "correct horse battery"
/** `GALLERY_ONLY=<regexp>`: only the shots whose names match (while working on one page). */
const only = new RegExp(process.env["GALLERY_ONLY"] ?? "")
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 360, height: 780 } } as const
type Size = keyof typeof sizes
type Mode = "light" | "dark"
type Kit = "ours" | "official"

/** One shot: a page name and how to reach it from a signed-in (or signed-out) tab. */
interface Shot {
  readonly name: string
  readonly title: string
  readonly signedIn: boolean
  readonly open: (tab: Page, origin: string, kit: Kit, team: string) => Promise<boolean>
}

const settle = (tab: Page) => tab.waitForLoadState("load").then(() => tab.waitForTimeout(900))

const visit = (path: string) => async (tab: Page, origin: string) => {
  await tab.goto(`${origin}${path}`)
  await settle(tab)
  return true
}

/** Clicks the first visible element of `selectors` (the two kits' markup differ); false when none shows. */
const clickFirst = async (tab: Page, selectors: ReadonlyArray<string>) => {
  for (const selector of selectors) {
    const target = tab.locator(selector).first()
    if (await target.isVisible().catch(() => false)) {
      await target.click()
      await tab.waitForTimeout(700)
      return true
    }
  }
  return false
}

const section = (id: string) => async (tab: Page, origin: string, _kit: Kit, team: string) => {
  await tab.goto(`${origin}/handler/account-settings#${id === "team" ? team : id}`)
  await settle(tab)
  return true
}

/** Opens a section, then the dialog behind the first of `names` that shows within 5 s. */
const dialog = (id: string, ours: string, official: ReadonlyArray<string>) => async (tab: Page, origin: string, kit: Kit, team: string) => {
  await section(id)(tab, origin, kit, team)
  for (const name of kit === "ours" ? [ours] : official) {
    const button = tab.getByRole("button", { name, exact: true }).first()
    const shown = await button.waitFor({ state: "visible", timeout: 5_000 }).then(() => true, () => false)
    if (!shown) continue
    await button.click()
    await tab.waitForTimeout(700)
    return true
  }
  return false
}

const shots: ReadonlyArray<Shot> = [
  { name: "sign-in", title: "Sign in", signedIn: false, open: visit("/handler/sign-in") },
  { name: "sign-up", title: "Sign up", signedIn: false, open: visit("/handler/sign-up") },
  { name: "forgot-password", title: "Forgot password", signedIn: false, open: visit("/handler/forgot-password") },
  { name: "password-reset", title: "Password reset (bad code)", signedIn: false, open: visit("/handler/password-reset?code=nope") },
  { name: "email-verification", title: "E-mail verification (bad code)", signedIn: false, open: visit("/handler/email-verification?code=nope") },
  { name: "magic-link-callback", title: "Magic link (bad code)", signedIn: false, open: visit("/handler/magic-link-callback?code=nope") },
  { name: "team-invitation", title: "Team invitation, signed out", signedIn: false, open: visit("/handler/team-invitation?code=nope") },
  { name: "oauth-callback", title: "OAuth callback without a code", signedIn: false, open: visit("/handler/oauth-callback") },
  { name: "error", title: "Error page", signedIn: false, open: visit("/handler/error?message=Something%20failed") },
  {
    name: "user-menu",
    title: "User menu, open",
    signedIn: true,
    open: async (tab, origin) => {
      await visit("/")(tab, origin)
      return clickFirst(tab, [".stackfx-user-button > button", "button[aria-haspopup=menu]"])
    }
  },
  {
    name: "team-switcher",
    title: "Team switcher, open",
    signedIn: true,
    open: async (tab, origin) => {
      await visit("/")(tab, origin)
      return clickFirst(tab, ["header [aria-haspopup=listbox]", "header button[role=combobox]", "header select"])
    }
  },
  { name: "settings-profile", title: "Account settings: profile", signedIn: true, open: section("profile") },
  { name: "settings-auth", title: "Account settings: e-mails & sign-in", signedIn: true, open: section("auth") },
  { name: "settings-notifications", title: "Account settings: notifications", signedIn: true, open: section("notifications") },
  { name: "settings-sessions", title: "Account settings: active sessions", signedIn: true, open: section("sessions") },
  { name: "settings-api-keys", title: "Account settings: API keys", signedIn: true, open: section("api-keys") },
  { name: "settings-settings", title: "Account settings: settings", signedIn: true, open: section("settings") },
  { name: "settings-team", title: "Account settings: a team", signedIn: true, open: section("team") },
  { name: "settings-team-creation", title: "Account settings: create a team", signedIn: true, open: section("team-creation") },
  { name: "dialog-add-email", title: "Dialog: add an e-mail address", signedIn: true, open: dialog("auth", "Add an e-mail address", ["Add an email"]) },
  { name: "dialog-password", title: "Dialog: change the password", signedIn: true, open: dialog("auth", "Change password", ["Update password", "Update Password"]) },
  { name: "dialog-api-key", title: "Dialog: create an API key", signedIn: true, open: dialog("api-keys", "Create an API key", ["Create API Key"]) },
  { name: "dialog-invite", title: "Dialog: invite to a team", signedIn: true, open: dialog("team", "Invite a member", ["Invite member", "Invite User"]) },
  { name: "dialog-leave-team", title: "Dialog: leave a team", signedIn: true, open: dialog("team", "Leave Compilers…", ["Leave team", "Leave Team"]) },
  {
    name: "dialog-delete-account",
    title: "Dialog: delete the account",
    signedIn: true,
    open: async (tab, origin, kit, team) => {
      if (kit === "ours") return dialog("settings", "Delete account…", [])(tab, origin, kit, team)
      // The official kit keeps deletion in a "Danger zone" disclosure: open it, then its button.
      await section("settings")(tab, origin, kit, team)
      await clickFirst(tab, ["button:has-text('Danger zone')", "button:has-text('Danger Zone')", "summary:has-text('Danger')", "text=/danger zone/i"])
      return clickFirst(tab, ["button:has-text('Delete account')", "button:has-text('Delete Account')"])
    }
  },
  {
    name: "email-actions",
    title: "E-mail row actions, open",
    signedIn: true,
    open: async (tab, origin, kit, team) => {
      await section("auth")(tab, origin, kit, team)
      // The second address's row: ours names its button; the official's rows each have a menu trigger.
      if (kit === "ours") return clickFirst(tab, ["button[aria-label^='Actions for second-']"])
      const triggers = tab.locator("main [aria-haspopup=menu], [aria-haspopup=menu]")
      const count = await triggers.count()
      if (count === 0) return false
      await triggers.nth(Math.min(1, count - 1)).click()
      await tab.waitForTimeout(700)
      return true
    }
  }
]

/** Adds `origin` to the trusted domains of the project (records are replaced, never mutated). */
const trust = (data: StateData, projectId: string, origins: ReadonlyArray<string>) => {
  const project = data.projects[projectId]
  if (project === undefined) return
  const domains = [...project.config.domains, ...origins.map((domain) => ({ domain, handlerPath: "/handler" }))]
  data.projects[projectId] = { ...project, config: { ...project.config, domains, allowUserApiKeys: true, allowTeamApiKeys: true } }
}

/** The official app, bundled as bench/ bundles it (esbuild, browser, es2022). */
const officialScript = Effect.promise(async () => {
  const result = await Esbuild.build({
    entryPoints: [Path.join(import.meta.dirname, "gallery/official-app.tsx")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    define: { "process.env.NODE_ENV": "\"production\"" },
    // The official SDK reads `process.env` for optional settings; a browser has none.
    banner: { js: "globalThis.process??={env:{}};" }
  })
  return result.outputFiles[0]?.text ?? ""
})

/** Calls the emulator's server API (for the data both users start with). */
const serverCall = async (baseUrl: string, keys: { readonly projectId: string; readonly secretServerKey: string }, method: string, path: string, body: unknown) => {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      "x-stack-project-id": keys.projectId,
      "x-stack-access-type": "server",
      "x-stack-secret-server-key": keys.secretServerKey
    },
    body: JSON.stringify(body)
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return response.json() as Promise<{ readonly id: string }>
}

/** Signs up through the kit's own sign-up page (both kits: the e-mail field, then the password fields). */
const signUp = async (tab: Page, origin: string, email: string) => {
  await tab.goto(`${origin}/handler/sign-up`)
  await settle(tab)
  // The official page opens on its e-mail-code tab: the password form is the other tab.
  await clickFirst(tab, ["[role=tab]:has-text('Email & Password')"])
  await tab.locator("input[type=email], input[name=email]").first().waitFor({ timeout: 20_000 })
  await tab.locator("input[type=email], input[name=email]").first().fill(email)
  const passwords = tab.locator("input[type=password]")
  for (let index = 0; index < (await passwords.count()); index++) await passwords.nth(index).fill(password)
  await tab.locator("form button[type=submit]").first().click()
  await tab.waitForURL((url) => !url.pathname.startsWith("/handler/sign-up"), { timeout: 20_000 }).catch(async (error: unknown) => {
    await tab.screenshot({ path: Path.join(outDir, "sign-up-failed.png") })
    throw error
  })
  await settle(tab)
}

/** `sharp` when installed (Next.js brings it): PNGs are reduced to a 96-colour palette. */
const sharp = await import("sharp").then((module) => module.default, () => undefined)

/** Reduces a PNG to a palette of 96 colours in place (left as Chromium wrote it without sharp). */
const shrink = async (file: string) => {
  if (sharp === undefined) return
  const smaller = await sharp(file).png({ palette: true, colours: 96, compressionLevel: 9, effort: 10 }).toBuffer()
  Fs.writeFileSync(file, smaller)
}

const shoot = async (browser: Browser, kit: Kit, origin: string, mode: Mode, seed: (email: string) => Promise<string>, taken: Set<string>) => {
  const context = await browser.newContext({ viewport: sizes.desktop, colorScheme: mode })
  // The official account settings read the user's billing and products (payments, which the
  // emulator does not serve); "no customer, no products" stands in so the page renders.
  await context.route("**/api/v1/payments/billing/**", (route) => route.fulfill({ json: { has_customer: false, default_payment_method: null } }))
  await context.route("**/api/v1/payments/products/**", (route) => route.fulfill({ json: { items: [], is_paginated: true, pagination: { next_cursor: null } } }))
  const tab = await context.newPage()
  tab.on("pageerror", (error) => process.stderr.write(`${kit} page error: ${String(error)}\n`))
  let team = ""
  for (const signedIn of [false, true]) {
    const phase = shots.filter((each) => each.signedIn === signedIn && only.test(each.name))
    if (phase.length === 0) continue
    if (signedIn) {
      const email = `gallery-${kit}-${mode}-${Date.now().toString(36)}@example.com`
      await signUp(tab, origin, email)
      team = `team-${await seed(email)}`
    }
    for (const shot of phase) {
      for (const size of ["desktop", "phone"] as const satisfies ReadonlyArray<Size>) {
        await tab.setViewportSize(sizes[size])
        const opened = await shot.open(tab, origin, kit, team).catch((error: unknown) => {
          process.stderr.write(`${kit} ${shot.name} ${mode} ${size}: ${String(error)}\n`)
          return false
        })
        if (!opened) continue
        const file = Path.join(outDir, `${shot.name}-${kit}-${mode}-${size}.png`)
        await tab.screenshot({ path: file })
        await shrink(file)
        taken.add(`${shot.name}-${kit}-${mode}-${size}`)
        await tab.keyboard.press("Escape").catch(() => undefined)
      }
    }
  }
  await context.close()
}

/** docs/kit-comparison.md: per page, the pairs taken, with the judgement of each. */
const comparisonPage = (taken: ReadonlySet<string>) => {
  const lines = [
    "# Our kit beside the official kit",
    "",
    "Each row: the same page of the React example app built on our kit (left) and on the official",
    "`@stackframe/react` 2.8.108 (right), against the same emulator, in Chromium at 1280x800 and",
    "360x780, light and dark. Made by `npm run screenshots` (scripts/screenshots.ts); the judgement",
    "of each pair is in scripts/gallery/judgements.ts. A missing image: that kit has no such page or",
    "the gallery could not open it (the script says which on stderr).",
    "",
    "Fair play: the official app sets what an app sets and the official kit leaves to it (a system",
    "font, `class=\"dark\"` and a dark background when the system is dark); its account settings read",
    "the user's billing and products, which the emulator does not serve, so the gallery answers those",
    "two reads with \"no customer, no products\". Its floating dev-tool button is part of its look in",
    "development and stays in the pictures. Both users start with the same data: a team \"Compilers\",",
    "a second, unverified address and an API key \"Build server\".",
    ""
  ]
  for (const shot of shots) {
    lines.push(`## ${shot.title}`, "", `Judgement: ${judgements[shot.name] ?? "not judged yet."}`, "", "| | ours | official |", "|---|---|---|")
    for (const mode of ["light", "dark"] as const) {
      for (const size of ["desktop", "phone"] as const) {
        const cell = (kit: Kit) => {
          const key = `${shot.name}-${kit}-${mode}-${size}`
          return taken.has(key) ? `<img src="screenshots/kit/${key}.png" width="${size === "desktop" ? 400 : 180}" alt="${shot.title}, ${kit === "ours" ? "our kit" : "official kit"}, ${mode}, ${sizes[size].width} px">` : "(none)"
        }
        lines.push(`| ${mode}, ${sizes[size].width} px | ${cell("ours")} | ${cell("official")} |`)
      }
    }
    lines.push("")
  }
  return lines.join("\n")
}

const program = Effect.gen(function*() {
  const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
  const target = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
  const ours = yield* servePage(yield* bundleBrowserEntry(Path.join(root, "examples/react-app/app.tsx")), { ...target, demoAdminKey: emu.info.superSecretAdminKey }, "localhost")
  // Another host name: the two apps' cookies (the same names in both kits) never meet.
  const official = yield* servePage(yield* officialScript, target, "127.0.0.1")
  yield* emu.withState((data) => Effect.sync(() => trust(data, emu.info.projectId, [ours.origin, official.origin])))
  const browser = yield* Effect.acquireRelease(
    Effect.promise(() => chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] })),
    (opened) => Effect.promise(() => opened.close())
  )
  const keys = { projectId: emu.info.projectId, secretServerKey: emu.info.secretServerKey }
  // The same start for every user: a team, a second address, an API key.
  const seed = (email: string) =>
    Effect.runPromise(emu.withState((data) => Effect.succeed(Object.values(data.contactChannels).find((channel) => channel.value === email)?.userId ?? ""))).then(async (userId) => {
      const team = await serverCall(emu.info.baseUrl, keys, "POST", "/teams", { display_name: "Compilers", creator_user_id: userId })
      await serverCall(emu.info.baseUrl, keys, "POST", "/contact-channels", { user_id: userId, type: "email", value: `second-${email}`, used_for_auth: false, is_verified: false })
      await serverCall(emu.info.baseUrl, keys, "POST", "/user-api-keys", { user_id: userId, description: "Build server", expires_at_millis: null })
      return team.id
    })
  // A partial run (GALLERY_ONLY) replaces its own shots and keeps the others.
  if (process.env["GALLERY_ONLY"] === undefined) Fs.rmSync(outDir, { recursive: true, force: true })
  Fs.mkdirSync(outDir, { recursive: true })
  const taken = new Set<string>()
  for (const [kit, origin] of [["ours", ours.origin], ["official", official.origin]] as const) {
    for (const mode of ["light", "dark"] as const) yield* Effect.promise(() => shoot(browser, kit, origin, mode, seed, taken))
  }
  const onDisk = new Set(Fs.readdirSync(outDir).filter((file) => file.endsWith(".png")).map((file) => file.slice(0, -4)))
  Fs.writeFileSync(Path.join(root, "docs/kit-comparison.md"), `${comparisonPage(onDisk)}\n`)
  const bytes = [...onDisk].reduce((sum, key) => sum + Fs.statSync(Path.join(outDir, `${key}.png`)).size, 0)
  process.stdout.write(`${taken.size} screenshots taken; ${onDisk.size} in docs/screenshots/kit, ${(bytes / 1024 / 1024).toFixed(2)} MB; docs/kit-comparison.md written\n`)
})

Effect.runPromise(Effect.scoped(program)).catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`)
  process.exitCode = 1
})
