/**
 * The readable message of any failure a kit component can meet: no response (offline or cannot
 * connect), an unreadable response, a catalogue error (the server's own words), or a defect.
 */

/** The fallback for failures that carry no readable words. */
export const genericErrorMessage = "Something went wrong. Please try again."

/** Shown when the device reports being offline. */
export const offlineMessage = "You appear to be offline. Check your connection and try again."

/** Shown when the server could not be reached while the device is online. */
export const cannotConnectMessage = "Cannot reach the sign-in service. Check your connection, then try again."

/** Shown when the server answered with something the SDK could not read. */
export const unreadableResponseMessage = "The server sent an answer that could not be read. Please try again."

/** Shown for input the SDK refused before sending (its validator's words name schema paths, not things people know). */
export const invalidInputMessage = "Some of what you entered is not in the expected form. Check it and try again."

/** Shown on pages a link opens when the link's code is missing or malformed (cut short by a mail program, mistyped). */
export const brokenLinkMessage = "This link is incomplete or damaged. Open it again from the e-mail, or ask for a new one."

/** Shown when the current password given to change it is not the user's password. */
export const wrongCurrentPasswordMessage = "Your current password is not correct."

/** The texts a page that a link opens uses for a malformed code (client-side and server-side validation). */
export const brokenLinkOverrides: Readonly<Record<string, string>> = { InvalidInput: brokenLinkMessage, SchemaError: brokenLinkMessage }

const field = (error: object, name: string): unknown => (name in error ? Reflect.get(error, name) : undefined)

/** The message to show a user for `error`; `overrides` maps error tags or catalogue codes to custom text. */
export const readableMessage = (error: unknown, overrides: Readonly<Record<string, string>> = {}): string => {
  if (typeof error !== "object" || error === null) return genericErrorMessage
  const tag = field(error, "_tag")
  const code = field(error, "code")
  if (typeof code === "string" && overrides[code] !== undefined) return overrides[code]
  if (typeof tag === "string" && overrides[tag] !== undefined) return overrides[tag]
  if (tag === "StackTransportError") {
    const diagnostics = field(error, "diagnostics")
    const online = typeof diagnostics === "object" && diagnostics !== null ? field(diagnostics, "online") : undefined
    return online === false ? offlineMessage : cannotConnectMessage
  }
  if (tag === "StackResponseError") return unreadableResponseMessage
  // Validators describe schema paths (`Expected a value with a length of 45 at ["code"]`): never shown.
  if (tag === "InvalidInput" || tag === "SchemaError") return invalidInputMessage
  if (tag === "WrongCurrentPassword") return wrongCurrentPasswordMessage
  const description = field(error, "description")
  if (typeof description === "string" && description.length > 0) return description
  const message = field(error, "message")
  if (typeof message === "string" && message.length > 0 && (typeof tag === "string" || !(error instanceof Error))) return message
  // A defect (a bug, a layer that failed to build) keeps its own words: they name what to fix.
  if (error instanceof Error && error.message.length > 0) return error.message
  return genericErrorMessage
}
