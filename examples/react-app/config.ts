/** Where the example app's emulator is: the server writes it into the page as `stackfx-config` JSON. */
import * as Schema from "effect/Schema"

/** The config element's id. */
export const configElementId = "stackfx-config"

/** The emulator's address and the project's public ids. */
export const ExampleConfig = Schema.Struct({
  baseUrl: Schema.String,
  projectId: Schema.String,
  publishableClientKey: Schema.String,
  /**
   * The local emulator's admin key, for the example's admin page only. A real app never sends an
   * admin key to a browser: a project owner's dashboard uses the owner's session (`ownerSession`).
   */
  demoAdminKey: Schema.optionalKey(Schema.String),
  /**
   * A session of the local project's owner (a user of the emulator's `internal` project whose team
   * owns the project), for the example's dashboard: it runs `StackAdmin` on the owner's session as
   * Stack Auth's dashboard does (the access token refreshed with this refresh token), not on a key.
   */
  demoOwnerSession: Schema.optionalKey(Schema.Struct({ refreshToken: Schema.String, internalPublishableClientKey: Schema.String }))
})
export type ExampleConfig = typeof ExampleConfig.Type

/** Reads the config of the page this runs in (browser only). */
export const readExampleConfig = (): ExampleConfig =>
  Schema.decodeUnknownSync(Schema.fromJsonString(ExampleConfig))(document.getElementById(configElementId)?.textContent)
