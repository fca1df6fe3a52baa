/** What every test page reads first: where the emulator is, as the example app reads it. */
import { readExampleConfig } from "../../../examples/react-app/config.ts"

/** The emulator's address and the project's keys, as `servePage` wrote them into the page. */
export const pageConfig = readExampleConfig()
