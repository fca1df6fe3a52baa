/**
 * Project permission definitions (admin; official: `listProjectPermissionDefinitions`,
 * `createProjectPermissionDefinition`, `updateProjectPermissionDefinition`,
 * `deleteProjectPermissionDefinition`). Team and project permissions share one namespace of ids;
 * a project permission contains only project permissions. Renaming or deleting one updates the
 * grants, the containing definitions and `user_default_permissions`.
 */
import * as Effect from "effect/Effect"
import { ContainedPermissionNotFound, PermissionIdAlreadyExists, PermissionNotFound } from "../errors/catalogue.ts"
import { json, segment } from "../http/endpoint.ts"
import { PermissionDefinition, PermissionDefinitionCreate, PermissionDefinitionList, PermissionDefinitionUpdate } from "../model/permission-definition.ts"
import { SuccessBody } from "../wire/common.ts"
import { encodeInput } from "../client/input.ts"
import type { KeyProjectErrorClass, KeyRuntime } from "../server/runtime.ts"

const path = "/project-permission-definitions"

/** The project permission definition operations of StackAdmin. */
export const makeAdminProjectPermissionDefinitions = <P extends KeyProjectErrorClass>(runtime: KeyRuntime<P>) => {
  /** Every project permission definition, sorted by id. */
  const listProjectPermissionDefinitions = Effect.fn("StackAdmin.listProjectPermissionDefinitions")(function*() {
    return (yield* runtime.call({ method: "GET", path, response: json(PermissionDefinitionList), errors: [] })).items
  })

  /** Defines a project permission (with the project permissions it contains). */
  const createProjectPermissionDefinition = Effect.fn("StackAdmin.createProjectPermissionDefinition")(function*(input: PermissionDefinitionCreate) {
    const body = yield* encodeInput("StackAdmin.createProjectPermissionDefinition", PermissionDefinitionCreate, input)
    return yield* runtime.call({ method: "POST", path, body: { _tag: "Json", value: body }, response: json(PermissionDefinition), errors: [PermissionIdAlreadyExists, ContainedPermissionNotFound] })
  })

  /** Renames a definition or changes its description or contained permissions. */
  const updateProjectPermissionDefinition = Effect.fn("StackAdmin.updateProjectPermissionDefinition")(function*(id: string, update: PermissionDefinitionUpdate) {
    const body = yield* encodeInput("StackAdmin.updateProjectPermissionDefinition", PermissionDefinitionUpdate, update)
    return yield* runtime.call({ method: "PATCH", path: `${path}/${segment(id)}`, body: { _tag: "Json", value: body }, response: json(PermissionDefinition), errors: [PermissionNotFound, PermissionIdAlreadyExists, ContainedPermissionNotFound] })
  })

  /** Deletes a definition, its grants and the references to it. */
  const deleteProjectPermissionDefinition = Effect.fn("StackAdmin.deleteProjectPermissionDefinition")(function*(id: string) {
    yield* runtime.call({ method: "DELETE", path: `${path}/${segment(id)}`, response: json(SuccessBody), errors: [PermissionNotFound] })
  })

  return { listProjectPermissionDefinitions, createProjectPermissionDefinition, updateProjectPermissionDefinition, deleteProjectPermissionDefinition }
}
