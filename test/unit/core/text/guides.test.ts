// Which remediation guide fits which finding, and that every guide ships as a plain Markdown
// file (no HTML, no remote images or links that would load anything).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GUIDE_KINDS, MACHINE_RECORDS, guideFor, guidePath, guideTitle, isGuideKind } from '../../../../src/core/text/guides';

const ROOT = path.resolve(__dirname, '../../../../..');

describe('remediation guides', () => {
  it('picks the employee guide for accounts, the customer guide for customers', () => {
    assert.equal(guideFor({ type: 'accounts' }), 'employee-account');
    assert.equal(guideFor({ type: 'customers' }), 'customer-credentials');
    assert.equal(guideFor({ type: 'accounts', machineRecords: MACHINE_RECORDS - 1 }), 'employee-account');
  });

  it('picks the infected-machine guide for a machine group, or a record whose machine leaked several records', () => {
    assert.equal(guideFor({ type: 'accounts', machineGroup: true, machineRecords: 1 }), 'infected-machine');
    assert.equal(guideFor({ type: 'customers', machineRecords: MACHINE_RECORDS }), 'infected-machine');
  });

  it('ships each guide as Markdown with its title, and nothing that loads or runs', () => {
    for (const kind of GUIDE_KINDS) {
      const text = fs.readFileSync(path.join(ROOT, guidePath(kind)), 'utf8');
      assert.match(text, /^# /, kind);
      assert.match(guideTitle(kind), /^Remediation guide: ./);
      assert.doesNotMatch(text, /<[a-z!/]|https?:\/\/|\]\(/i, `${kind}: no HTML, no links`);
      assert.ok(/Remediated/.test(text), `${kind}: says how to record the decision`);
    }
    assert.ok(isGuideKind('infected-machine'));
    assert.ok(!isGuideKind('../../etc/passwd'));
  });
});
