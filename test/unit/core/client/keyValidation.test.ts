// Which search, if any, proves a newly set API key at once (src/core/client/keyValidation.ts).
import * as assert from 'node:assert/strict';
import { planKeyValidation } from '../../../../src/core/client/keyValidation';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('a new API key: tried at once, or not verified', () => {
  const base = { configured: [], checked: [], types: ['accounts'] as const, quotaResumesAt: undefined, now: NOW };

  it('tries a configured domain first, with the first findings type', () => {
    assert.deepEqual(planKeyValidation({ ...base, configured: ['example.com', 'example.org'], checked: ['other.test'], types: ['customers', 'accounts'] }), { kind: 'probe', domain: 'example.com', type: 'customers' });
  });

  it('else a domain checked before', () => {
    assert.deepEqual(planKeyValidation({ ...base, checked: ['other.test'] }), { kind: 'probe', domain: 'other.test', type: 'accounts' });
  });

  it('sends nothing while the quota is spent, and says until when', () => {
    const plan = planKeyValidation({ ...base, configured: ['example.com'], quotaResumesAt: NOW + 30 * 60_000 });
    assert.equal(plan.kind, 'unverified');
    assert.match(plan.kind === 'unverified' ? plan.reason : '', /quota is spent until \d\d:\d\d/);
  });

  it('sends nothing without a domain', () => {
    assert.deepEqual(planKeyValidation(base), { kind: 'unverified', reason: 'there is no domain to try it on yet' });
  });
});
