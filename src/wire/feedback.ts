/** `POST /internal/feedback`: a support message to the Stack Auth team (auth optional). */
import * as Schema from "effect/Schema"

/** The message: who sends it, what, and whether it is a bug report. */
export const FeedbackBody = /*#__PURE__*/ Schema.Struct({
  name: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))),
  email: Schema.String.check(Schema.isMinLength(1)),
  message: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(5000)),
  feedback_type: Schema.optionalKey(Schema.Literals(["feedback", "bug"]))
})
export type FeedbackBody = typeof FeedbackBody.Type
