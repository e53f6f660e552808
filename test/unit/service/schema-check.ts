// A tiny JSON-schema checker for the subset service/openapi.yaml uses: $ref (local),
// type (one or several), required, properties, additionalProperties, items, enum, anyOf,
// minimum, minLength, maxLength, pattern. Returns the problems found, [] when valid.

export type Schema = { readonly [k: string]: unknown };

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** Follows a local `#/a/b` reference in `root`. */
export function resolveRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local $ref supported: ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(2).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (typeof node !== 'object' || node === null || !(part in node)) throw new Error(`unresolved $ref ${ref}`);
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Resolves `node` while it is a `{ $ref }`. */
export function deref<T>(root: unknown, node: T): T {
  let n: unknown = node;
  while (typeof n === 'object' && n !== null && typeof (n as Schema)['$ref'] === 'string') n = resolveRef(root, (n as Schema)['$ref'] as string);
  return n as T;
}

export function checkSchema(root: unknown, schemaNode: unknown, value: unknown, at = '$'): string[] {
  const schema = deref(root, schemaNode) as Schema;
  const problems: string[] = [];
  const t = typeOf(value);
  const types = schema['type'] === undefined ? undefined : ([] as unknown[]).concat(schema['type']);
  if (types && !types.includes(t) && !(t === 'integer' && types.includes('number'))) return [`${at}: expected ${types.join('|')}, got ${t}`];
  if (Array.isArray(schema['enum']) && !schema['enum'].includes(value)) problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema['enum'])}`);
  if (typeof schema['minimum'] === 'number' && typeof value === 'number' && value < schema['minimum']) problems.push(`${at}: below ${schema['minimum']}`);
  if (typeof value === 'string') {
    if (typeof schema['minLength'] === 'number' && [...value].length < schema['minLength']) problems.push(`${at}: shorter than ${schema['minLength']}`);
    if (typeof schema['maxLength'] === 'number' && [...value].length > schema['maxLength']) problems.push(`${at}: longer than ${schema['maxLength']}`);
    if (typeof schema['pattern'] === 'string' && !new RegExp(schema['pattern'], 'u').test(value)) problems.push(`${at}: does not match ${schema['pattern']}`);
  }
  if (Array.isArray(schema['anyOf'])) {
    const results = schema['anyOf'].map((s) => checkSchema(root, s, value, at));
    if (!results.some((r) => r.length === 0)) problems.push(`${at}: matches none of anyOf (${results.map((r) => r[0]).join('; ')})`);
  }
  if (t === 'object') {
    const obj = value as Record<string, unknown>;
    const props = (schema['properties'] ?? {}) as Record<string, unknown>;
    for (const r of (schema['required'] ?? []) as string[]) if (!(r in obj)) problems.push(`${at}: missing required "${r}"`);
    for (const [k, v] of Object.entries(obj)) {
      if (k in props) problems.push(...checkSchema(root, props[k], v, `${at}.${k}`));
      else if (schema['additionalProperties'] === false) problems.push(`${at}: unexpected property "${k}"`);
      else if (typeof schema['additionalProperties'] === 'object') problems.push(...checkSchema(root, schema['additionalProperties'], v, `${at}.${k}`));
    }
  }
  if (t === 'array' && schema['items'] !== undefined) {
    (value as unknown[]).forEach((v, i) => problems.push(...checkSchema(root, schema['items'], v, `${at}[${i}]`)));
  }
  return problems;
}
