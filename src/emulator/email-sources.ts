/**
 * Where the sources of a render come from: the project's themes (in its configuration, built-ins
 * included) and templates, and the render itself with the service's error.
 */
import * as Effect from "effect/Effect"
import type { EmailRenderingError } from "../errors/catalogue.ts"
import * as Create from "../errors/create.ts"
import type { ConfigValue } from "../config/schema.ts"
import { renderedConfigOf } from "./config-store.ts"
import { EmailRendererMissing, emptyThemeSource, renderEmail, type RenderInput, type RenderedEmail } from "./email-rendering.ts"
import * as Reply from "./reply.ts"
import type { ProjectRecord, StateData } from "./state.ts"

const isObject = (value: ConfigValue | undefined): value is { readonly [key: string]: ConfigValue } =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** A theme of the project. */
export interface ProjectTheme {
  readonly id: string
  readonly displayName: string
  readonly tsxSource: string
}

/** The project's themes (built-ins first) and the selected one's id. */
export const projectThemes = (data: StateData, project: ProjectRecord): { readonly themes: ReadonlyArray<ProjectTheme>; readonly selectedId: string } => {
  const config = renderedConfigOf(data, project)
  const emails = config["emails"]
  const themes = isObject(emails) ? emails["themes"] : undefined
  const list = Object.entries(isObject(themes) ? themes : {}).flatMap(([id, theme]) =>
    isObject(theme) && typeof theme["displayName"] === "string" && typeof theme["tsxSource"] === "string"
      ? [{ id, displayName: theme["displayName"], tsxSource: theme["tsxSource"] }]
      : []
  )
  const selected = isObject(emails) && typeof emails["selectedThemeId"] === "string" ? emails["selectedThemeId"] : ""
  return { themes: list, selectedId: list.some((t) => t.id === selected) ? selected : list[0]?.id ?? "" }
}

/** One theme, or the service's 404. */
export const findTheme = (data: StateData, project: ProjectRecord, id: string): Effect.Effect<ProjectTheme, Reply.TextError> => {
  const theme = projectThemes(data, project).themes.find((t) => t.id === id)
  return theme === undefined ? Effect.fail(Reply.textError(404, "No theme found with given id")) : Effect.succeed(theme)
}

/** The source for a theme choice: an id, `false` (none), or `null`/absent (the selected theme). */
export const themeSourceFor = (data: StateData, project: ProjectRecord, choice: string | false | null | undefined): string | undefined => {
  if (choice === false) return emptyThemeSource
  const { themes, selectedId } = projectThemes(data, project)
  return themes.find((t) => t.id === (choice ?? selectedId))?.tsxSource
}

/**
 * Renders, failing like the service (EMAIL_RENDERING_ERROR with the renderer's message). Without
 * the renderer's optional peers the answer is a 501 naming them.
 */
export const renderOrFail = (input: RenderInput): Effect.Effect<RenderedEmail, EmailRenderingError | Reply.TextError> =>
  renderEmail(input).pipe(
    Effect.catchTag("EmailRenderFailure", (failure) => Create.EmailRenderingError({ error: failure.message })),
    Effect.catchTag("EmailRendererMissing", (missing) => Effect.fail(Reply.textError(501, missing.message)))
  )

/** Whether the renderer's optional peers are installed. */
export const rendererAvailable: Effect.Effect<boolean> = renderEmail({ templateSource: "", themeSource: "" }).pipe(
  Effect.as(true),
  Effect.catch((error) => Effect.succeed(!(error instanceof EmailRendererMissing)))
)
