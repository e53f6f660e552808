// Planning a check (src/core/service/checkPlan.ts): targets → the searches to send, each once; invalid
// targets come back with their error and take nothing else down with them.
import * as assert from 'node:assert/strict';
import { planChecks } from '../../../../src/core/service/checkPlan';
import type { PlanDefaults } from '../../../../src/core/service/checkPlan';

const NOW = Date.UTC(2026, 10, 23, 12);
const defaults: PlanDefaults = { findingsTypes: ['accounts', 'customers'], dateRange: { mode: 'all' }, now: NOW };

describe('check planning', () => {
  it('one search per domain and findings type from the settings, repeats dropped, domains normalised', () => {
    const plan = planChecks([{ domain: 'Example.COM' }, { domain: 'example.com', type: 'accounts' }, { domain: 'b.example.org.' }], defaults);
    assert.deepEqual(plan.queries, [
      { domain: 'example.com', type: 'accounts' },
      { domain: 'example.com', type: 'customers' },
      { domain: 'b.example.org', type: 'accounts' },
      { domain: 'b.example.org', type: 'customers' },
    ]);
    assert.deepEqual(plan.invalid, []);
  });

  it("a target's own type and range win; range null means all dates even when the settings say otherwise", () => {
    const lastYear: PlanDefaults = { ...defaults, dateRange: { mode: 'fixed', start: '2025-01-01', end: '20251231' } };
    const plan = planChecks([{ domain: 'example.com', type: 'customers', range: { start: '20240101', end: '20240630' } }, { domain: 'example.net', range: null }, { domain: 'example.org', type: 'accounts' }], lastYear);
    assert.deepEqual(plan.queries, [
      { domain: 'example.com', type: 'customers', range: { start: '20240101', end: '20240630' } },
      { domain: 'example.net', type: 'accounts' },
      { domain: 'example.net', type: 'customers' },
      { domain: 'example.org', type: 'accounts', range: { start: '20250101', end: '20251231' } },
    ]);
  });

  it('an invalid domain or range is returned with its error; the valid targets are still planned', () => {
    const plan = planChecks([{ domain: 'not a domain' }, { domain: 'example.com', type: 'accounts', range: { start: '20241301', end: '20241231' } }, { domain: 'ok.example', type: 'accounts' }], defaults);
    assert.deepEqual(plan.queries, [{ domain: 'ok.example', type: 'accounts' }]);
    assert.deepEqual(plan.invalid.map((i) => [i.target.domain, i.error.kind]), [['not a domain', 'invalid-input'], ['example.com', 'invalid-input']]);
  });
});
