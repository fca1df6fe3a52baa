/**
 * Permission definition models (camelCase), derived from the wire schemas of
 * ../wire/permission-definitions.ts. Team and project definitions share them.
 */
import { ListOf } from "../wire/common.ts"
import * as Wire from "../wire/permission-definitions.ts"
import { camelize } from "./camel.ts"

/** A definition: `{id, description?, containedPermissionIds}`. */
export const PermissionDefinition = /*#__PURE__*/ camelize(Wire.PermissionDefinition)
export type PermissionDefinition = typeof PermissionDefinition.Type

/** A list of definitions. */
export const PermissionDefinitionList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(PermissionDefinition))
export type PermissionDefinitionList = typeof PermissionDefinitionList.Type

/** Options of a definition creation. */
export const PermissionDefinitionCreate = /*#__PURE__*/ camelize(Wire.PermissionDefinitionCreate)
export type PermissionDefinitionCreate = typeof PermissionDefinitionCreate.Type

/** Options of a definition update. */
export const PermissionDefinitionUpdate = /*#__PURE__*/ camelize(Wire.PermissionDefinitionUpdate)
export type PermissionDefinitionUpdate = typeof PermissionDefinitionUpdate.Type
