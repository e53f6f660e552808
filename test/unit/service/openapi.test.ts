// service/openapi.yaml is a valid OpenAPI 3.1 document (checked against the published
// schema by Ajv), and the running reference service answers exactly as it says: every status,
// header and body of a real answer validates against the document's own schemas.
import * as assert from 'node:assert/strict';
import type { RunningService } from '../../../service/types';
import { startService } from '../../../service/server';
import { DEMO_API_KEY } from '../../../service/demo';
import { IP_LOCKED_KEY, TIGHT_KEY, testOptions } from './fixtures';
import type { RawResponse } from './http';
import { rawGet, searchPath } from './http';
import type { Node } from './openapiDoc';
import { DocSchemas, deref, loadSpec, openApiValidator, pointer, problems, settle } from './openapiDoc';

type Doc = { openapi: string; paths: Record<string, { get?: { operationId?: string; responses: Record<string, unknown> } }> };
type ResponseObject = { headers?: Record<string, unknown>; content?: Record<string, unknown> };

const ALL = '/search/{api_key}/{domain}/{findings_type}';
const RANGE = '/search/{api_key}/{domain}/{findings_type}/{start_date}/{end_date}';
const ONE = '/search/{api_key}/{domain}/{findings_type}/{start_date}';

describe('service: OpenAPI document against the running service', () => {
  const doc = loadSpec() as Doc;
  const schemas = new DocSchemas(doc);
  let svc: RunningService;
  before(async () => {
    svc = await startService({ ...testOptions(), anonymousRateLimit: { limit: 40, windowMs: 60_000 } });
  });
  after(() => svc.close());

  /** Problems of `value` against the schema at `ptr` (a pointer into the document). */
  function check(ptr: string, value: unknown): string[] {
    const validate = schemas.schemaAt(ptr);
    return validate(value) ? [] : problems(validate.errors);
  }

  /** Checks one real response against what the document says for this path and status. */
  function conforms(template: string, r: RawResponse, what: string): void {
    const op = doc.paths[template]?.get;
    assert.ok(op, `${template} is documented`);
    assert.ok(op.responses[String(r.status)], `${what}: status ${r.status} is documented for ${template}`);
    const at = settle(doc, pointer('paths', template, 'get', 'responses', String(r.status)));
    const response = deref<ResponseObject>(doc, { $ref: at } as ResponseObject);
    for (const name of Object.keys(response.headers ?? {})) {
      const headerAt = settle(doc, `${at}/headers/${name}`);
      const header = deref<Node>(doc, { $ref: headerAt });
      const value = r.headers[name.toLowerCase()];
      if (header['required'] === true) assert.ok(value !== undefined, `${what}: header ${name}`);
      if (value !== undefined) {
        // A header is text on the wire; a schema of type integer reads it as a number.
        const typed = /^-?\d+$/.test(String(value)) && deref<Node>(doc, { $ref: `${headerAt}/schema` })['type'] === 'integer' ? Number(value) : value;
        assert.deepEqual(check(`${headerAt}/schema`, typed), [], `${what}: header ${name}=${String(value)}`);
      }
    }
    const media = String(r.headers['content-type']).split(';')[0] ?? '';
    assert.ok(response.content?.[media], `${what}: ${media} is a documented content type`);
    assert.deepEqual(check(`${at}/content/${media.replace(/\//g, '~1')}/schema`, JSON.parse(r.body)), [], `${what}: body matches the schema`);
  }

  it('is a valid OpenAPI 3.1 document (the published schema), every $ref resolvable, an operation per path', () => {
    assert.equal(doc.openapi, '3.1.0');
    const validate = openApiValidator();
    assert.deepEqual(validate(doc) ? [] : problems(validate.errors), []);
    const refs: string[] = [];
    const walk = (n: unknown): void => {
      if (Array.isArray(n)) n.forEach(walk);
      else if (typeof n === 'object' && n !== null) {
        for (const [k, v] of Object.entries(n)) {
          if (k === '$ref') refs.push(String(v));
          else walk(v);
        }
      }
    };
    walk(doc);
    assert.ok(refs.length > 20);
    for (const ref of refs) assert.doesNotThrow(() => settle(doc, ref), ref);
    assert.deepEqual(Object.keys(doc.paths).sort(), [ALL, ONE, RANGE].sort());
    for (const p of Object.values(doc.paths)) assert.ok(p.get?.operationId);
  });

  it('the OpenAPI check refuses a broken document (so a pass means something)', () => {
    const validate = openApiValidator();
    const broken = structuredClone(doc) as unknown as { info?: unknown; paths: Record<string, { get: { responses: Record<string, unknown> } }> };
    delete broken.info;
    const get = broken.paths[ALL]?.get;
    assert.ok(get);
    get.responses['200'] = { content: {} };
    assert.equal(validate(broken), false);
    const found = problems(validate.errors);
    assert.ok(found.some((p) => p.includes("'info'")), found.join('\n'));
    assert.ok(found.some((p) => p.includes("'description'")), found.join('\n'));
  });

  it('every status the service answers is documented with its headers and body, and every documented status occurs', async () => {
    const seen = new Map<string, Set<string>>();
    const check = async (template: string, path: string, expected: number, setup?: () => void): Promise<void> => {
      setup?.();
      const r = await rawGet(svc.baseUrl, path);
      assert.equal(r.status, expected, path.replace(DEMO_API_KEY, '***'));
      conforms(template, r, `${expected} ${template}`);
      seen.set(template, (seen.get(template) ?? new Set()).add(String(r.status)));
      svc.setFaults(DEMO_API_KEY, []);
    };
    const k = DEMO_API_KEY;
    for (const [template, dates] of [[ALL, []], [RANGE, ['20240101', '20261031']]] as const) {
      const p = (key: string, domain: string, type: string): string => searchPath(key, domain, type, dates[0], dates[1]);
      await check(template, p(k, 'example.com', 'accounts'), 200);
      await check(template, p(k, 'example.org', 'c'), 200);
      await check(template, p(k, 'bad domain', 'accounts'), 400);
      await check(template, p(k, 'example.com', 'x'), 400);
      await check(template, p(k, 'example.com', 'accounts') + '?q=1', 400);
      await check(template, p('wrong', 'example.com', 'accounts'), 401);
      await check(template, p(k, 'other.test', 'accounts'), 403);
      await check(template, p(IP_LOCKED_KEY, 'example.com', 'accounts'), 403);
      await check(template, p(k, '', 'accounts'), 404);
      for (let i = 0; i < 3; i++) await rawGet(svc.baseUrl, p(TIGHT_KEY, 'example.com', 'accounts'));
      await check(template, p(TIGHT_KEY, 'example.com', 'accounts'), 429);
      svc.reset();
      await check(template, p(k, 'example.com', 'accounts'), 500, () => svc.setFaults(k, [{ fault: 'error-500' }]));
      await check(template, p(k, 'example.com', 'accounts'), 502, () => svc.setFaults(k, [{ fault: 'error-502' }]));
      await check(template, p(k, 'example.com', 'accounts'), 503, () => svc.setFaults(k, [{ fault: 'error-503' }]));
    }
    await check(RANGE, searchPath(k, 'example.com', 'accounts', '20240230', '20240301'), 400);
    await check(RANGE, searchPath(k, 'example.com', 'accounts', '20250102', '20250101'), 400);
    await check(ONE, searchPath(k, 'example.com', 'accounts', '20250101'), 400);
    await check(ONE, searchPath('wrong', 'example.com', 'accounts', '20250101'), 401);
    await check(ONE, searchPath(IP_LOCKED_KEY, 'example.com', 'accounts', '20250101'), 403);
    for (let i = 0; i < 3; i++) await rawGet(svc.baseUrl, searchPath(TIGHT_KEY, 'example.com', 'accounts'));
    await check(ONE, searchPath(TIGHT_KEY, 'example.com', 'accounts', '20250101'), 429);
    // Paths that are not searches answer the documented 404.
    for (const path of ['/', '/nothing', `/search/${k}/example.com/accounts/1/2/3`]) await check(ALL, path, 404);

    for (const [template, item] of Object.entries(doc.paths)) {
      assert.deepEqual([...(seen.get(template) ?? [])].sort(), Object.keys(item.get?.responses ?? {}).sort(), `statuses of ${template}`);
    }
  });

  it('the schema check catches a mismatch (so a pass means something)', () => {
    const result = '#/components/schemas/SearchResult';
    assert.deepEqual(check(result, { count: 0, results: [] }), []);
    assert.notDeepEqual(check(result, { count: '1', results: [] }), []);
    assert.notDeepEqual(check(result, { count: 1 }), []);
    assert.notDeepEqual(check(result, { count: 1, results: [{ date: '2024', nested: {} }] }), []);
    assert.notDeepEqual(check(result, { count: -1, results: [] }), []);
    assert.notDeepEqual(check('#/components/responses/Unauthorized/content/application~1json/schema', { error: 'Invalid key' }), []);
  });
});
