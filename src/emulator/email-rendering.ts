/**
 * Rendering TSX e-mail templates and themes the way the service does: the template's
 * `EmailTemplate` (with `variables` checked by its `variablesSchema`) inside the theme's
 * `EmailTheme`, rendered with React Email's `render` to HTML and to plain text; the `<Subject>` and
 * `<NotificationCategory>` the template returns give the subject and the category.
 *
 * The sources are bundled with esbuild from virtual files (`virtual:/template.tsx`, so a syntax
 * error reads like the service's `Build failed with 1 error: virtual:/template.tsx:4:8: ERROR: ...`)
 * and run in this process. The packages templates import come from the emulator's optional peers:
 * `esbuild`, `react`, `react-dom`, `@react-email/components` (1.0.x, the service's) and `arktype`
 * (2.1.x). Without them every render fails with a message naming them.
 */
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/** What a render gives. */
export interface RenderedEmail {
  readonly html: string
  readonly text: string
  readonly subject: string | undefined
  readonly notificationCategory: string | undefined
}

/** A render that failed: the bundle's or the template's own message. */
export class EmailRenderFailure extends Schema.TaggedError<EmailRenderFailure>()("EmailRenderFailure", {
  message: Schema.String
}) {}

/** The optional peers that render e-mails are not installed. */
export class EmailRendererMissing extends Schema.TaggedError<EmailRendererMissing>()("EmailRendererMissing", {
  message: Schema.String
}) {}

/** What to render. */
export interface RenderInput {
  readonly templateSource: string
  readonly themeSource: string
  readonly user?: { readonly displayName: string | null } | undefined
  readonly project?: { readonly displayName: string } | undefined
  readonly variables?: Readonly<Record<string, unknown>> | undefined
  readonly unsubscribeLink?: string | undefined
  readonly projectLogos?: Readonly<Record<string, string | undefined>> | undefined
  /** Dashboard previews: sample user and project, the template's `PreviewVariables`, the theme's `PreviewProps`. */
  readonly previewMode?: boolean | undefined
}

/** The theme that renders a template as it is (`theme_id: false`). */
export const emptyThemeSource = `import { Html, Tailwind, Body } from "@react-email/components"
export function EmailTheme({ children }) {
  return <Html><Tailwind><Body>{children}</Body></Tailwind></Html>
}
`

/**
 * A template component around raw HTML (`send-email` with `html`), written as the service writes it:
 * the outbox returns this text as the e-mail's `tsx_source`.
 */
export const templateFromHtml = (html: string): string => [
  "export const variablesSchema = v => v;",
  "export function EmailTemplate() {",
  "  return <>",
  `    <div dangerouslySetInnerHTML={{ __html: ${JSON.stringify(html)}}} />`,
  "  </>",
  "};"
].join("\n")

/** `@stackframe/emails`, the helpers templates import: markers and logos. */
const emailsPackage = `import React from "react"
import { Img } from "@react-email/components"
export const Subject = () => null
Subject.__stackComponent = "Subject"
export const NotificationCategory = () => null
NotificationCategory.__stackComponent = "NotificationCategory"
const Logo = ({ src, alt, className }) => React.createElement(Img, { src, alt, className })
export function ProjectLogo({ data, mode = "light" }) {
  const logos = data ?? {}
  const full = mode === "dark" ? logos.logoFullDarkModeUrl : logos.logoFullUrl
  if (full) return React.createElement(Logo, { src: full, alt: "Full Logo", className: "h-16" })
  const small = mode === "dark" ? logos.logoDarkModeUrl : logos.logoUrl
  if (small) return React.createElement("div", { className: "flex gap-2 items-center" }, React.createElement(Logo, { src: small, alt: "Logo", className: "h-8" }))
  return null
}
`

/** Finds the one `<Subject>` / `<NotificationCategory>` a template returns. */
const markersSource = `import React from "react"
export function markerValue(element, name) {
  const found = []
  const visit = (node) => {
    if (!React.isValidElement(node)) return
    if (typeof node.type === "function" && node.type.__stackComponent === name) found.push(node)
    const children = node.props?.children
    if (Array.isArray(children)) children.forEach(visit)
    else if (children) visit(children)
  }
  visit(element.type(element.props || {}))
  if (found.length === 0) return undefined
  if (found.length !== 1) throw new Error(\`Expected exactly one occurrence of component "\${name}", found \${found.length}.\`)
  const value = found[0].props?.value
  if (typeof value !== "string") throw new Error(\`The "value" prop of "\${name}" must be a string.\`)
  return value
}
`

/**
 * The entry: validates variables, wraps the template in the theme, renders, reads the markers.
 * The theme's import is on line 9, column 9, where the service's is: a theme without
 * `EmailTheme` fails with the same `virtual:/render.tsx:9:9` message.
 */
const renderSource = (input: RenderInput): string => {
  const preview = input.previewMode === true
  const user = input.user ?? (preview ? { displayName: "John Doe" } : { displayName: null })
  const project = input.project ?? (preview ? { displayName: "My Project" } : { displayName: "" })
  return `import { configure } from "arktype/config"
configure({ onUndeclaredKey: "delete" })
import React from "react"
import { render } from "@react-email/components"
import { type } from "arktype"
import { markerValue } from "./markers"
import * as Template from "./template"
const { variablesSchema, EmailTemplate } = Template
import { EmailTheme } from "./theme"
import { renderToStaticMarkup } from "react-dom/server"

export const renderAll = async () => {
  const given = { ${preview ? "...(EmailTemplate.PreviewVariables || {}), " : ""}...${JSON.stringify(input.variables ?? {})} }
  const variables = variablesSchema ? variablesSchema(given) : {}
  if (variables instanceof type.errors) throw new Error(variables.summary)
  const themeProps = { unsubscribeLink: ${JSON.stringify(input.unsubscribeLink)}, projectLogos: ${JSON.stringify(input.projectLogos ?? {})}, ${preview ? "...EmailTheme.PreviewProps" : ""} }
  const template = <EmailTemplate variables={variables} user={${JSON.stringify(user)}} project={${JSON.stringify(project)}} />
  const email = <EmailTheme {...themeProps}>{${preview ? "EmailTheme.PreviewProps?.children ?? " : ""}template}</EmailTheme>
  // A component that throws must fail this render, not the process: React Email's streaming render
  // reports such errors outside any promise, so render synchronously once first. Components that
  // suspend (Tailwind) cannot render synchronously; what they wrap is rendered by React Email alone.
  try {
    renderToStaticMarkup(email)
  } catch (error) {
    if (!String(error?.message).includes("suspended while responding to synchronous input")) throw error
  }
  return {
    html: await render(email),
    text: await render(email, { plainText: true }),
    subject: markerValue(template, "Subject"),
    notificationCategory: markerValue(template, "NotificationCategory")
  }
}
`
}

/** The optional peers, loaded once. */
interface Peers {
  readonly build: (source: Readonly<Record<string, string>>) => Promise<string>
  readonly modules: Readonly<Record<string, unknown>>
}

const peerNames = ["esbuild", "react", "react-dom", "@react-email/components", "arktype"]

/**
 * The service renders with pinned versions (react and react-dom 19.1.1, @react-email/components
 * 1.0.6, and the tailwindcss of its day): other versions change the HTML (React 19.2 writes
 * `<!--html-->` markers, @react-email/body 0.2.1 adds `padding:0`, tailwindcss 4.3 writes `0px`
 * for `0rem`). When these npm aliases are installed the renderer uses them, so its HTML is the
 * service's byte for byte; otherwise the plain peers.
 */
export const pinnedRendererPackages: Readonly<Record<string, string>> = {
  "react": "@stackfx-email/react",
  "react-dom": "@stackfx-email/react-dom",
  "@react-email/components": "@stackfx-email/components",
  "tailwindcss": "@stackfx-email/tailwindcss"
}

/** The runtime templates import, bundled once so its React is the one React Email renders with. */
const runtimeEntry = `export * as react from "react"
export * as jsxRuntime from "react/jsx-runtime"
export * as reactDomServer from "react-dom/server"
export * as components from "@react-email/components"
`

let peers: Promise<Peers> | undefined

const moduleDirectory = fileURLToPath(new URL(".", import.meta.url))

/** The pinned aliases that are installed where the emulator is. */
const installedPins = (): Record<string, string> => {
  const require = createRequire(import.meta.url)
  return Object.fromEntries(Object.entries(pinnedRendererPackages).filter(([, pinned]) => {
    try {
      require.resolve(pinned)
      return true
    } catch {
      return false
    }
  }))
}

const loadPeers = (): Promise<Peers> => {
  peers ??= (async () => {
    const esbuild = await import("esbuild")
    const bundled = await esbuild.build({
      stdin: { contents: runtimeEntry, resolveDir: moduleDirectory, loader: "js" },
      bundle: true,
      write: false,
      format: "cjs",
      platform: "node",
      // esbuild resolves an alias's replacement from the working directory, not from the importer.
      absWorkingDir: moduleDirectory,
      alias: installedPins(),
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      logLevel: "silent"
    })
    const runtime = evaluate(bundled.outputFiles[0]?.text ?? "", createRequire(import.meta.url))
    const part = (name: string): unknown => typeof runtime === "object" && runtime !== null && name in runtime ? Reflect.get(runtime, name) : undefined
    const modules: Record<string, unknown> = {
      "react": part("react"),
      "react/jsx-runtime": part("jsxRuntime"),
      "react-dom/server": part("reactDomServer"),
      "@react-email/components": part("components"),
      "arktype": await import("arktype"),
      "arktype/config": await import("arktype/config")
    }
    const build = async (files: Readonly<Record<string, string>>): Promise<string> => {
      const result = await esbuild.build({
        entryPoints: ["virtual:/render.tsx"],
        bundle: true,
        write: false,
        format: "cjs",
        platform: "neutral",
        jsx: "automatic",
        logLevel: "silent",
        external: Object.keys(modules),
        plugins: [{
          name: "virtual-files",
          setup(plugin) {
            plugin.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path.slice("virtual:".length), namespace: "virtual" }))
            // Specifiers without extensions: the package build rewrites ".tsx" specifiers in its output.
            plugin.onResolve({ filter: /^\.\// }, (args) => ({ path: `/${args.path.slice(2)}.tsx`, namespace: "virtual" }))
            plugin.onResolve({ filter: /^@stackframe\/emails$/ }, () => ({ path: "/@stackframe/emails.tsx", namespace: "virtual" }))
            plugin.onLoad({ filter: /.*/, namespace: "virtual" }, (args) => {
              const contents = files[args.path]
              return contents === undefined ? { errors: [{ text: `Cannot find ${args.path}` }] } : { contents, loader: "tsx" }
            })
          }
        }]
      })
      return result.outputFiles[0]?.text ?? ""
    }
    return { build, modules }
  })()
  return peers
}

const messageOf = (error: unknown): string => error instanceof Error ? error.message : String(error)

/** Runs a CommonJS bundle with the given `require`; returns its exports. */
const evaluate = (code: string, require: (name: string) => unknown): unknown => {
  const module: { exports: Record<string, unknown> } = { exports: {} }
  // The bundle is the renderer's runtime or the project owner's own template code, run as the service runs it.
  new Function("require", "module", "exports", code)(require, module, module.exports)
  return module.exports
}

/** The `require` a template bundle gets: the peers only. */
const peersOnly = (modules: Readonly<Record<string, unknown>>) => (name: string): unknown => {
  if (!(name in modules)) throw new Error(`Cannot import ${name} in an e-mail template`)
  return modules[name]
}

const isRendered = (value: unknown): value is RenderedEmail =>
  typeof value === "object" && value !== null && "html" in value && typeof value.html === "string" && "text" in value && typeof value.text === "string"

/** The renderer's packages, or why they cannot be loaded. */
const renderer: Effect.Effect<Peers, EmailRendererMissing> = Effect.tryPromise({
  try: loadPeers,
  catch: (error) => {
    peers = undefined
    return new EmailRendererMissing({
      message: `The stackfx emulator renders e-mails with optional peers (${peerNames.join(", ")}): npm install -D ${peerNames.join(" ")} (${messageOf(error)})`
    })
  }
})

/** Renders a template inside a theme. */
export const renderEmail = (input: RenderInput): Effect.Effect<RenderedEmail, EmailRenderFailure | EmailRendererMissing> =>
  Effect.flatMap(renderer, (loaded) => renderWith(loaded, input))

const renderWith = (loaded: Peers, input: RenderInput): Effect.Effect<RenderedEmail, EmailRenderFailure> =>
  Effect.tryPromise({
    try: async () => {
      const code = await loaded.build({
        "/render.tsx": renderSource(input),
        "/template.tsx": input.templateSource,
        "/theme.tsx": input.themeSource,
        "/markers.tsx": markersSource,
        "/@stackframe/emails.tsx": emailsPackage
      })
      const exported = evaluate(code, peersOnly(loaded.modules))
      const renderAll = typeof exported === "object" && exported !== null ? Reflect.get(exported, "renderAll") : undefined
      if (typeof renderAll !== "function") throw new Error("The render entry did not load")
      const result: unknown = await renderAll()
      if (!isRendered(result)) throw new Error("The template rendered nothing")
      return result
    },
    catch: (error) => new EmailRenderFailure({ message: messageOf(error) })
  })
