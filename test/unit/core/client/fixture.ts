// The reference service for the client tests: the demo tenants plus tenants made for these
// tests (an IP allow-list that excludes loopback, tight rate limits, a key with characters
// that URL-encoding changes), started in-process on a free port.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startService } from '../../../../service/server';
import { DEMO_API_KEY, demoOptions } from '../../../../service/demo';
import type { RunningService, TenantConfig } from '../../../../service/types';
import { LeakSearchClient } from '../../../../src/core/client/client';
import type { ClientOptions } from '../../../../src/core/client/client';
import { LeakSearchError } from '../../../../src/core/service/errors';
import type { LeakSearchErrorKind } from '../../../../src/core/service/errors';
import { RateLimiter } from '../../../../src/core/client/rateLimit/limiter';
import { suiteResource } from '../../../suiteResource';

export { DEMO_API_KEY };
/** A key with characters that encodeURIComponent changes (`+ : = @ ! $ & , ;`), to test encoding and redaction. */
export const ODD_KEY = 'lj_odd+Key:42=x@y!$&,;_9c1f';
export const FAULTY_KEY = 'lj_faulty_5d2e8a1c9b7f4e3a6d0c8b2f1e9a7d4c';
export const IP_LOCKED_KEY = 'lj_iplocked_3b8e1f6a9c2d5e0b7a4f1c8e3d6b9a2f';
export const BURST_KEY = 'lj_burst_8a1d4f7c0e3b6a9d2f5c8e1b4a7d0c3f';
export const HOURLY_KEY = 'lj_hourly_2c5f8b1e4a7d0c3f6b9e2a5d8c1f4b7e';
export const PAIR_KEY = 'lj_pair_6e9b2d5a8c1f4e7b0d3a6c9f2b5e8a1d';
/** Rate limit of the pair tenant: 2 requests per hour. */
export const PAIR_LIMIT = { limit: 2, windowMs: 3_600_000 };

/** Rate limit of the burst tenant: 2 requests per 1-second window. */
export const BURST_LIMIT = { limit: 2, windowMs: 1_000 };

const extraTenants: readonly TenantConfig[] = [
  { name: 'odd', apiKey: ODD_KEY, domains: ['example.com'] },
  { name: 'faulty', apiKey: FAULTY_KEY, domains: ['example.com', 'example.org'] },
  { name: 'iplocked', apiKey: IP_LOCKED_KEY, domains: ['example.com'], allowedIps: ['203.0.113.7'] },
  { name: 'burst', apiKey: BURST_KEY, domains: ['example.com'], rateLimit: BURST_LIMIT },
  { name: 'pair', apiKey: PAIR_KEY, domains: ['example.com', 'example.org'], rateLimit: PAIR_LIMIT },
  { name: 'hourly', apiKey: HOURLY_KEY, domains: ['example.com'], rateLimit: { limit: 1, windowMs: 3_600_000 } },
];

export async function startTestService(): Promise<RunningService> {
  const demo = demoOptions();
  return startService({ ...demo, tenants: [...demo.tenants, ...extraTenants] });
}

/**
 * Starts the test service before the suite's tests and closes it after them (call inside
 * `describe`); before each test forgets its request log and rate-limit windows and, with
 * `clearFaults`, the faulty tenant's fault rules. The returned service stands for the running
 * one: use it inside tests and hooks.
 */
export function useTestService(options: { readonly clearFaults?: boolean } = {}): RunningService {
  const current = suiteResource('test service', startTestService);
  beforeEach(() => {
    current().reset();
    if (options.clearFaults) current().setFaults(FAULTY_KEY, []);
  });
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get requests() {
      return current().requests;
    },
    setFaults: (apiKey, faults) => current().setFaults(apiKey, faults),
    reset: () => current().reset(),
    close: () => current().close(),
  };
}

/** A client with its own limiter (tests must not share quota state) and fast retries. */
export function testClient(options: ClientOptions = {}): LeakSearchClient {
  return new LeakSearchClient({ limiter: new RateLimiter(), backoffBaseMs: 20, timeoutMs: 5_000, ...options });
}

/** Awaits `p`, asserts it failed with a LeakSearchError of `kind`, and returns the error. */
export async function failsWith(p: Promise<unknown>, kind: LeakSearchErrorKind): Promise<LeakSearchError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof LeakSearchError, `expected a LeakSearchError, got ${String(e)}`);
    assert.equal(e.kind, kind, `expected kind ${kind}, got ${e.kind}: ${e.message}`);
    return e;
  }
  assert.fail(`expected a ${kind} error, but the search succeeded`);
}

/** Polls `check` every 5 ms until it is true or `ms` pass. */
export async function until(check: () => boolean, ms = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A free loopback port that nothing listens on (bound, then closed). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/**
 * Call inside `describe`: what the returned function is given is closed after each test, even
 * when an assertion failed, so nothing keeps the process alive.
 */
export function closeAfterEach(): <T extends { close(): Promise<void> }>(x: T) => T {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((x) => x.close()));
  });
  return (x) => {
    open.push(x);
    return x;
  };
}
