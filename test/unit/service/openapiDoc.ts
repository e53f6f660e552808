// service/openapi.yaml for the tests, checked by a real JSON Schema 2020-12 validator (Ajv):
// the document itself against the OpenAPI 3.1 schema, and answers against the document's
// own schemas. The OpenAPI 3.1 schema is a copy of the OpenAPI Initiative's published one
// (test/fixtures/openapi/oas-3.1-schema-2022-10-07.json, Apache-2.0), so nothing is
// fetched at test time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { parse } from 'yaml';

// out/test/unit/service → the repository root
const ROOT = join(__dirname, '..', '..', '..', '..');
const SPEC_FILE = join(ROOT, 'service', 'openapi.yaml');
const OAS_SCHEMA_FILE = join(ROOT, 'test', 'fixtures', 'openapi', 'oas-3.1-schema-2022-10-07.json');
/** The name the document is registered under, so `openapi.yaml#/…` points into it. */
const DOC_ID = 'openapi.yaml';

/** The fields of an OpenAPI 3.1 document's root. */
const OPENAPI_FIELDS = ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags', 'externalDocs'];
/** Keywords OpenAPI adds to a schema object. */
const OPENAPI_SCHEMA_KEYWORDS = ['discriminator', 'xml', 'example'];

export type Node = { readonly [k: string]: unknown };

export function loadSpec(): unknown {
  return parse(readFileSync(SPEC_FILE, 'utf8')) as unknown;
}

/** Ajv's errors as short lines, [] when there are none. */
export function problems(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
}

/**
 * A validator of whole OpenAPI 3.1 documents. The published schema names the schema objects
 * through `$dynamicRef: "#meta"`, which Ajv resolves to the wrong place (it then refuses every
 * schema keyword); with no dialect extending it, that reference means exactly the schema's
 * own `$defs/schema`, so it is read that way. Formats (uri, email) are not checked: Ajv needs
 * a further package for them and the document's URLs are few and plain.
 */
export function openApiValidator(): ValidateFunction {
  if (!oasValidator) {
    const text = readFileSync(OAS_SCHEMA_FILE, 'utf8').replaceAll('"$dynamicRef": "#meta"', '"$ref": "#/$defs/schema"');
    oasValidator = new Ajv2020({ allErrors: true, strict: false, validateFormats: false }).compile(JSON.parse(text) as Node);
  }
  return oasValidator;
}
let oasValidator: ValidateFunction | undefined;

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

/** Resolves `node` while it is a `{ $ref }` (responses and headers; schemas are Ajv's job). */
export function deref<T>(root: unknown, node: T): T {
  let n: unknown = node;
  while (typeof n === 'object' && n !== null && typeof (n as Node)['$ref'] === 'string') n = resolveRef(root, (n as Node)['$ref'] as string);
  return n as T;
}

/**
 * Validators for the schemas inside the document: `schemaAt('#/components/schemas/X')`.
 * Strict Ajv, so a keyword it does not know is an error, not silently ignored; every schema
 * is compiled inside the document, so its `$ref`s resolve as they do for any reader.
 */
export class DocSchemas {
  readonly #ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(doc: unknown) {
    // Ajv compiles the document's root on the way to a `$ref` into it: its OpenAPI fields,
    // and the few OpenAPI keywords a schema object may carry, are known words, not mistakes.
    this.#ajv.addVocabulary([...OPENAPI_FIELDS, ...OPENAPI_SCHEMA_KEYWORDS]);
    this.#ajv.addSchema(doc as Node, DOC_ID);
  }

  /** The validator of the schema at a JSON pointer of the document (`#/…`). */
  schemaAt(pointer: string): ValidateFunction {
    let v = this.#compiled.get(pointer);
    if (!v) {
      v = this.#ajv.compile({ $ref: `${DOC_ID}${pointer}` });
      this.#compiled.set(pointer, v);
    }
    return v;
  }
}

/** Where `ptr` leads once every `$ref` on the way is followed (still a pointer into the document). */
export function settle(doc: unknown, ptr: string): string {
  for (let p = ptr; ; ) {
    const n = resolveRef(doc, p);
    if (typeof n !== 'object' || n === null || typeof (n as Node)['$ref'] !== 'string') return p;
    p = (n as Node)['$ref'] as string;
  }
}

/** `#/a/b~1c` for a path of keys. */
export function pointer(...keys: readonly string[]): string {
  return `#/${keys.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}
