/** What every test page reads first: where the emulator is, from the page's `stackfx-config` JSON. */
import * as Schema from "effect/Schema"

const PageConfig = Schema.fromJsonString(Schema.Struct({
  baseUrl: Schema.String,
  projectId: Schema.String,
  publishableClientKey: Schema.String
}))

/** The emulator's address and the project's keys, as `servePage` wrote them into the page. */
export const pageConfig = Schema.decodeUnknownSync(PageConfig)(document.getElementById("stackfx-config")?.textContent)
