/**
 * E-mail templates as the current server models them: TSX sources.
 * The 2.7-era `/email-templates` routes do not exist (the catch-all 404 answers them).
 *
 * - `GET /internal/email-templates` → `{templates: [{id, display_name, tsx_source, theme_id?}]}`: the seven
 *   built-in templates (customised ones replace them) followed by the project's own.
 * - `POST /internal/email-templates` `{display_name}` → `{id}` (a new template with a starter source).
 * - `PATCH /internal/email-templates/{templateId}` `{tsx_source, theme_id?}` → `{rendered_html}`: the
 *   source is rendered with its `PreviewVariables` and stored; a `theme_id` (a theme UUID or `false`)
 *   is stored and listed as the template's `theme_id`, `null` clears it (default theme: no
 *   `theme_id` in the list), an absent one keeps the stored theme.
 * - `DELETE /internal/email-templates/{templateId}` → `{}`: a custom template is removed, a
 *   customised built-in one reverts to its default.
 * - `GET /internal/email-templates/{templateId}` → one template. EMULATOR EXTENSION: the server has
 *   no such route (clients read the list).
 *
 * Like the server, writing needs a project with its own (`standard`) e-mail server:
 * REQUIRES_CUSTOM_EMAIL_SERVER otherwise; an unknown id is a 404 text error.
 *
 * Rendering: the emulator does not run React. `renderTemplatePreview` reads the JSX returned by
 * `EmailTemplate`, evaluates the simple expressions templates use (`project.displayName`,
 * `variables.x`, `user.displayName`, string concatenation, template literals, `a ? b : c`), keeps
 * links and turns every block element into a paragraph of an HTML shell whose `<title>` is the
 * `<Subject>`. Deterministic, and enough to see the variables substituted.
 */
import * as Effect from "effect/Effect"
import { EmailRenderingError, RequiresCustomEmailServer } from "../../errors/catalogue.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import { type EmailTemplateRecord, newId, type ProjectRecord, type StateData } from "../state.ts"
import {
  EmailTemplateDeleted,
  EmailTemplateParams,
  EmailTemplateUpdate
} from "../wire-admin.ts"
import {
  type EmailTemplate,
  EmailTemplate as EmailTemplateSchema,
  EmailTemplateCreate,
  EmailTemplateCreated,
  EmailTemplateList,
  EmailTemplateUpdated as EmailTemplateRendered
} from "../../wire/email-templates.ts"
import * as Create from "../../errors/create.ts"
import { renderEmail } from "../email-rendering.ts"
import { themeSourceFor } from "../email-sources.ts"

// =============================================================================
// Built-in templates
// =============================================================================

const starter = (fields: {
  readonly variables: ReadonlyArray<readonly [name: string, preview: string]>
  readonly subject: string
  readonly heading: string
  readonly body: string
  readonly button?: readonly [label: string, variable: string]
}): string => {
  const schema = fields.variables.map(([name]) => `  ${name}: "string"`).join(",\n")
  const preview = fields.variables.map(([name, value]) => `  ${name}: ${JSON.stringify(value)}`).join(",\n")
  const button = fields.button === undefined
    ? ""
    : `\n        <Button href={variables.${fields.button[1]}}>${fields.button[0]}</Button>`
  return `import { type } from "arktype"
import { Button, Section, Text, Heading } from "@react-email/components"
import { Subject, NotificationCategory, Props } from "@stackframe/emails"

export const variablesSchema = type({
${schema}
})

export function EmailTemplate({ user, project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={${fields.subject}} />
      <NotificationCategory value="Transactional" />
      <Section>
        <Heading>${fields.heading}</Heading>
        <Text>${fields.body}</Text>${button}
      </Section>
    </>
  )
}

EmailTemplate.PreviewVariables = {
${preview}
} satisfies typeof variablesSchema.infer
`
}

/** The built-in templates (ids of the server's defaults), in the server's order. */
export const defaultEmailTemplates: ReadonlyArray<EmailTemplate> = [
  {
    id: "e7d009ce-8d47-4528-b245-5bf119f2ffa3",
    display_name: "Email Verification",
    tsx_source: starter({
      variables: [["emailVerificationLink", "<email verification link>"]],
      subject: "\"Verify your email at \" + project.displayName",
      heading: "Verify your email at {project.displayName}",
      body: "Hi{user.displayName ? \", \" + user.displayName : \"\"}! Please click on the following button to verify your email.",
      button: ["Verify my email", "emailVerificationLink"]
    })
  },
  {
    id: "a70fb3a4-56c1-4e42-af25-49d25603abd0",
    display_name: "Password Reset",
    tsx_source: starter({
      variables: [["passwordResetLink", "<password reset link>"]],
      subject: "\"Reset your password at \" + project.displayName",
      heading: "Reset your password at {project.displayName}",
      body: "Hi{user.displayName ? \", \" + user.displayName : \"\"}! Please click on the following button to reset your password.",
      button: ["Reset my password", "passwordResetLink"]
    })
  },
  {
    id: "822687fe-8d0a-4467-a0d1-416b6e639478",
    display_name: "Magic Link/OTP",
    tsx_source: starter({
      variables: [["magicLink", "<magic link>"], ["otp", "3SLSWZ"]],
      subject: "\"Sign in to \" + project.displayName + \": Your code is \" + variables.otp",
      heading: "Sign in to {project.displayName}",
      body: "Your one-time password is {variables.otp}. You can also use the link below.",
      button: ["Sign in", "magicLink"]
    })
  },
  {
    id: "e84de395-2076-4831-9c19-8e9a96a868e4",
    display_name: "Team Invitation",
    tsx_source: starter({
      variables: [["teamDisplayName", "My Team"], ["teamInvitationLink", "<team invitation link>"]],
      subject: "\"You have been invited to join \" + variables.teamDisplayName",
      heading: "You are invited to {variables.teamDisplayName}",
      body: "Please click the button below to join the team {variables.teamDisplayName}.",
      button: ["Join team", "teamInvitationLink"]
    })
  },
  {
    id: "066dd73c-36da-4fd0-b6d6-ebf87683f8bc",
    display_name: "Sign In Invitation",
    tsx_source: starter({
      variables: [["signInInvitationLink", "<sign in invitation link>"], ["teamDisplayName", "My Team"]],
      subject: "\"You have been invited to sign in to \" + project.displayName",
      heading: "You are invited to sign in to {variables.teamDisplayName}",
      body: "Please click on the following link to sign in to your account.",
      button: ["Sign in", "signInInvitationLink"]
    })
  },
  {
    id: "ba74f57a-68d3-47c7-ab94-3ffe63f6a55a",
    display_name: "Payment Receipt",
    tsx_source: starter({
      variables: [["productName", "Pro plan"], ["amount", "$10.00"]],
      subject: "\"Your receipt from \" + project.displayName",
      heading: "Thank you for your purchase",
      body: "We received your payment of {variables.amount} for {variables.productName}."
    })
  },
  {
    id: "e9515b1b-1f32-404f-b0c5-c28b57b5f0a1",
    display_name: "Payment Failed",
    tsx_source: starter({
      variables: [["productName", "Pro plan"], ["amount", "$10.00"]],
      subject: "\"Your payment to \" + project.displayName + \" failed\"",
      heading: "Your payment failed",
      body: "We could not charge {variables.amount} for {variables.productName}."
    })
  }
]

/** The source of a template created with `POST /internal/email-templates`. */
export const newTemplateSource = starter({
  variables: [],
  subject: "\"New email\"",
  heading: "Hello from {project.displayName}",
  body: "Edit this template to write your e-mail."
})

// =============================================================================
// Rendering
// =============================================================================

/** Index of the first `char` outside quotes and brackets, or -1. */
const topLevelIndex = (source: string, char: string): number => {
  let depth = 0
  let quote: string | undefined
  for (let i = 0; i < source.length; i++) {
    const c = source[i]
    if (quote !== undefined) {
      if (c === "\\") i++
      else if (c === quote) quote = undefined
      continue
    }
    if (depth === 0 && c === char) return i
    if (c === "\"" || c === "'" || c === "`") quote = c
    else if (c === "(" || c === "[" || c === "{") depth++
    else if (c === ")" || c === "]" || c === "}") depth--
  }
  return -1
}

const splitTopLevel = (source: string, char: string): Array<string> => {
  const parts: Array<string> = []
  let rest = source
  for (let i = topLevelIndex(rest, char); i >= 0; i = topLevelIndex(rest, char)) {
    parts.push(rest.slice(0, i))
    rest = rest.slice(i + 1)
  }
  parts.push(rest)
  return parts
}

const unescapeString = (body: string): string =>
  body.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c))

/** Evaluates the small expression language templates use; anything else renders as "". */
const evaluate = (expression: string, scope: Readonly<Record<string, string>>): string => {
  const e = expression.trim()
  const question = topLevelIndex(e, "?")
  if (question >= 0) {
    const rest = e.slice(question + 1)
    const colon = topLevelIndex(rest, ":")
    if (colon >= 0) {
      return evaluate(e.slice(0, question), scope) !== ""
        ? evaluate(rest.slice(0, colon), scope)
        : evaluate(rest.slice(colon + 1), scope)
    }
  }
  const parts = splitTopLevel(e, "+")
  if (parts.length > 1) return parts.map((part) => evaluate(part, scope)).join("")
  if (e.startsWith("(") && e.endsWith(")")) return evaluate(e.slice(1, -1), scope)
  const quote = e[0]
  if ((quote === "\"" || quote === "'") && e.endsWith(quote) && e.length >= 2) return unescapeString(e.slice(1, -1))
  if (quote === "`" && e.endsWith("`") && e.length >= 2) {
    return e.slice(1, -1).replace(/\$\{([^}]*)\}/g, (_, inner: string) => evaluate(inner, scope))
  }
  return /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(e) ? scope[e] ?? "" : ""
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

/** JSX text: whitespace runs containing a line break collapse (lines are trimmed and joined). */
const jsxText = (raw: string): string => {
  if (!raw.includes("\n")) return raw
  return raw.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "").join(" ")
}

/** Reads `{...}` starting at `start` (the `{`); returns the inner text and the index after `}`. */
const readBraces = (source: string, start: number): { readonly inner: string; readonly end: number } => {
  const close = topLevelIndex(source.slice(start + 1), "}")
  const end = close < 0 ? source.length : start + 1 + close
  return { inner: source.slice(start + 1, end), end: end + 1 }
}

interface Tag {
  readonly name: string
  readonly closing: boolean
  readonly selfClosing: boolean
  readonly attributes: Readonly<Record<string, string>>
  readonly end: number
}

/** Parses the tag starting at `start` (the `<`), evaluating `{...}` attribute values. */
const readTag = (source: string, start: number, scope: Readonly<Record<string, string>>): Tag => {
  let i = start + 1
  const closing = source[i] === "/"
  if (closing) i++
  const nameMatch = /^[A-Za-z0-9_.]*/.exec(source.slice(i))
  const name = nameMatch?.[0] ?? ""
  i += name.length
  const attributes: Record<string, string> = {}
  let selfClosing = false
  while (i < source.length) {
    const c = source[i] ?? ""
    if (c === ">") {
      i++
      break
    }
    if (c === "/" && source[i + 1] === ">") {
      selfClosing = true
      i += 2
      break
    }
    if (c === "{") {
      i = readBraces(source, i).end
      continue
    }
    const attribute = /^([A-Za-z_][\w:-]*)(\s*=\s*)?/.exec(source.slice(i))
    if (attribute === null || attribute[0] === "") {
      i++
      continue
    }
    i += attribute[0].length
    const attributeName = attribute[1] ?? ""
    if (attribute[2] === undefined) {
      attributes[attributeName] = "true"
      continue
    }
    const valueStart = source[i]
    if (valueStart === "{") {
      const braces = readBraces(source, i)
      attributes[attributeName] = evaluate(braces.inner, scope)
      i = braces.end
    } else if (valueStart === "\"" || valueStart === "'") {
      const close = source.indexOf(valueStart, i + 1)
      const end = close < 0 ? source.length : close
      attributes[attributeName] = source.slice(i + 1, end)
      i = end + 1
    }
  }
  return { name, closing, selfClosing, attributes, end: i }
}

const blockTags = new Set([
  "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "table", "tr", "td",
  "Section", "Text", "Heading", "Container", "Row", "Column", "Body", "Html", "br", "Hr", "hr"
])
const linkTags = new Set(["a", "Button", "Link"])

/** A rendered preview, or why it cannot be rendered (EMAIL_RENDERING_ERROR's `error`). */
export type RenderResult =
  | { readonly _tag: "Rendered"; readonly subject: string; readonly html: string }
  | { readonly _tag: "Failed"; readonly error: string }

/** Renders a TSX template with its preview variables (see the module comment). */
export const renderTemplatePreview = (tsxSource: string, projectDisplayName: string): RenderResult => {
  const functionAt = tsxSource.search(/function\s+EmailTemplate\b/)
  const returnAt = functionAt < 0 ? -1 : tsxSource.indexOf("return", functionAt)
  const jsxStart = returnAt < 0 ? -1 : tsxSource.indexOf("<", returnAt)
  if (jsxStart < 0) return { _tag: "Failed", error: "The template must export a function EmailTemplate that returns JSX" }
  const previewAt = tsxSource.indexOf("PreviewVariables", jsxStart)
  const region = tsxSource.slice(jsxStart, previewAt < 0 ? tsxSource.length : previewAt)
  const jsx = region.slice(0, region.lastIndexOf(">") + 1)

  const scope: Record<string, string> = { "project.displayName": projectDisplayName, "user.displayName": "John Doe" }
  const previewBlock = previewAt < 0 ? undefined : /=\s*\{([\s\S]*?)\}/.exec(tsxSource.slice(previewAt))?.[1]
  for (const match of (previewBlock ?? "").matchAll(/([A-Za-z_$][\w$]*)\s*:\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/g)) {
    const [, name, literal] = match
    if (name !== undefined && literal !== undefined) scope[`variables.${name}`] = unescapeString(literal.slice(1, -1))
  }

  let subject: string | undefined
  let category: string | undefined
  const blocks: Array<string> = []
  let current = ""
  const flush = () => {
    if (current.trim() !== "") blocks.push(current.trim())
    current = ""
  }
  let i = 0
  while (i < jsx.length) {
    const c = jsx[i]
    if (c === "<") {
      const tag = readTag(jsx, i, scope)
      i = tag.end
      if (tag.name === "Subject") subject = tag.attributes["value"] ?? ""
      else if (tag.name === "NotificationCategory") category = tag.attributes["value"] ?? ""
      else if (linkTags.has(tag.name)) {
        if (tag.closing) current += "</a>"
        else current += `<a href="${escapeHtml(tag.attributes["href"] ?? "")}">${tag.selfClosing ? "</a>" : ""}`
      } else if (blockTags.has(tag.name)) {
        flush()
        if (tag.name === "Hr" || tag.name === "hr") blocks.push("<hr>")
      }
    } else if (c === "{") {
      const braces = readBraces(jsx, i)
      i = braces.end
      // `{/* comments */}` render nothing.
      if (!braces.inner.trim().startsWith("/*")) current += escapeHtml(evaluate(braces.inner, scope))
    } else {
      const next = jsx.slice(i).search(/[<{]/)
      const end = next < 0 ? jsx.length : i + next
      current += escapeHtml(jsxText(jsx.slice(i, end)))
      i = end
    }
  }
  flush()

  if (subject === undefined) return { _tag: "Failed", error: "Subject is required, import it from @stackframe/emails" }
  if (category === undefined) {
    return { _tag: "Failed", error: "NotificationCategory is required, import it from @stackframe/emails" }
  }
  const body = blocks.map((block) => block === "<hr>" ? block : `<p>${block}</p>`).join("\n")
  return {
    _tag: "Rendered",
    subject,
    html: `<!DOCTYPE html>\n<html>\n<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n<body>\n${body}\n</body>\n</html>\n`
  }
}

// =============================================================================
// State
// =============================================================================

const templateKey = (projectId: string, templateId: string): string => `${projectId}:${templateId}`

const recordView = (record: EmailTemplateRecord): EmailTemplate => ({
  id: record.id,
  display_name: record.displayName,
  tsx_source: record.tsxSource,
  ...(record.themeId === undefined ? {} : { theme_id: record.themeId })
})

/** The project's templates: built-ins (customised ones replaced), then its own. */
export const projectEmailTemplates = (data: StateData, projectId: string): Array<EmailTemplate> => {
  const stored = Object.values(data.emailTemplates).filter((t) => t.projectId === projectId)
  const byId = new Map(stored.map((t) => [t.id, t]))
  const builtIn = defaultEmailTemplates.map((t) => {
    const custom = byId.get(t.id)
    return custom === undefined ? t : recordView(custom)
  })
  const own = stored.filter((t) => !defaultEmailTemplates.some((d) => d.id === t.id)).map(recordView)
  return [...builtIn, ...own]
}

const requireCustomEmailServer = (project: ProjectRecord): Effect.Effect<void, RequiresCustomEmailServer> =>
  project.config.emailConfig.type === "shared" ? Effect.fail(Create.RequiresCustomEmailServer()) : Effect.void

const findTemplate = (data: StateData, projectId: string, templateId: string) => {
  const template = projectEmailTemplates(data, projectId).find((t) => t.id === templateId)
  return template === undefined ? Effect.fail(Reply.textError(404, "No template found with given id")) : Effect.succeed(template)
}

// =============================================================================
// Routes
// =============================================================================

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/internal/email-templates",
    access: ["admin"],
    handler: (ctx) => Reply.json(EmailTemplateList, { templates: projectEmailTemplates(ctx.data, ctx.auth.project.id) })
  }),
  defineRoute({
    method: "POST",
    path: "/internal/email-templates",
    access: ["admin"],
    body: EmailTemplateCreate,
    handler: Effect.fnUntraced(function*(ctx) {
      yield* requireCustomEmailServer(ctx.auth.project)
      const record: EmailTemplateRecord = {
        projectId: ctx.auth.project.id,
        id: newId(),
        displayName: ctx.body.display_name,
        subject: null,
        tsxSource: newTemplateSource
      }
      ctx.data.emailTemplates[templateKey(record.projectId, record.id)] = record
      return yield* Reply.json(EmailTemplateCreated, { id: record.id })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/internal/email-templates/{templateId}",
    access: ["admin"],
    params: EmailTemplateParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const template = yield* findTemplate(ctx.data, ctx.auth.project.id, ctx.params.templateId)
      return yield* Reply.json(EmailTemplateSchema, template)
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/internal/email-templates/{templateId}",
    access: ["admin"],
    params: EmailTemplateParams,
    body: EmailTemplateUpdate,
    handler: Effect.fnUntraced(function*(ctx) {
      const project = ctx.auth.project
      yield* requireCustomEmailServer(project)
      const template = yield* findTemplate(ctx.data, project.id, ctx.params.templateId)
      // Like the service's config override: an absent theme_id keeps the theme, null removes it.
      const themeId = ctx.body.theme_id === undefined ? template.theme_id : ctx.body.theme_id
      const themeSource = themeSourceFor(ctx.data, project, themeId)
      if (themeSource === undefined) return yield* Reply.textError(400, "No theme found with given id")
      const html = yield* renderEmail({ templateSource: ctx.body.tsx_source, themeSource, project: { displayName: project.displayName }, previewMode: true }).pipe(
        Effect.catchTag("EmailRenderFailure", (failure) => Create.EmailRenderingError({ error: failure.message })),
        // Like the service, a template must say its subject and category.
        Effect.flatMap((rendered) =>
          rendered.subject === undefined
            ? Create.EmailRenderingError({ error: "Subject is required, import it from @stackframe/emails" })
            : rendered.notificationCategory === undefined
            ? Create.EmailRenderingError({ error: "NotificationCategory is required, import it from @stackframe/emails" })
            : Effect.succeed(rendered.html)
        ),
        // Without the renderer's optional peers: the emulator's own reading of the JSX.
        Effect.catchTag("EmailRendererMissing", () => {
          const rendered = renderTemplatePreview(ctx.body.tsx_source, project.displayName)
          return rendered._tag === "Failed" ? Create.EmailRenderingError({ error: rendered.error }) : Effect.succeed(rendered.html)
        })
      )
      ctx.data.emailTemplates[templateKey(project.id, template.id)] = {
        projectId: project.id,
        id: template.id,
        displayName: template.display_name,
        subject: null,
        tsxSource: ctx.body.tsx_source,
        ...(themeId === undefined || themeId === null ? {} : { themeId })
      }
      return yield* Reply.json(EmailTemplateRendered, { rendered_html: html })
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/internal/email-templates/{templateId}",
    access: ["admin"],
    params: EmailTemplateParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const project = ctx.auth.project
      yield* requireCustomEmailServer(project)
      const template = yield* findTemplate(ctx.data, project.id, ctx.params.templateId)
      delete ctx.data.emailTemplates[templateKey(project.id, template.id)]
      return yield* Reply.json(EmailTemplateDeleted, {})
    })
  })
]
