/**
 * `POST /check-feature-support`: reports use
 * of a feature the SDK does not support. The answer is always 200 `text/plain`:
 * `<feature_name or "This feature"> is not yet supported. Please reach out to Stack support for more information.`
 */
import * as Schema from "effect/Schema"

/**
 * The body. The server reads `feature_name` only; the 2.7 SDK sent `{...options, name}`, for which
 * the server answers with `This feature`.
 */
export const CheckFeatureSupportBody = /*#__PURE__*/ Schema.Struct({
  feature_name: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  name: /*#__PURE__*/ Schema.optionalKey(Schema.String)
})
export type CheckFeatureSupportBody = typeof CheckFeatureSupportBody.Type

/** The text body (not JSON): meant to be raised as the message of an error. */
export const CheckFeatureSupportResponse = Schema.String
export type CheckFeatureSupportResponse = typeof CheckFeatureSupportResponse.Type

/** The sentence the server answers for `featureName` (or for a body without `feature_name`). */
export const featureNotSupportedMessage = (featureName: string | undefined): string =>
  `${featureName ?? "This feature"} is not yet supported. Please reach out to Stack support for more information.`
