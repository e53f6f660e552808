// The demo configuration: the demo tenant (example.com, example.org), a second tenant
// (other.test) to show that one tenant never sees another's domains, a third whose IP
// allow-list refuses local callers, generated data, and a few fixed, well-known records
// the demo and the tests can rely on.
import type { WireAccountRecord, WireOpenRecord } from './wire';
import type { Dataset, FaultRule, ServiceOptions, TenantConfig } from './types';
import { generateDataset } from './data';

export const DEMO_API_KEY = 'lj_demo_7f3a9c2e5b8d4f1a6c0e9b2d7a4f8c3e';
export const OTHER_API_KEY = 'lj_other_0b6e2d9a4c7f1e8b3a5d0c9f2e7b4a61';
/** A tenant that only 192.0.2.1 may use: every local request shows the IP 403. */
export const IP_LOCKED_API_KEY = 'lj_iplock_5d2c8e1f7a3b9d4e6c0f2a8b1e7d3c95';
export const DEMO_DOMAINS: readonly string[] = ['example.com', 'example.org'];
export const OTHER_DOMAINS: readonly string[] = ['other.test'];
export const DEMO_SEED = 20261001;

export const DEMO_ALICE: WireAccountRecord = {
  date: '2026-03-14T09:26:53.000Z',
  browser: 'Google Chrome',
  status: 'show',
  url: 'https://vpn.example.com/login',
  ip: '81.23.144.17',
  country: 'DE',
  username: 'alice@example.com',
  password: 'Summer2024!',
};

export const DEMO_BOB: WireAccountRecord = {
  date: '2025-07-02T18:04:11.000Z',
  browser: 'Microsoft Edge',
  status: 'show',
  url: 'https://gitlab.example.com/users/sign_in',
  ip: '177.54.201.88',
  country: 'BR',
  username: 'bob@example.com',
  password: 'b0bTheBuilder#7',
};

export const DEMO_JENKINS: WireAccountRecord = {
  date: '2024-11-20T03:41:07.000Z',
  browser: 'Mozilla Firefox',
  status: 'hide',
  url: 'https://jenkins.example.com/login',
  ip: '45.133.9.201',
  country: 'NL',
  username: 'jenkins-deploy',
  password: 'jenkins-Deploy-2024',
};

export const DEMO_CUSTOMER: WireOpenRecord = {
  date: '2026-01-08T21:15:30.000Z',
  browser: 'Opera GX',
  status: 'show',
  url: 'https://shop.example.com/customer/account/login/',
  ip: '103.87.12.64',
  country: 'ID',
  username: 'carol.customer@gmail.com',
  password: 'carol1999',
};

/** Fixed records in the demo data of example.com, besides the generated ones. */
export const DEMO_KNOWN_RECORDS = {
  domain: 'example.com',
  accounts: [DEMO_ALICE, DEMO_BOB, DEMO_JENKINS] as readonly WireAccountRecord[],
  customers: [DEMO_CUSTOMER] as readonly WireOpenRecord[],
} as const;

export interface DemoOptions {
  readonly seed?: number;
  /** Records from a file: domains in it replace the generated data and join the demo tenant. */
  readonly dataset?: Dataset;
  /** Fault rules of the demo tenant. */
  readonly faults?: readonly FaultRule[];
  /** Generated accounts records per demo domain (default 300; customers are a fifth of it). */
  readonly records?: number;
}

/**
 * The demo dataset: generated for example.com, example.org and other.test, plus the known
 * records. `records` accounts records per demo domain (a fifth as many customers records).
 */
export function demoDataset(seed = DEMO_SEED, records = 300): Dataset {
  const generated = {
    ...generateDataset(seed, DEMO_DOMAINS, { accountsPerDomain: records, customersPerDomain: Math.max(1, Math.floor(records / 5)) }),
    ...generateDataset(seed, OTHER_DOMAINS, { accountsPerDomain: 300, customersPerDomain: 60 }),
  };
  const known = generated[DEMO_KNOWN_RECORDS.domain] ?? { accounts: [], customers: [] };
  return {
    ...generated,
    [DEMO_KNOWN_RECORDS.domain]: {
      accounts: [...DEMO_KNOWN_RECORDS.accounts, ...known.accounts],
      customers: [...DEMO_KNOWN_RECORDS.customers, ...known.customers],
    },
  };
}

export function demoOptions(port?: number, opts: DemoOptions = {}): ServiceOptions {
  const fileDomains = Object.keys(opts.dataset ?? {}).map((d) => d.toLowerCase());
  const demo: TenantConfig = {
    name: 'demo',
    apiKey: DEMO_API_KEY,
    domains: [...new Set([...DEMO_DOMAINS, ...fileDomains.filter((d) => !OTHER_DOMAINS.includes(d))])],
    rateLimit: { limit: 10_000, windowMs: 3_600_000 },
    ...(opts.faults ? { faults: opts.faults } : {}),
  };
  const other: TenantConfig = {
    name: 'other',
    apiKey: OTHER_API_KEY,
    domains: OTHER_DOMAINS,
    rateLimit: { limit: 100, windowMs: 3_600_000 },
  };
  const ipLocked: TenantConfig = {
    name: 'ip-locked',
    apiKey: IP_LOCKED_API_KEY,
    domains: DEMO_DOMAINS,
    allowedIps: ['192.0.2.1'],
  };
  return {
    tenants: [demo, other, ipLocked],
    dataset: { ...demoDataset(opts.seed, opts.records), ...(opts.dataset ?? {}) },
    ...(port !== undefined ? { port } : {}),
  };
}
