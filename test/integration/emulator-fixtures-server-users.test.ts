/** Fixture replay for the server users resource: list (pages, cursor, desc, filters), create, get. */
import * as Effect from "effect/Effect"
import { createUser, type NewUser } from "../../src/emulator/accounts.ts"
import { type Bindings, type Case, type Harness, keysOf, live, old, plain, replaySuite, signedIn, uniqueEmail } from "./emulator-setups.ts"

/** The users of the recorded project, in sign-up order (the list fixtures show them). */
const recordedUsers: ReadonlyArray<NewUser> = [
  { displayName: "Live User", primaryEmail: "user-1@example.com", primaryEmailAuthEnabled: true, clientMetadata: { theme: "dark" }, passwordHash: "x" },
  { primaryEmail: "otp-1@example.com", primaryEmailAuthEnabled: true, otpAuthEnabled: true },
  { primaryEmail: "inv-1@example.com", primaryEmailAuthEnabled: true, passwordHash: "x" },
  { displayName: "Paginated One", primaryEmail: "pag-1@example.com", primaryEmailAuthEnabled: true, serverMetadata: { source: "live-fixture" } },
  { displayName: "Paginated 2" },
  { displayName: "Paginated 3" }
]

/** Seeds `population` one millisecond apart; returns their ids in sign-up order. */
const seed = (h: Harness, population: ReadonlyArray<NewUser>) =>
  h.emu.withState((data) =>
    Effect.sync(() => {
      const project = data.projects[h.keys.projectId]
      if (project === undefined) return []
      return population.map((fields, i) => createUser(data, project, fields, 1_700_000_000_000 + i).id)
    })
  )

const recorded = (h: Harness) => Effect.as(seed(h, recordedUsers), keysOf(h))

/** The cursor of the recorded "page 3" (limit 2) is the fifth user. */
const pageThree = (h: Harness) =>
  Effect.map(seed(h, recordedUsers), (ids): Bindings => ({ ...keysOf(h), pathUuids: [ids[4] ?? ""] }))

/** The 2.7-era recording had one user, signed up by magic link. */
const oneOtpUser = (h: Harness) =>
  Effect.as(seed(h, [{ primaryEmail: "default-mailbox@example.com", primaryEmailAuthEnabled: true, otpAuthEnabled: true }]), keysOf(h))

const cases: ReadonlyArray<Case> = [
  live("users-list-server-page-1.json", recorded),
  live("users-list-server-page-3-cursor.json", pageThree),
  live("users-list-server-query-desc.json", recorded),
  live("users-list-server-unpaginated.json", recorded),
  live("users-list-server-invalid-cursor.json", plain),
  live("users-list-client-insufficient-access-type.json", plain),
  live("error-invalid-secret-server-key.json", plain),
  live("users-create-server.json", (h) => Effect.succeed({ ...keysOf(h), email: uniqueEmail("pag") })),
  live("users-create-server-email-already-exists.json", signedIn),
  live("users-get-server-not-found.json", (h) => Effect.succeed({ ...keysOf(h), pathUuids: ["00000000-0000-4000-8000-000000000001"] })),
  old("users-list-server.json", oneOtpUser),
  old("users-list-client-insufficient-access-type.json", plain),
  old("users-create-server.json", (h) => Effect.succeed({ ...keysOf(h), email: uniqueEmail("pag") })),
  // old users-create-server-email-already-exists: 400 then, 409 now (LIVE-DIFFERENCES §3.1); the live one is replayed.
  old("users-get-server-not-found.json", (h) => Effect.succeed({ ...keysOf(h), pathUuids: ["00000000-0000-4000-8000-000000000001"] }))
]

replaySuite("emulator fixture replay: server users", cases)
