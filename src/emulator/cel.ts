/**
 * The subset of CEL that sign-up rule conditions use: string, number, boolean and list literals,
 * the context's variables (and `riskScores.bot`-style fields), `==`, `!=`, `<`, `<=`, `>`, `>=`,
 * `in`, `!`, `&&`, `||`, parentheses, and the string methods `contains`, `startsWith`, `endsWith`,
 * `matches` (a JavaScript regular expression, like the service's). Anything else, a malformed
 * pattern or a non-boolean result is a `CelError`: the rule then does not match.
 */

/** A condition that cannot be evaluated. */
export class CelError extends Error {}

type Value = string | number | boolean | ReadonlyArray<Value> | { readonly [key: string]: Value }

type Token =
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "number"; readonly value: number }
  | { readonly kind: "ident"; readonly value: string }
  | { readonly kind: "op"; readonly value: string }

const escapes: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "\"": "\"", "'": "'" }

const tokenize = (source: string): Array<Token> => {
  const tokens: Array<Token> = []
  let i = 0
  while (i < source.length) {
    const c = source[i] ?? ""
    if (/\s/.test(c)) {
      i++
    } else if (c === "\"" || c === "'") {
      let value = ""
      i++
      while (i < source.length && source[i] !== c) {
        if (source[i] === "\\") {
          const next = source[i + 1] ?? ""
          value += escapes[next] ?? next
          i += 2
        } else {
          value += source[i]
          i++
        }
      }
      if (i >= source.length) throw new CelError("unterminated string")
      i++
      tokens.push({ kind: "string", value })
    } else if (/[0-9]/.test(c)) {
      const match = /^[0-9]+(\.[0-9]+)?/.exec(source.slice(i))?.[0] ?? c
      tokens.push({ kind: "number", value: Number(match) })
      i += match.length
    } else if (/[A-Za-z_]/.test(c)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))?.[0] ?? c
      tokens.push({ kind: "ident", value: match })
      i += match.length
    } else {
      const two = source.slice(i, i + 2)
      if (["==", "!=", "<=", ">=", "&&", "||"].includes(two)) {
        tokens.push({ kind: "op", value: two })
        i += 2
      } else if ("()[],.!<>".includes(c)) {
        tokens.push({ kind: "op", value: c })
        i++
      } else {
        throw new CelError(`unexpected character ${c}`)
      }
    }
  }
  return tokens
}

const stringMethods: Readonly<Record<string, (s: string, arg: string) => boolean>> = {
  contains: (s, a) => s.includes(a),
  startsWith: (s, a) => s.startsWith(a),
  endsWith: (s, a) => s.endsWith(a),
  matches: (s, a) => {
    let pattern: RegExp
    try {
      pattern = new RegExp(a)
    } catch {
      throw new CelError(`Invalid regex pattern in matches(): "${a}"`)
    }
    return pattern.test(s)
  }
}

const equal = (a: Value, b: Value): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => equal(x, b[i] ?? "")) : a === b

/** Evaluates `expression` with `context`'s variables; the result must be a boolean. */
export const evaluateCel = (expression: string, context: { readonly [key: string]: Value }): boolean => {
  const tokens = tokenize(expression)
  let pos = 0
  const peek = () => tokens[pos]
  const isOp = (value: string) => peek()?.kind === "op" && peek()?.value === value
  const expect = (value: string) => {
    if (!isOp(value)) throw new CelError(`expected ${value}`)
    pos++
  }

  const primary = (): Value => {
    const token = peek()
    if (token === undefined) throw new CelError("unexpected end")
    pos++
    if (token.kind === "string" || token.kind === "number") return token.value
    if (token.kind === "op" && token.value === "(") {
      const inner = or()
      expect(")")
      return inner
    }
    if (token.kind === "op" && token.value === "[") {
      const items: Array<Value> = []
      while (!isOp("]")) {
        items.push(or())
        if (!isOp("]")) expect(",")
      }
      pos++
      return items
    }
    if (token.kind === "ident") {
      if (token.value === "true") return true
      if (token.value === "false") return false
      if (!Object.hasOwn(context, token.value)) throw new CelError(`undeclared reference to '${token.value}'`)
      let value: Value = context[token.value] ?? ""
      while (isOp(".")) {
        pos++
        const name = peek()
        if (name?.kind !== "ident") throw new CelError("expected a name after '.'")
        pos++
        if (isOp("(")) {
          pos++
          const arg = or()
          expect(")")
          const method = stringMethods[name.value]
          if (method === undefined || typeof value !== "string" || typeof arg !== "string") {
            throw new CelError(`no such overload: ${name.value}`)
          }
          value = method(value, arg)
        } else if (typeof value === "object" && !Array.isArray(value) && Object.hasOwn(value, name.value)) {
          value = (value as { readonly [key: string]: Value })[name.value] ?? ""
        } else {
          throw new CelError(`no such key: ${name.value}`)
        }
      }
      return value
    }
    throw new CelError(`unexpected ${token.value}`)
  }

  const unary = (): Value => {
    if (isOp("!")) {
      pos++
      const value = unary()
      if (typeof value !== "boolean") throw new CelError("'!' needs a boolean")
      return !value
    }
    return primary()
  }

  const comparison = (): Value => {
    const left = unary()
    const token = peek()
    const op = token?.kind === "op" || (token?.kind === "ident" && token.value === "in") ? token.value : undefined
    if (op === undefined || !["==", "!=", "<", "<=", ">", ">=", "in"].includes(op)) return left
    pos++
    const right = unary()
    switch (op) {
      case "==":
        return equal(left, right)
      case "!=":
        return !equal(left, right)
      case "in":
        if (!Array.isArray(right)) throw new CelError("'in' needs a list")
        return right.some((item) => equal(item, left))
      default: {
        if (typeof left !== typeof right || (typeof left !== "number" && typeof left !== "string")) throw new CelError(`no such overload: ${op}`)
        const [a, b] = [left as number | string, right as number | string]
        return op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : a >= b
      }
    }
  }

  const and = (): Value => {
    let value = comparison()
    while (isOp("&&")) {
      pos++
      const right = comparison()
      if (typeof value !== "boolean" || typeof right !== "boolean") throw new CelError("'&&' needs booleans")
      value = value && right
    }
    return value
  }

  const or = (): Value => {
    let value = and()
    while (isOp("||")) {
      pos++
      const right = and()
      if (typeof value !== "boolean" || typeof right !== "boolean") throw new CelError("'||' needs booleans")
      value = value || right
    }
    return value
  }

  const result = or()
  if (pos !== tokens.length) throw new CelError("unexpected input after the expression")
  if (typeof result !== "boolean") throw new CelError(`CEL expression must evaluate to a boolean, got ${typeof result}`)
  return result
}
