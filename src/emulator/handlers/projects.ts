/** `GET /projects/current`: the client project shape, for every access type. */
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import { clientProjectView } from "../views.ts"
import { ClientProject } from "../../wire/project.ts"

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/projects/current",
    access: ["client", "server", "admin"],
    handler: (ctx) => Reply.json(ClientProject, clientProjectView(ctx.auth.project))
  })
]
