// The SARIF log of leaked identifiers, checked with Microsoft's SARIF Multitool (schema and
// spec rules): valid for every kind, paths that need encoding, absolute URIs; never a password.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { relativeUri, sarifLog, SARIF_RULES, triageSuppression } from '../../../../src/core/export/sarif';
import type { SarifFinding } from '../../../../src/core/export/sarif';
import { validateSarif } from '../../../sarifValidator';

const FINDINGS: SarifFinding[] = [
  { path: 'config/.env', rule: 'leaked-password', level: 'error', message: 'A password leaked for alice@example.com appears here — rotate it', startLine: 4, startColumn: 13, endLine: 4, endColumn: 24 },
  { path: 'config/.env', rule: 'leaked-email', level: 'warning', message: 'alice@example.com appears in 2 leaked records (latest 2026-03-14)', startLine: 2, startColumn: 13, endLine: 2, endColumn: 30 },
  { path: 'docs/Ops notes #1 [draft].md', rule: 'leaked-url', level: 'warning', message: 'https://vpn.example.com/login appears in 1 leaked record', startLine: 1, startColumn: 1, endLine: 1, endColumn: 30 },
  { path: 'file:///other/root/hosts.txt', absolute: true, rule: 'leaked-host', level: 'note', message: 'vpn.example.com appears in 3 leaked records', startLine: 9, startColumn: 2, endLine: 9, endColumn: 17 },
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

  // [a file's path relative to the folder, the relative URI reference it must be]
  const ODD_PATHS: readonly (readonly [string, string])[] = [
    ['file:x.ts', './file:x.ts'],
    ['C:\\x.ts', './C:%5Cx.ts'],
    ['c:/x.ts', './c:/x.ts'],
    ['\\\\server\\share\\x.ts', '%5C%5Cserver%5Cshare%5Cx.ts'],
    ['http:/evil.example/x', './http:/evil.example/x'],
    ['src/a:b.ts', 'src/a:b.ts'],
    ['my file.ts', 'my%20file.ts'],
    ['a#b.ts', 'a%23b.ts'],
    ['100%.ts', '100%25.ts'],
    ['why?.ts', 'why%3F.ts'],
    ['docs/übersicht 📄.md', 'docs/%C3%BCbersicht%20%F0%9F%93%84.md'],
    ['mail@host.ts', 'mail@host.ts'],
    ['[x]{y}|z^`.ts', '%5Bx%5D%7By%7D%7Cz%5E%60.ts'],
    ['..foo/x.ts', '..foo/x.ts'],
    ['lone\ud800.ts', 'lone%EF%BF%BD.ts'],
  ];

  it('names odd files by valid relative URI references: encoded, a colon first behind ./ (table, Multitool)', () => {
    const findings: SarifFinding[] = ODD_PATHS.map(([p]) => ({ path: p, rule: 'leaked-email', level: 'warning', message: 'a@example.com appears in 1 leaked record', startLine: 1, startColumn: 1, endLine: 1, endColumn: 2 }));
    const log = sarifLog(findings, { version: '0.1.0', informationUri: 'https://github.com/leak-search/vscode-leak-search' }, 'file:///work/repo');
    const uris = (log as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }[] }[] }[] }).runs[0]?.results.map((r) => r.locations[0]?.physicalLocation.artifactLocation);
    ODD_PATHS.forEach(([p, expected], i) => {
      assert.equal(uris?.[i]?.uri, expected, p);
      assert.equal(uris?.[i]?.uriBaseId, '%SRCROOT%', p);
      // A relative reference: it resolves under the base, never to a scheme or host of its own.
      const resolved = new URL(expected, 'file:///work/repo/');
      assert.equal(resolved.protocol, 'file:', p);
      assert.ok(resolved.href.startsWith('file:///work/repo/'), `${p} -> ${resolved.href}`);
      assert.equal(relativeUri(p), expected);
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-sarif-'));
    try {
      const file = path.join(dir, 'odd.sarif');
      fs.writeFileSync(file, JSON.stringify(log, null, 1));
      const { errors, output } = validateSarif(file);
      assert.deepEqual(errors, [], output);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes a triaged finding as an accepted suppression, in the words of its decision', () => {
    assert.equal(triageSuppression({ state: 'false-positive' }), 'triaged as false positive');
    assert.equal(triageSuppression({ state: 'remediated' }), 'triaged as remediated');
    assert.equal(triageSuppression(undefined), undefined);
    const log = sarifLog([{ path: 'a.env', rule: 'leaked-email', level: 'note', severity: 'hint', message: 'm', startLine: 1, startColumn: 1, endLine: 1, endColumn: 2, suppression: 'triaged as false positive' }], { version: '0.0.0', informationUri: 'https://example.invalid' });
    assert.deepEqual((log as { runs: { results: { suppressions?: unknown }[] }[] }).runs[0]?.results[0]?.suppressions, [{ kind: 'external', status: 'accepted', justification: 'triaged as false positive' }]);
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
