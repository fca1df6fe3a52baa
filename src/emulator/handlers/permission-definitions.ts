/**
 * Permission definitions (admin only): `GET|POST /team-permission-definitions`,
 * `PATCH|DELETE /team-permission-definitions/{permission_id}`, and the same for project permissions
 * (`/project-permission-definitions`). Team and project permissions share one namespace of ids.
 *
 * Lists show the five built-in `$…` permissions first (fixed descriptions), then the project's own,
 * each sorted by id; contained ids are sorted and `description` is left out when empty. Renaming or
 * deleting a definition updates the grants, the containing definitions and the default-permission
 * settings that name it.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ContainedPermissionNotFound, PermissionIdAlreadyExists, PermissionNotFound } from "../../errors/catalogue.ts"
import { PermissionId } from "../../wire/team-permissions.ts"
import {
  PermissionDefinitionCreate as TeamPermissionDefinitionCreate,
  PermissionDefinitionList as TeamPermissionDefinitionList,
  PermissionDefinitionUpdate as TeamPermissionDefinitionUpdate,
  TeamPermissionDefinition
} from "../../wire/permission-definitions.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import {
  type PermissionDefinitionRecord,
  permissionDefinitionKey,
  permissionGrantKey,
  type StateData
} from "../state.ts"
import { isTeamPermissionDefined, systemTeamPermissions, teamPermissionDefinition } from "./team-permissions.ts"
import * as Create from "../../errors/create.ts"

const sortedIds = (ids: ReadonlyArray<string>): Array<string> => [...new Set(ids)].sort()

/** A definition on the wire. */
const definitionView = (record: PermissionDefinitionRecord): TeamPermissionDefinition => ({
  id: record.id,
  ...(record.description === "" ? {} : { description: record.description }),
  contained_permission_ids: sortedIds(record.containedPermissionIds)
})

/** CONTAINED_PERMISSION_NOT_FOUND for the first contained id that does not exist. */
const checkContained = (data: StateData, projectId: string, ids: ReadonlyArray<string>, self?: string) =>
  Effect.gen(function*() {
    for (const id of ids) {
      if (id !== self && !isTeamPermissionDefined(data, projectId, id)) {
        return yield* Create.ContainedPermissionNotFound({ permission_id: id })
      }
    }
  })

/** Replaces `from` by `to` (or removes it when `to` is null) wherever a permission id of `scope` is referenced. */
const renameReferences = (data: StateData, projectId: string, from: string, to: string | null, scope: "team" | "project" = "team"): void => {
  const swap = (ids: ReadonlyArray<string>) =>
    ids.includes(from) ? ids.flatMap((id) => (id === from ? (to === null ? [] : [to]) : [id])) : ids
  for (const [key, def] of Object.entries(data.permissionDefinitions)) {
    if (def.projectId === projectId && def.scope === scope && def.containedPermissionIds.includes(from)) {
      data.permissionDefinitions[key] = { ...def, containedPermissionIds: swap(def.containedPermissionIds) }
    }
  }
  for (const [key, grant] of Object.entries(data.permissionGrants)) {
    if (grant.projectId === projectId && grant.scope === scope && grant.permissionId === from) {
      delete data.permissionGrants[key]
      if (to !== null) {
        const renamed = { ...grant, permissionId: to }
        data.permissionGrants[permissionGrantKey(renamed)] = renamed
      }
    }
  }
  const project = data.projects[projectId]
  if (project !== undefined) {
    data.projects[projectId] = {
      ...project,
      config: {
        ...project.config,
        ...(scope === "team"
          ? {
            teamCreatorDefaultPermissions: swap(project.config.teamCreatorDefaultPermissions),
            teamMemberDefaultPermissions: swap(project.config.teamMemberDefaultPermissions)
          }
          : { userDefaultPermissions: swap(project.config.userDefaultPermissions) })
      }
    }
  }
}

const DefinitionParams = Schema.Struct({ permission_id: PermissionId })

/** The custom definition named in the path, or PERMISSION_NOT_FOUND (system ones cannot change). */
const existing = (data: StateData, projectId: string, id: string) => {
  const record = teamPermissionDefinition(data, projectId, id)
  return record === undefined ? Effect.fail(Create.PermissionNotFound({ permission_id: id })) : Effect.succeed(record)
}

/** A project permission definition of the project, if any. */
export const projectPermissionDefinition = (data: StateData, projectId: string, id: string): PermissionDefinitionRecord | undefined =>
  data.permissionDefinitions[permissionDefinitionKey(projectId, "project", id)]

/** The project permission routes: like the team ones, without built-in permissions. */
const projectRoutes = [
  defineRoute({
    method: "GET",
    path: "/project-permission-definitions",
    access: ["admin"],
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const items = Object.values<PermissionDefinitionRecord>(ctx.data.permissionDefinitions)
        .filter((d) => d.projectId === projectId && d.scope === "project")
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map(definitionView)
      return yield* Reply.json(TeamPermissionDefinitionList, { items, is_paginated: false })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/project-permission-definitions",
    access: ["admin"],
    body: TeamPermissionDefinitionCreate,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const { body } = ctx
      if (projectPermissionDefinition(ctx.data, projectId, body.id) !== undefined || isTeamPermissionDefined(ctx.data, projectId, body.id)) {
        return yield* Create.PermissionIdAlreadyExists({ permission_id: body.id })
      }
      const contained = body.contained_permission_ids ?? []
      for (const id of contained) {
        if (projectPermissionDefinition(ctx.data, projectId, id) === undefined) return yield* Create.ContainedPermissionNotFound({ permission_id: id })
      }
      const record: PermissionDefinitionRecord = {
        projectId,
        scope: "project",
        id: body.id,
        description: body.description ?? "",
        containedPermissionIds: sortedIds(contained)
      }
      ctx.data.permissionDefinitions[permissionDefinitionKey(projectId, "project", record.id)] = record
      return yield* Reply.json(TeamPermissionDefinition, definitionView(record), { status: 201 })
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/project-permission-definitions/{permission_id}",
    access: ["admin"],
    params: DefinitionParams,
    body: TeamPermissionDefinitionUpdate,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const { body } = ctx
      const record = projectPermissionDefinition(ctx.data, projectId, ctx.params.permission_id)
      if (record === undefined) return yield* Create.PermissionNotFound({ permission_id: ctx.params.permission_id })
      const newId = body.id ?? record.id
      if (newId !== record.id && (projectPermissionDefinition(ctx.data, projectId, newId) !== undefined || isTeamPermissionDefined(ctx.data, projectId, newId))) {
        return yield* Create.PermissionIdAlreadyExists({ permission_id: newId })
      }
      const contained = body.contained_permission_ids ?? record.containedPermissionIds
      for (const id of body.contained_permission_ids ?? []) {
        if (projectPermissionDefinition(ctx.data, projectId, id) === undefined) return yield* Create.ContainedPermissionNotFound({ permission_id: id })
      }
      const next: PermissionDefinitionRecord = {
        ...record,
        id: newId,
        description: body.description ?? record.description,
        containedPermissionIds: sortedIds(contained)
      }
      delete ctx.data.permissionDefinitions[permissionDefinitionKey(projectId, "project", record.id)]
      ctx.data.permissionDefinitions[permissionDefinitionKey(projectId, "project", newId)] = next
      if (newId !== record.id) renameReferences(ctx.data, projectId, record.id, newId, "project")
      return yield* Reply.json(TeamPermissionDefinition, definitionView(next))
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/project-permission-definitions/{permission_id}",
    access: ["admin"],
    params: DefinitionParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const projectId = ctx.auth.project.id
      const record = projectPermissionDefinition(data, projectId, ctx.params.permission_id)
      if (record === undefined) return yield* Create.PermissionNotFound({ permission_id: ctx.params.permission_id })
      delete data.permissionDefinitions[permissionDefinitionKey(projectId, "project", record.id)]
      renameReferences(data, projectId, record.id, null, "project")
      return yield* Reply.success
    })
  })
]

/** The routes of this file. */
export const routes = [
  ...projectRoutes,
  defineRoute({
    method: "GET",
    path: "/team-permission-definitions",
    access: ["admin"],
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const custom = Object.values<PermissionDefinitionRecord>(ctx.data.permissionDefinitions)
        .filter((d) => d.projectId === projectId && d.scope === "team")
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map(definitionView)
      const system = systemTeamPermissions.map((p): TeamPermissionDefinition => ({
        id: p.id,
        description: p.description,
        contained_permission_ids: []
      }))
      return yield* Reply.json(TeamPermissionDefinitionList, { items: [...system, ...custom], is_paginated: false })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/team-permission-definitions",
    access: ["admin"],
    body: TeamPermissionDefinitionCreate,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const { body } = ctx
      if (isTeamPermissionDefined(ctx.data, projectId, body.id) || projectPermissionDefinition(ctx.data, projectId, body.id) !== undefined) {
        return yield* Create.PermissionIdAlreadyExists({ permission_id: body.id })
      }
      const contained = body.contained_permission_ids ?? []
      yield* checkContained(ctx.data, projectId, contained)
      const record: PermissionDefinitionRecord = {
        projectId,
        scope: "team",
        id: body.id,
        description: body.description ?? "",
        containedPermissionIds: sortedIds(contained)
      }
      ctx.data.permissionDefinitions[permissionDefinitionKey(projectId, "team", record.id)] = record
      return yield* Reply.json(TeamPermissionDefinition, definitionView(record), { status: 201 })
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/team-permission-definitions/{permission_id}",
    access: ["admin"],
    params: DefinitionParams,
    body: TeamPermissionDefinitionUpdate,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const { body } = ctx
      const record = yield* existing(ctx.data, projectId, ctx.params.permission_id)
      const newId = body.id ?? record.id
      if (newId !== record.id && isTeamPermissionDefined(ctx.data, projectId, newId)) {
        return yield* Create.PermissionIdAlreadyExists({ permission_id: newId })
      }
      const contained = body.contained_permission_ids ?? record.containedPermissionIds
      if (body.contained_permission_ids !== undefined) yield* checkContained(ctx.data, projectId, contained)
      const next: PermissionDefinitionRecord = {
        ...record,
        id: newId,
        description: body.description ?? record.description,
        containedPermissionIds: sortedIds(contained)
      }
      delete ctx.data.permissionDefinitions[permissionDefinitionKey(projectId, "team", record.id)]
      ctx.data.permissionDefinitions[permissionDefinitionKey(projectId, "team", newId)] = next
      if (newId !== record.id) renameReferences(ctx.data, projectId, record.id, newId)
      return yield* Reply.json(TeamPermissionDefinition, definitionView(next))
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/team-permission-definitions/{permission_id}",
    access: ["admin"],
    params: DefinitionParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const record = yield* existing(ctx.data, projectId, ctx.params.permission_id)
      delete ctx.data.permissionDefinitions[permissionDefinitionKey(projectId, "team", record.id)]
      renameReferences(ctx.data, projectId, record.id, null)
      return yield* Reply.success
    })
  })
]
