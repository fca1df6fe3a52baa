/**
 * Sign-up rules (`auth.signUpRules.<id>`, `auth.signUpRulesDefaultAction`), as the service applies
 * them to every sign-up except the creation of anonymous users: enabled rules with a condition, by
 * priority (highest first) then id; the first matching `allow` or `reject` decides, `restrict`
 * marks the new user restricted (the first such rule is recorded) and evaluation goes on, `log`
 * goes on; with no decision the default action applies. A condition that cannot be evaluated does
 * not match. A rejection is SIGN_UP_REJECTED, whose message never tells the rule.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { SignUpRejected } from "../errors/catalogue.ts"
import * as Create from "../errors/create.ts"
import { CelError, evaluateCel } from "./cel.ts"
import { featureConfigOf } from "./feature-state.ts"
import { normalizeEmail, type StateData, type UserRecord } from "./state.ts"

/** How the user signs up (the condition's `authMethod`). */
export type SignUpAuthMethod = "password" | "otp" | "oauth" | "passkey"

/** What a sign-up rule condition can read. */
export interface SignUpAttempt {
  readonly email: string | null
  readonly authMethod: SignUpAuthMethod
  readonly oauthProvider?: string | null | undefined
  readonly countryCode?: string | null | undefined
}

interface Rule {
  readonly id: string
  readonly enabled: boolean
  readonly displayName: string
  readonly priority: number
  readonly condition: string
  readonly action: string
}

/** A rule as the config holds it (other fields are ignored). */
const RuleConfig = Schema.Struct({
  enabled: Schema.optionalKey(Schema.Boolean),
  displayName: Schema.optionalKey(Schema.String),
  priority: Schema.optionalKey(Schema.Number),
  condition: Schema.optionalKey(Schema.String),
  action: Schema.Struct({ type: Schema.String, message: Schema.optionalKey(Schema.String) })
})
const decodeRule = Schema.decodeUnknownOption(RuleConfig)

const rulesOf = (data: StateData, projectId: string): ReadonlyArray<Rule> =>
  Object.entries(featureConfigOf(data.features, projectId).signUpRules)
    .flatMap(([id, raw]): Array<Rule> => {
      const rule = decodeRule(raw)
      if (Option.isNone(rule)) return []
      return [{
        id,
        enabled: rule.value.enabled === true,
        displayName: rule.value.displayName ?? "",
        priority: rule.value.priority ?? 0,
        condition: rule.value.condition ?? "",
        action: rule.value.action.type
      }]
    })
    .sort((a, b) => b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))

const matches = (condition: string, attempt: SignUpAttempt): boolean => {
  const email = attempt.email === null ? "" : normalizeEmail(attempt.email)
  try {
    return evaluateCel(condition, {
      email,
      emailDomain: email.includes("@") ? email.split("@").pop() ?? "" : "",
      countryCode: (attempt.countryCode ?? "").toUpperCase(),
      authMethod: attempt.authMethod,
      oauthProvider: attempt.oauthProvider ?? "",
      riskScores: { bot: 0, free_trial_abuse: 0 }
    })
  } catch (error) {
    if (error instanceof CelError) return false
    throw error
  }
}

/** The outcome: allowed or not, and the rule that restricts the new user, if any. */
export interface SignUpDecision {
  readonly allowed: boolean
  readonly restrictingRule: { readonly id: string; readonly displayName: string } | null
  /** The rules that matched, in order (for the statistics). */
  readonly triggered: ReadonlyArray<{ readonly id: string; readonly action: string }>
}

/** Evaluates the project's rules for one sign-up. */
export const decideSignUp = (data: StateData, projectId: string, attempt: SignUpAttempt): SignUpDecision => {
  let restrictingRule: SignUpDecision["restrictingRule"] = null
  const triggered: Array<{ readonly id: string; readonly action: string }> = []
  for (const rule of rulesOf(data, projectId)) {
    if (!rule.enabled || rule.condition === "" || !matches(rule.condition, attempt)) continue
    triggered.push({ id: rule.id, action: rule.action })
    if (rule.action === "restrict" && restrictingRule === null) restrictingRule = { id: rule.id, displayName: rule.displayName }
    if (rule.action === "allow" || rule.action === "reject") return { allowed: rule.action === "allow", restrictingRule, triggered }
  }
  return { allowed: featureConfigOf(data.features, projectId).signUpRulesDefaultAction !== "reject", restrictingRule, triggered }
}

/** The rules' verdict for a sign-up: SIGN_UP_REJECTED, or what to apply to the new user (`restrictBySignUpRule`). */
export const checkSignUpRules = (data: StateData, projectId: string, attempt: SignUpAttempt): Effect.Effect<SignUpDecision, SignUpRejected> =>
  Effect.gen(function*() {
    const decision = decideSignUp(data, projectId, attempt)
    const atMillis = yield* Clock.currentTimeMillis
    for (const rule of decision.triggered) data.features.signUpRuleTriggers.push({ projectId, ruleId: rule.id, action: rule.action, atMillis })
    if (!decision.allowed) {
      return yield* Create.SignUpRejected({ message: "Your sign up was rejected by an administrator's sign-up rule." })
    }
    return decision
  })

/** Marks a user created under a `restrict` rule as restricted by the administrator (its private details name the rule). */
export const restrictBySignUpRule = (data: StateData, user: UserRecord, decision: SignUpDecision): UserRecord => {
  const rule = decision.restrictingRule
  if (rule === null) return user
  const details = `Restricted by sign-up rule: ${rule.id}${rule.displayName ? ` (${rule.displayName})` : ""}`
  const restricted: UserRecord = {
    ...user,
    restrictedByAdmin: true,
    restrictedByAdminPrivateDetails: user.restrictedByAdminPrivateDetails === null ? details : `${user.restrictedByAdminPrivateDetails}\n\n${details}`
  }
  data.users[user.id] = restricted
  return restricted
}
