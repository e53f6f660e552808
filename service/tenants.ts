// Tenants and their API keys. A key is found by comparing SHA-256 digests with
// crypto.timingSafeEqual against every tenant (no early exit), so neither the position
// of the first differing character nor which tenant matched shows in the timing.
import * as crypto from 'node:crypto';
import type { TenantConfig } from './types';

function digest(text: string): Buffer {
  return crypto.createHash('sha256').update(text, 'utf8').digest();
}

export class TenantDirectory {
  private readonly entries: { readonly tenant: TenantConfig; readonly keyDigest: Buffer }[];

  constructor(tenants: readonly TenantConfig[]) {
    this.entries = tenants.map((tenant) => ({ tenant, keyDigest: digest(tenant.apiKey) }));
  }

  /** The tenant whose key equals `apiKey`, compared in constant time. */
  find(apiKey: string): TenantConfig | undefined {
    const candidate = digest(apiKey);
    let found: TenantConfig | undefined;
    for (const e of this.entries) {
      if (crypto.timingSafeEqual(candidate, e.keyDigest) && !found) found = e.tenant;
    }
    return found;
  }

  all(): readonly TenantConfig[] {
    return this.entries.map((e) => e.tenant);
  }
}
