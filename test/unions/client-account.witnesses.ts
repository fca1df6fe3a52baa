/** Witnesses of the client's user, team, contact-channel and session operations, and the client families. */
import type { Witness } from "./witness.ts"

export const witnesses: ReadonlyArray<Witness> = []
