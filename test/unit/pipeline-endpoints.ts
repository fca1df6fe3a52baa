/** The two endpoints the pipeline tests send: a read (GET, retried when safe) and a write (POST). */
import * as Schema from "effect/Schema"
import { UserNotFound } from "../../src/errors/catalogue.ts"
import { type Endpoint, json } from "../../src/http/endpoint.ts"

const Body = Schema.Struct({ id: Schema.String })

/** `GET /users/u1`. */
export const read: Endpoint<{ readonly id: string }, readonly [typeof UserNotFound]> = {
  method: "GET",
  path: "/users/u1",
  level: "server",
  response: json(Body),
  errors: [UserNotFound]
}

/** `POST /users` with a JSON body. */
export const write: Endpoint<{ readonly id: string }, readonly [typeof UserNotFound]> = {
  ...read,
  method: "POST",
  path: "/users",
  body: { _tag: "Json", value: { display_name: "Ada" } }
}
