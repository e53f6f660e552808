// `leak-search merge`: reports of many jobs as one, each finding once, the same whatever order
// the jobs end in, from JSON and SARIF alike; --only-new with a state file across runs; a
// report that is not ours, or damaged, refused with its name and nothing written. The Markdown
// summary shows file names as inert text.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { markdownSummary, inertName } from '../../../src/cli/scan/summary';
import { parseReport } from '../../../src/cli/scan/report';
import type { ReportFinding } from '../../../src/cli/scan/report';
import { mergeFindings } from '../../../src/cli/commands/merge';
import { readBaseline } from '../../../src/cli/scan/baseline';
import { annotationsOf } from '../ci/workflowRunner';
import { useTempDirs } from './cliRunner';
import { runCli } from './spawnCli';

const FP = (n: number): string => n.toString(16).padStart(32, '0');

function finding(over: Partial<ReportFinding> = {}): ReportFinding {
  return { path: 'repos/a/deploy.env', line: 2, column: 14, endLine: 2, endColumn: 25, code: 'leaked-password', severity: 'error', level: 'error', message: 'A password leaked for alice@example.com appears here', fingerprint: FP(1), ...over };
}

const A = finding();
const B = finding({ path: 'repos/b/deploy.env', fingerprint: FP(2) });
const C = finding({ path: 'repos/b/docs/team.md', line: 1, column: 5, endLine: 1, endColumn: 22, code: 'leaked-email', severity: 'warning', level: 'warning', message: 'bob@example.com appears in 1 leaked record', fingerprint: FP(3) });
const H = finding({ path: 'repos/b/hosts.txt', line: 3, column: 1, endLine: 3, endColumn: 10, code: 'leaked-host', severity: 'hint', level: 'note', message: 'vpn.example.com', fingerprint: FP(4) });

function write(dir: string, name: string, value: unknown): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

describe('cli merge: many reports as one', function () {
  this.timeout(30_000);
  const tempDir = useTempDirs();

  it('keeps each finding once, unsuppressed when any job left it so, in one order whatever the order of the reports', () => {
    const suppressed = { ...C, suppressed: 'in the baseline' };
    const one = mergeFindings([[A, C], [B, suppressed, A]]);
    const other = mergeFindings([[B, suppressed, A], [C, A]]);
    assert.deepEqual(one, other);
    assert.deepEqual(one.map((f) => f.fingerprint), [FP(1), FP(2), FP(3)]);
    assert.equal(one.find((f) => f.fingerprint === FP(3))?.suppressed, undefined);
    // The same file in two commits of history is two findings.
    assert.equal(mergeFindings([[A, { ...A, commit: 'a'.repeat(40) }]]).length, 2);
  });

  it('merges JSON and SARIF reports from a folder of artifacts into JSON, SARIF or text, with --fail-on', async () => {
    const dir = tempDir();
    write(dir, 'reports/job-0/leak-search.json', [A, C]);
    const sarifRun = await runCli(['merge', '--format', 'sarif', '--fail-on', 'none', write(dir, 'b.json', [B, H, A])], {}, dir);
    assert.equal(sarifRun.code, 0, sarifRun.stderr);
    write(dir, 'reports/job-1/leak-search.sarif', sarifRun.stdout);
    const merged = await runCli(['merge', 'reports', '--format', 'json'], {}, dir);
    assert.equal(merged.code, 1, 'a password fails at the default --fail-on error');
    assert.deepEqual(JSON.parse(merged.stdout), mergeFindings([[A, B, C, H]]), 'SARIF reads back as the JSON it came from, a hint still a hint');
    assert.match(merged.stderr, /2 reports merged: 4 findings\./);
    const text = await runCli(['merge', 'reports', '--fail-on', 'none'], {}, dir);
    assert.equal(text.code, 0);
    assert.equal(text.stdout.split('\n')[0], 'repos/a/deploy.env:2:14 error leaked-password A password leaked for alice@example.com appears here');
    const notes = await runCli(['merge', 'reports', '--fail-on', 'note', '--format', 'sarif', '-o', 'out/merged.sarif'], {}, dir);
    assert.equal(notes.code, 1);
    const log = JSON.parse(fs.readFileSync(path.join(dir, 'out', 'merged.sarif'), 'utf8')) as { runs: { results: unknown[] }[] };
    assert.equal(log.runs[0]?.results.length, 4);
  });

  it('--only-new lists and fails only on findings the state has not seen, and remembers them', async () => {
    const dir = tempDir();
    const state = path.join(dir, 'state', 'findings.json');
    let nights = 0;
    const night = async (findings: ReportFinding[]): Promise<{ code: number | null; listed: ReportFinding[]; summary: string }> => {
      write(dir, 'r.json', findings);
      const summary = path.join(dir, `summary-${++nights}.md`);
      const run = await runCli(['merge', 'r.json', '--only-new', '--state', state, '--format', 'json', '--fail-on', 'warning', '--summary', summary], {}, dir);
      return { code: run.code, listed: JSON.parse(run.stdout) as ReportFinding[], summary: fs.readFileSync(summary, 'utf8') };
    };
    const first = await night([A, C]);
    assert.equal(first.code, 1);
    assert.equal(first.listed.length, 2);
    const second = await night([A, C]);
    assert.equal(second.code, 0);
    assert.deepEqual(second.listed, []);
    assert.match(second.summary, /no new leaked credentials found/);
    const third = await night([A, C, B]);
    assert.equal(third.code, 1);
    assert.deepEqual(third.listed.map((f) => f.fingerprint), [FP(2)]);
    assert.match(third.summary, /^### Leak Search: new since the last run: 1 error in 1 file$/m);
    const usage = await runCli(['merge', 'r.json', '--only-new'], {}, dir);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--only-new needs --state FILE/);
    fs.writeFileSync(state, '{"format":"something else"}');
    const wrongState = await runCli(['merge', 'r.json', '--only-new', '--state', state], {}, dir);
    assert.equal(wrongState.code, 2);
    assert.match(wrongState.stderr, /is not a state file of leak-search merge/);
  });

  it('refuses a report that is not ours or is damaged, naming it and the finding, and writes nothing', async () => {
    const dir = tempDir();
    const good = write(dir, 'good.json', [A]);
    const cases: [string, unknown, RegExp][] = [
      ['not-json.json', '{"runs": [', /is not JSON/],
      ['other-tool.sarif', { version: '2.1.0', runs: [{ tool: { driver: { name: 'gitleaks' } }, results: [] }] }, /SARIF log of another tool \(gitleaks\)/],
      ['object.json', { findings: [] }, /neither a json nor a sarif report/],
      ['no-path.json', [A, { ...A, path: '' }], /finding 2 has no path/],
      ['bad-line.json', [{ ...A, line: -1 }], /finding 1 has no valid line/],
      ['bad-rule.json', [{ ...A, code: 'curl-injection' }], /finding 1 has a rule that is not Leak Search's/],
      ['bad-fingerprint.json', [{ ...A, fingerprint: 'x' }], /finding 1 has an invalid fingerprint/],
      ['not-object.json', [A, 7], /finding 2 is not an object/],
    ];
    for (const [name, value, message] of cases) {
      const bad = write(dir, name, value);
      const run = await runCli(['merge', good, bad, '--format', 'json', '-o', 'merged.json'], {}, dir);
      assert.equal(run.code, 2, `${name}: ${run.stderr}`);
      assert.match(run.stderr, message, name);
      assert.ok(run.stderr.includes(name), `${name} is named`);
      assert.ok(!/\n\s+at /.test(run.stderr), 'no stack trace');
      assert.ok(!fs.existsSync(path.join(dir, 'merged.json')), 'nothing written');
    }
    const missing = await runCli(['merge', path.join(dir, 'nowhere')], {}, dir);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /does not exist/);
    fs.mkdirSync(path.join(dir, 'empty'));
    const empty = await runCli(['merge', 'empty'], {}, dir);
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /holds no \.json or \.sarif report/);
  });

  it('in GitHub Actions, prints a file name so that it can never start a workflow command', async () => {
    const dir = tempDir();
    write(dir, 'r.json', [{ ...A, path: '::warning::pwned' }, { ...B, path: '  ::error::x ##[error]y' }]);
    const run = await runCli(['merge', 'r.json', '--fail-on', 'none'], { GITHUB_ACTIONS: 'true' }, dir);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.stdout.split('\n').map((l) => l.split(' leaked-password')[0]), ['./  ::error::x ##\u2060[error]y:2:14 error', './::warning::pwned:2:14 error', '']);
    assert.deepEqual(annotationsOf(run.stdout), []);
    const plain = await runCli(['merge', 'r.json', '--fail-on', 'none'], {}, dir);
    assert.match(plain.stdout, /^::warning::pwned:2:14/m, 'elsewhere the name is printed as it is');
    const json = await runCli(['merge', 'r.json', '--format', 'json', '--fail-on', 'none'], { GITHUB_ACTIONS: 'true' }, dir);
    assert.equal((JSON.parse(json.stdout) as unknown[]).length, 2, 'JSON stays JSON');
  });

  it('writes a baseline with fingerprints, files and rules but no message, which scan --baseline reads', async () => {
    const dir = tempDir();
    write(dir, 'r.json', [A, C]);
    const run = await runCli(['merge', 'r.json', '--format', 'baseline', '--fail-on', 'none'], {}, dir);
    assert.equal(run.code, 0, run.stderr);
    const rows = JSON.parse(run.stdout) as Record<string, unknown>[];
    assert.deepEqual(rows.map((r) => Object.keys(r).sort()), [['code', 'fingerprint', 'level', 'line', 'path'], ['code', 'fingerprint', 'level', 'line', 'path']]);
    assert.ok(!run.stdout.includes('example.com'), 'no account');
    assert.deepEqual([...(readBaseline(write(dir, 'b.json', run.stdout)) as { fingerprints: ReadonlySet<string> }).fingerprints].sort(), [FP(1), FP(3)]);
  });

  it('reads a SARIF level, suppression or file only as SARIF means it', () => {
    const sarif = (result: object): string => JSON.stringify({ runs: [{ tool: { driver: { name: 'Leak Search' } }, results: [{ ruleId: 'leaked-email', message: { text: 'm' }, locations: [{ physicalLocation: { artifactLocation: { uri: 'a.txt', uriBaseId: '%SRCROOT%' }, region: { startLine: 1 } } }], ...result }] }] });
    for (const level of ['constructor', 'toString', '__proto__']) assert.throws(() => parseReport(sarif({ level }), 'r'), /result 1 has no valid level/, level);
    assert.equal(parseReport(sarif({ suppressions: [{ status: 'rejected', justification: 'no' }] }), 'r')[0]?.suppressed, undefined);
    assert.equal(parseReport(sarif({ suppressions: [{ status: 'underReview' }] }), 'r')[0]?.suppressed, undefined);
    assert.equal(parseReport(sarif({ suppressions: [{ kind: 'external', justification: 'triaged as fixed' }] }), 'r')[0]?.suppressed, 'triaged as fixed');
    for (const uri of ['https://evil.example/x', '/etc/passwd', 'file:///etc/passwd', '%2Fetc%2Fpasswd', '..%2F..%2Fx', 'a/../../x']) {
      assert.throws(() => parseReport(sarif({ locations: [{ physicalLocation: { artifactLocation: { uri, uriBaseId: '%SRCROOT%' }, region: { startLine: 1 } } }] }), 'r'), /not relative to its base/, uri);
    }
  });

  it('reads a message or name with control characters as one line', () => {
    const [f] = parseReport(JSON.stringify([{ ...A, message: 'two\nlines\u001b[31m', suppressed: 'a\rb' }]), 'r');
    assert.equal(f?.message, 'two?lines?[31m');
    assert.equal(f?.suppressed, 'a?b');
  });
});

describe('cli summary: the Markdown a CI job shows', () => {
  it('shows a hostile file name as inert text: no link, image, mention, HTML or extra table cell', () => {
    for (const name of ['x|y.env', '<img src=x onerror=alert(1)>.env', '[click](https://evil.example)', '![i](https://evil.example/i.png)', '@org/security-team', 'www.evil.example', '`code` *em* _u_ ~~s~~', 'a\nb\u0007c', 'x'.repeat(500)]) {
      const shown = inertName(name);
      const inside = shown.slice('<code>'.length, -'</code>'.length);
      assert.ok(shown.startsWith('<code>') && shown.endsWith('</code>'));
      assert.ok(!/[<>|[\]()`*_~@\n]/.test(inside.replace(/&#\d+;/g, '')), `${JSON.stringify(name)} → ${shown}`);
      assert.ok(!/www\./i.test(inside.replace(/&#46;/g, '.')), 'no bare www. autolink');
      assert.ok(inside.length < 2000);
    }
    // A bidi override cannot make a name read as another; a cut never splits a character.
    assert.equal(inertName('invoice\u202Egpj.exe'), '<code>invoice&#63;gpj&#46;exe</code>');
    assert.equal(inertName('😀'.repeat(200), 10), `<code>${'😀'.repeat(9)}…</code>`);
  });

  it('counts by level and file, says whether the job fails and what to do, and names no account', () => {
    const text = markdownSummary([A, B, C, { ...C, fingerprint: FP(9), suppressed: 'triaged as fixed' }, H], { failOn: 'warning', scanned: { files: 12, skipped: 1 } });
    assert.match(text, /^### Leak Search: 2 errors, 1 warning, 1 note in 4 files$/m);
    assert.match(text, /\*\*This job fails:\*\* 3 findings at or above `warning`\./);
    assert.match(text, /^\| Warning: a leaked account or site \| 1 \| 1 \|$/m);
    assert.match(text, /12 files scanned, 1 skipped/);
    assert.match(text, /Rotate it everywhere it is used/);
    assert.ok(!text.includes('alice@example.com') && !text.includes('bob@example.com'), 'no account: a job summary is public on a public repository');
    assert.match(markdownSummary([], { failOn: 'error' }), /^### Leak Search: no leaked credentials found$/m);
  });
});
