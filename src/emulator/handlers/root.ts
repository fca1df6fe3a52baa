/**
 * `GET /api/v1` (the API root text, with the current 2-space indentation) and
 * `POST /check-feature-support`.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import { primaryEmailChannel } from "../state.ts"

const welcome = "Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com."

const accessTypeLabel = { client: "Client", server: "Server", admin: "Admin" } as const

const FeatureName = Schema.Struct({ feature_name: Schema.String })

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/",
    access: "none",
    handler: (ctx) =>
      Effect.sync(() => {
        if (ctx.auth === null) return Reply.text(`${welcome}\n\nAuthentication: None`)
        const user = ctx.auth.user
        const userLabel = user === undefined ? "None" : primaryEmailChannel(ctx.data, user.id)?.value ?? user.id
        return Reply.text(
          `${welcome}\n\nAuthentication: ${accessTypeLabel[ctx.auth.accessType]}\n  Project: ${ctx.auth.project.id}\n  User: ${userLabel}`
        )
      })
  }),
  defineRoute({
    method: "POST",
    path: "/check-feature-support",
    access: "none",
    // Any body is accepted; only `feature_name` is read.
    handler: (ctx) =>
      Effect.sync(() => {
        const name = Option.match(Schema.decodeUnknownOption(FeatureName)(ctx.request.body), {
          onNone: () => "This feature",
          onSome: (body) => body.feature_name
        })
        return Reply.text(`${name} is not yet supported. Please reach out to Stack support for more information.`)
      })
  })
]
