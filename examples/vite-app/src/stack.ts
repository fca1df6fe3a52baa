/**
 * The app's stackfx layer, made once outside render. The project comes from Vite's environment
 * (`VITE_STACK_*` in `.env.local`; `npx stackfx emulator` prints the values for a local emulator).
 */
import { layerBrowser } from "stackfx/react"

export const layer = layerBrowser({
  projectId: import.meta.env.VITE_STACK_PROJECT_ID,
  publishableClientKey: import.meta.env.VITE_STACK_PUBLISHABLE_CLIENT_KEY,
  // The emulator's address; leave it out for the hosted service.
  baseUrl: import.meta.env.VITE_STACK_BASE_URL
})
