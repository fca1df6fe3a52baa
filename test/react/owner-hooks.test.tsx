/**
 * The owner's dashboard hooks (react/admin-hooks.ts, issue 28) rendered over `StackAdmin` against
 * the emulator: metrics, e-mail themes, drafts, the outbox and the configuration; a draft created
 * with `createEmailDraft` (the effect for `useStackMutation`) shows in the next render.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpClient from "effect/http/HttpClient"
import type { ReactNode } from "react"
import { renderToReadableStream } from "react-dom/server"
import {
  createEmailDraft,
  layerServerRender,
  makeStackStore,
  StackProvider,
  useEmailDrafts,
  useEmailThemes,
  useMetrics,
  useOutboxEmails,
  useProjectConfig
} from "../../react/index.ts"
import { StackAdmin } from "../../src/admin/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"

const projectId = "5f0c1a8e-0000-4000-8000-0000000d0a5b"
const publishableClientKey = "pck_owner_hooks_test"
const smtp = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Team", senderEmail: "team@example.com" } as const

const renderHtml = async (node: ReactNode) => {
  const stream = await renderToReadableStream(node, { onError: () => {} })
  await stream.allReady
  return new Response(stream).text()
}

const Dashboard = () => {
  const metrics = useMetrics()
  const withAnonymous = useMetrics({ includeAnonymous: true })
  const themes = useEmailThemes()
  const drafts = useEmailDrafts()
  const outbox = useOutboxEmails({ simpleStatus: "ok" })
  const config = useProjectConfig()
  return (
    <p id="owner">
      {`users=${metrics.totalUsers};all=${withAnonymous.totalUsers};emails=${metrics.emailOverview.totalEmails};` +
        `themes=${themes.map((t) => t.displayName).join(",")};drafts=${drafts.map((d) => d.displayName).join(",")};` +
        `outbox=${outbox.map((e) => `${e.subject}:${e.status}`).join(",")};config=${typeof config === "object"}`}
    </p>
  )
}

describe("the owner's dashboard hooks", () => {
  it.live("show metrics, themes, drafts, the outbox and the configuration; a new draft shows in the next render", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      const options = { projectId, publishableClientKey, baseUrl: "http://emulator.test" }
      const admin = StackAdmin.layer({ projectId, superSecretAdminKey: emu.info.superSecretAdminKey, baseUrl: "http://emulator.test" }).pipe(
        Layer.provide(Layer.succeed(HttpClient.HttpClient, emu.httpClient))
      )
      yield* Effect.gen(function*() {
        const owner = yield* StackAdmin
        yield* owner.updateProject({ config: { emailConfig: smtp } })
        const user = yield* owner.createUser({ primaryEmail: "ada@example.com", primaryEmailVerified: true })
        yield* owner.createUser({ isAnonymous: true })
        yield* owner.sendEmail({ userIds: [user.id], html: "<p>Hi</p>", subject: "Hello Ada" })
      }).pipe(Effect.provide(admin), Effect.orDie)

      const store = makeStackStore(Layer.merge(layerServerRender({ ...options, request: {}, fetch: emu.fetch }), admin))
      const before = yield* Effect.promise(() => renderHtml(<StackProvider store={store}><Dashboard /></StackProvider>))
      assert.include(before, "users=1;all=2;emails=1;themes=Default Light,Default Dark,Default Colorful;drafts=;outbox=Hello Ada:sent;config=true")

      yield* Effect.promise(() => store.dispose())

      // What `useStackMutation(createEmailDraft, { invalidates: ["emailDrafts"] })` runs on a click.
      yield* createEmailDraft({ displayName: "Launch" }).pipe(Effect.provide(admin), Effect.orDie)
      const next = makeStackStore(Layer.merge(layerServerRender({ ...options, request: {}, fetch: emu.fetch }), admin))
      const after = yield* Effect.promise(() => renderHtml(<StackProvider store={next}><Dashboard /></StackProvider>))
      assert.include(after, "drafts=Launch;")
      yield* Effect.promise(() => next.dispose())
    }).pipe(Effect.provide(Emulator.layer({ projectId, publishableClientKey }))))
})
