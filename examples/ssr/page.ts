/** Element ids the server writes and the browser reads. */
export const rootElementId = "root"
export const hydrationElementId = "stackfx-hydration"
