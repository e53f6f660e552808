// The reference service's tenants: keys compared in constant time against every tenant, and IP allow-lists.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type * as CryptoModule from 'node:crypto';
import type { RunningService, TenantConfig } from '../../../service/types';
import { startService } from '../../../service/server';
import { TenantDirectory } from '../../../service/tenants';
import { DEMO_API_KEY, IP_LOCKED_API_KEY, OTHER_API_KEY, demoOptions } from '../../../service/demo';
import { rawGet, searchPath } from './http';

const cryptoModule = createRequire(__filename)('node:crypto') as typeof CryptoModule;

/** Runs `fn` while counting calls to crypto.timingSafeEqual (and their argument lengths). */
async function countingCompares<T>(fn: () => Promise<T> | T): Promise<{ result: T; calls: [number, number][] }> {
  const original = cryptoModule.timingSafeEqual;
  const calls: [number, number][] = [];
  cryptoModule.timingSafeEqual = (a, b) => {
    calls.push([a.byteLength, b.byteLength]);
    return original(a, b);
  };
  try {
    return { result: await fn(), calls };
  } finally {
    cryptoModule.timingSafeEqual = original;
  }
}

const tenants: TenantConfig[] = [
  { name: 't1', apiKey: 'key-one', domains: ['one.test'] },
  { name: 't2', apiKey: 'key-two-is-longer', domains: ['two.test'] },
  { name: 't3', apiKey: 'k3', domains: ['three.test'] },
];

describe('service: tenants and keys', () => {
  it('compares keys with crypto.timingSafeEqual on fixed-size digests, against every tenant', async () => {
    const dir = new TenantDirectory(tenants);
    for (const [key, name] of [['key-one', 't1'], ['k3', 't3'], ['key-on', undefined], ['x'.repeat(500), undefined]] as const) {
      const { result, calls } = await countingCompares(() => dir.find(key));
      assert.equal(result?.name, name, key);
      assert.equal(calls.length, tenants.length, 'no early exit');
      assert.ok(calls.every(([a, b]) => a === 32 && b === 32), 'SHA-256 digests, whatever the key length');
    }
  });

  it('the running service looks keys up through the constant-time comparison', async () => {
    const svc = await startService(demoOptions());
    try {
      const { result, calls } = await countingCompares(() => rawGet(svc.baseUrl, searchPath(DEMO_API_KEY, 'example.com', 'accounts')));
      assert.equal(result.status, 200);
      assert.ok(calls.length >= 2);
    } finally {
      await svc.close();
    }
  });

  describe('IP allow-list', () => {
    let svc: RunningService;
    before(async () => {
      const base = demoOptions();
      svc = await startService({
        ...base,
        tenants: [
          { name: 'locked', apiKey: 'locked-key', domains: ['example.com'], allowedIps: ['10.9.9.9'] },
          { name: 'loopback', apiKey: 'loopback-key', domains: ['example.com'], allowedIps: ['10.9.9.9', '127.0.0.1'] },
        ],
      });
    });
    after(() => svc.close());

    it('refuses a caller that is not listed and serves one that is', async () => {
      const refused = await rawGet(svc.baseUrl, searchPath('locked-key', 'example.com', 'accounts'));
      assert.equal(refused.status, 403);
      assert.equal(refused.body, '{"error":"Requests from this IP address are not permitted."}');
      const served = await rawGet(svc.baseUrl, searchPath('loopback-key', 'example.com', 'accounts'));
      assert.equal(served.status, 200);
    });
  });

  it('setFaults refuses an unknown key without echoing it', async () => {
    const svc = await startService(demoOptions());
    try {
      assert.throws(() => svc.setFaults('secret-unknown-key', []), (e: Error) => !e.message.includes('secret-unknown-key'));
    } finally {
      await svc.close();
    }
  });
});

describe('service: demo tenants', () => {
  it('demo sees its domains, other sees only other.test, ip-locked is refused from loopback', async () => {
    const svc = await startService(demoOptions());
    try {
      const status = async (key: string, domain: string): Promise<number> => (await rawGet(svc.baseUrl, searchPath(key, domain, 'accounts'))).status;
      assert.deepEqual(
        [await status(DEMO_API_KEY, 'example.com'), await status(DEMO_API_KEY, 'example.org'), await status(DEMO_API_KEY, 'other.test')],
        [200, 200, 403],
      );
      assert.deepEqual([await status(OTHER_API_KEY, 'other.test'), await status(OTHER_API_KEY, 'example.com')], [200, 403]);
      const locked = await rawGet(svc.baseUrl, searchPath(IP_LOCKED_API_KEY, 'example.com', 'accounts'));
      assert.equal(locked.body, '{"error":"Requests from this IP address are not permitted."}');
    } finally {
      await svc.close();
    }
  });
});
