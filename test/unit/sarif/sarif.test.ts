// The SARIF log of leaked identifiers, checked with Microsoft's SARIF Multitool (schema and
// spec rules): valid for every kind, paths that need encoding, absolute URIs; never a password.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sarifLog, SARIF_RULES } from '../../../src/core/sarif';
import type { SarifFinding } from '../../../src/core/sarif';
import { validateSarif } from '../../sarifValidator';

const FINDINGS: SarifFinding[] = [
  { path: 'config/.env', rule: 'leaked-password', level: 'error', message: 'A password leaked for alice@example.com appears here — rotate it', startLine: 4, startColumn: 13, endLine: 4, endColumn: 24 },
  { path: 'config/.env', rule: 'leaked-email', level: 'warning', message: 'alice@example.com appears in 2 leaked records (latest 2026-03-14)', startLine: 2, startColumn: 13, endLine: 2, endColumn: 30 },
  { path: 'docs/Ops notes #1 [draft].md', rule: 'leaked-url', level: 'warning', message: 'https://vpn.example.com/login appears in 1 leaked record', startLine: 1, startColumn: 1, endLine: 1, endColumn: 30 },
  { path: 'file:///other/root/hosts.txt', rule: 'leaked-host', level: 'note', message: 'vpn.example.com appears in 3 leaked records', startLine: 9, startColumn: 2, endLine: 9, endColumn: 17 },
  { path: 'x.txt', rule: 'leaked-username', level: 'warning', message: 'jenkins-deploy appears in 1 leaked record', startLine: 1, startColumn: 1, endLine: 1, endColumn: 15 },
];

describe('SARIF export', function () {
  this.timeout(180_000);

  it('is a valid SARIF 2.1.0 log (Microsoft SARIF Multitool), one rule per kind, no password', () => {
    const log = sarifLog(FINDINGS, { version: '0.1.0', informationUri: 'https://github.com/leak-search/vscode-leak-search' }, 'file:///work/repo');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-sarif-'));
    try {
      const file = path.join(dir, 'leaks.sarif');
      const text = JSON.stringify(log, null, 1);
      fs.writeFileSync(file, text);
      const { errors, output } = validateSarif(file);
      assert.deepEqual(errors, [], output);
      assert.ok(!text.includes('Summer2024'), 'no password value');
      const run = (log as { runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] }).runs[0];
      assert.deepEqual(run?.tool.driver.rules.map((r) => r.id), SARIF_RULES.map((r) => r.id));
      assert.deepEqual(run?.results.map((r) => r.ruleId), FINDINGS.map((f) => f.rule));
      assert.equal(run?.results[2]?.locations[0]?.physicalLocation.artifactLocation.uri, 'docs/Ops%20notes%20%231%20%5Bdraft%5D.md');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the validator catches a broken log (the check can fail)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-sarif-'));
    try {
      const file = path.join(dir, 'broken.sarif');
      fs.writeFileSync(file, JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: {} }, results: [{ level: 'fatal' }] }] }));
      assert.notDeepEqual(validateSarif(file).errors, []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
