/**
 * The emulator's built-in e-mail themes, under the ids and names of the service's three defaults
 * (`Default Light` is the selected theme of a new project). Their sources are the emulator's own:
 * they lay a template out the same way (a centred card, the project's logo, the unsubscribe link
 * in a footer) but are not the service's files. The light theme renders the same HTML as the
 * service's (the suite snapshots it); the dark and colourful ones keep the emulator's palettes.
 */

/** A built-in theme. */
export interface DefaultEmailTheme {
  readonly id: string
  readonly displayName: string
  readonly tsxSource: string
}

const themeSource = (colors: { readonly page: string; readonly card: string; readonly text: string | undefined; readonly link: string; readonly logoMode: "light" | "dark" }) =>
  `import { Html, Head, Tailwind, Body, Container, Section } from "@react-email/components"
import { ThemeProps, ProjectLogo } from "@stackframe/emails"

// Centred card on a tinted page; the unsubscribe link in a muted footer. The order of the classes
// is the order of the inlined styles.
export function EmailTheme({ children, unsubscribeLink, projectLogos }: ThemeProps) {
  const footer = unsubscribeLink ? (
    <Section className="p-4 opacity-60 text-center" style={{ textAlign: "center" }}>
      <a className="${colors.link}" href={unsubscribeLink} target="_blank" rel="noopener noreferrer">Click here</a> to unsubscribe from these emails
    </Section>
  ) : null
  return (
    <Html>
      <Head />
      <Tailwind>
        <Body className="${colors.page}${colors.text === undefined ? "" : ` ${colors.text}`} font-sans text-base m-0 p-0" style={{ overflowX: "hidden" }}>
          <div className="py-8 px-4 flex justify-center">
            <Container className="${colors.card} p-[45px] rounded-lg shadow-sm mx-auto" style={{ width: "100%", maxWidth: "600px" }}>
              <ProjectLogo data={projectLogos} mode="${colors.logoMode}" />
              {children}
            </Container>
          </div>
          {footer}
        </Body>
      </Tailwind>
    </Html>
  )
}

EmailTheme.PreviewProps = { unsubscribeLink: "https://example.com" } satisfies Partial<ThemeProps>
`

/** The built-in themes, in the service's order. */
export const defaultEmailThemes: ReadonlyArray<DefaultEmailTheme> = [
  {
    id: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac",
    displayName: "Default Light",
    tsxSource: themeSource({ page: "bg-[#fafbfb]", card: "bg-white", text: undefined, link: "text-blue-600", logoMode: "light" })
  },
  {
    id: "a0172b5d-cff0-463b-83bb-85124697373a",
    displayName: "Default Dark",
    tsxSource: themeSource({ page: "bg-slate-950", card: "bg-slate-900", text: "text-slate-100", link: "text-blue-300", logoMode: "dark" })
  },
  {
    id: "c7e2d94f-8a1b-4e6d-b3f5-9d0a2e7c1b8f",
    displayName: "Default Colorful",
    tsxSource: themeSource({ page: "bg-indigo-50", card: "bg-white", text: "text-indigo-950", link: "text-fuchsia-600", logoMode: "light" })
  }
]

/** The source a new theme starts from (the light theme's). */
export const newThemeSource: string = defaultEmailThemes[0]?.tsxSource ?? ""

/** The template a theme is previewed with when it is saved. */
export const themePreviewTemplate = `import { Section, Heading, Text, Button } from "@react-email/components"
import { Subject, NotificationCategory } from "@stackframe/emails"

export const variablesSchema = (v) => v

export function EmailTemplate({ user, project }) {
  return (
    <>
      <Subject value={"Verify your email at " + project.displayName} />
      <NotificationCategory value="Transactional" />
      <Section>
        <Heading as="h3">Verify your email at {project.displayName}</Heading>
        <Text>Hi{user.displayName ? ", " + user.displayName : ""}! Please click on the following button to verify your email.</Text>
        <Button href="#">Verify my email</Button>
      </Section>
    </>
  )
}
`
