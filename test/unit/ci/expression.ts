// The part of GitHub Actions' expression language that our workflows (docs/ci/) use, for the
// test runner (workflowRunner.ts): context paths (`secrets.X`, `steps.ID.outputs.X`, …),
// string literals, `==` `!=` `&&` `||` `!`, parentheses, and the status functions. Anything
// else throws, so a workflow cannot use what the tests do not run.

export type Value = string | number | boolean | null | undefined;

export interface ExpressionContext {
  /** The value of a context path such as `matrix.repository` (undefined when absent). */
  lookup(path: readonly string[]): Value;
  /** `success()`, `failure()`, `always()`, `cancelled()`. */
  status(name: 'success' | 'failure' | 'always' | 'cancelled'): boolean;
}

type Token = { kind: 'str'; value: string } | { kind: 'num'; value: number } | { kind: 'bool'; value: boolean } | { kind: 'op'; value: string } | { kind: 'path'; value: string[] } | { kind: 'call'; value: string };

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new Error(`an unterminated string in ${text}`);
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i];
        i++;
      }
      out.push({ kind: 'str', value });
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+/.exec(text.slice(i)) as RegExpExecArray;
      out.push({ kind: 'num', value: Number(m[0]) });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_*][A-Za-z0-9_-]*)*/.exec(text.slice(i)) as RegExpExecArray;
      i += m[0].length;
      if (text.slice(i).startsWith('()')) {
        out.push({ kind: 'call', value: m[0] });
        i += 2;
      } else if (m[0] === 'true' || m[0] === 'false') {
        out.push({ kind: 'bool', value: m[0] === 'true' });
      } else {
        out.push({ kind: 'path', value: m[0].split('.') });
      }
    } else {
      const op = ['&&', '||', '==', '!=', '!', '(', ')'].find((o) => text.startsWith(o, i));
      if (op === undefined) throw new Error(`the test runner does not know "${text.slice(i)}" in ${text}`);
      out.push({ kind: 'op', value: op });
      i += op.length;
    }
  }
  return out;
}

/** GitHub's truthiness: false, 0, '' and null are false; every other string, 'false' too, is true. */
function truthy(v: Value): boolean {
  return v !== undefined && v !== null && v !== '' && v !== 0 && v !== false;
}

function loose(v: Value): string {
  return v === undefined || v === null ? '' : String(v).toLowerCase();
}

/** Evaluates one expression (the inside of `${{ }}`, or an `if:`). */
export function evaluate(text: string, ctx: ExpressionContext): Value {
  const tokens = tokenize(text);
  let at = 0;
  const peek = (): Token | undefined => tokens[at];
  const isOp = (v: string): boolean => {
    const t = peek();
    return t?.kind === 'op' && t.value === v;
  };
  const primary = (): Value => {
    const t = tokens[at++];
    if (t === undefined) throw new Error(`an incomplete expression: ${text}`);
    if (t.kind === 'str' || t.kind === 'num' || t.kind === 'bool') return t.value;
    if (t.kind === 'path') return ctx.lookup(t.value);
    if (t.kind === 'call') {
      if (t.value === 'success' || t.value === 'failure' || t.value === 'always' || t.value === 'cancelled') return ctx.status(t.value);
      throw new Error(`the test runner does not know the function ${t.value}()`);
    }
    if (t.value === '(') {
      const v = or();
      if (!isOp(')')) throw new Error(`a missing ) in ${text}`);
      at++;
      return v;
    }
    if (t.value === '!') return !truthy(primary());
    throw new Error(`an unexpected ${t.value} in ${text}`);
  };
  const equality = (): Value => {
    let left = primary();
    while (isOp('==') || isOp('!=')) {
      const op = (tokens[at++] as { value: string }).value;
      const right = primary();
      left = op === '==' ? loose(left) === loose(right) : loose(left) !== loose(right);
    }
    return left;
  };
  const and = (): Value => {
    let left = equality();
    while (isOp('&&')) {
      at++;
      const right = equality();
      left = truthy(left) ? right : left;
    }
    return left;
  };
  const or = (): Value => {
    let left = and();
    while (isOp('||')) {
      at++;
      const right = and();
      left = truthy(left) ? left : right;
    }
    return left;
  };
  const value = or();
  if (at !== tokens.length) throw new Error(`unexpected text after the expression: ${text}`);
  return value;
}

/** A string with `${{ … }}` parts replaced by their values. */
export function interpolate(text: string, ctx: ExpressionContext): string {
  return text.replace(/\$\{\{(.*?)\}\}/gs, (_, inner: string) => {
    const v = evaluate(inner, ctx);
    return v === undefined || v === null ? '' : String(v);
  });
}

/** An `if:` condition: `${{ }}` optional; a condition that names no status function means `success() && …`. */
export function condition(text: string | undefined, ctx: ExpressionContext): boolean {
  if (text === undefined) return ctx.status('success');
  const inner = text.trim().replace(/^\$\{\{(.*)\}\}$/s, '$1');
  const statusNamed = /\b(success|failure|always|cancelled)\(\)/.test(inner);
  return (statusNamed || ctx.status('success')) && truthy(evaluate(inner, ctx));
}

export { truthy };
