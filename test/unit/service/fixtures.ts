// Service configurations shared by the reference service's tests.
import type { ServiceOptions, TenantConfig } from '../../../service/types';
import { demoOptions } from '../../../service/demo';

export const IP_LOCKED_KEY = 'lj_test_iplocked_00000000000000000000';
export const TIGHT_KEY = 'lj_test_tight_000000000000000000000000';

/** Only 10.9.9.9 may call, so 127.0.0.1 is refused. */
export const IP_LOCKED: TenantConfig = { name: 'ip-locked', apiKey: IP_LOCKED_KEY, domains: ['example.com'], allowedIps: ['10.9.9.9'] };

/** The demo configuration plus an IP-locked tenant and a tenant with a tiny limit. */
export function testOptions(extra: readonly TenantConfig[] = []): ServiceOptions {
  const base = demoOptions();
  return {
    ...base,
    tenants: [...base.tenants, IP_LOCKED, { name: 'tight', apiKey: TIGHT_KEY, domains: ['example.com'], rateLimit: { limit: 3, windowMs: 60_000 } }, ...extra],
  };
}

export const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;
