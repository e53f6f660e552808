import * as assert from 'node:assert/strict';
import { csvField, toCsv, toJson, toMarkdownSummary } from '../../../src/shared/results/export';
import { escapeMarkdown } from '../../../src/core/plainText';
import { buildTable } from '../../../src/shared/results/table';
import { account, accountsTable, sampleTable } from './fixtures';

describe('results export', () => {
  it('quotes CSV fields per RFC 4180', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\nlines'), '"two\nlines"');
    assert.equal(csvField(''), '');
  });

  it('defuses spreadsheet formulas', () => {
    assert.equal(csvField('=HYPERLINK("http://x","y")'), '"\'=HYPERLINK(""http://x"",""y"")"');
    assert.equal(csvField('+cmd|calc'), '"\'+cmd|calc"');
    assert.equal(csvField('-2+3'), '"\'-2+3"');
    assert.equal(csvField('@SUM(A1)'), '"\'@SUM(A1)"');
    assert.equal(csvField('\tx'), '"\'\tx"');
    assert.equal(csvField('a=b'), 'a=b');
  });

  it('leaves passwords out of CSV unless asked', () => {
    const table = accountsTable([account({ password: 'hunter2', username: '=evil()@example.com' })]);
    const csv = toCsv(table, [0], { includeSecrets: false });
    assert.equal(csv.split('\r\n')[0], 'date,username,url,ip,country,browser,status');
    assert.ok(!csv.includes('hunter2'));
    assert.ok(csv.includes(`"'=evil()@example.com"`));
    assert.ok(csv.endsWith('\r\n'));
    const withSecrets = toCsv(table, [0], { includeSecrets: true });
    assert.equal(withSecrets.split('\r\n')[0], 'date,username,password,url,ip,country,browser,status');
    assert.ok(withSecrets.includes('hunter2'));
  });

  it('exports the rows of the view in its order', () => {
    const table = sampleTable();
    const csv = toCsv(table, [4, 0], { includeSecrets: false });
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines.length, 3);
    assert.ok(lines[1]?.includes('erin@example.com'));
    assert.ok(lines[2]?.includes('alice@example.com'));
  });

  it('exports JSON with original field types and no passwords unless asked', () => {
    const table = buildTable({ type: 'customers', count: 1, records: [{ email: 'c@shop.example.com', password: 'pw', points: 3, ok: true, note: null }] });
    assert.deepEqual(JSON.parse(toJson(table, [0], { includeSecrets: false })), [{ email: 'c@shop.example.com', points: 3, ok: true, note: null }]);
    assert.deepEqual(JSON.parse(toJson(table, [0], { includeSecrets: true }))[0].password, 'pw');
  });

  it('writes a Markdown incident summary without passwords or live markup', () => {
    const table = accountsTable([
      account({ password: 'hunter2', url: 'https://<script>x</script>.example.com/', ip: '1.1.1.1', date: '2024-02-01T00:00:00.000Z' }),
      account({ password: 'hunter3', username: 'b@example.com', ip: '1.1.1.1', date: '2024-02-01T05:00:00.000Z' }),
      account({ password: 'hunter4', username: 'c@example.com', ip: '2.2.2.2', date: '2024-05-09T00:00:00.000Z', browser: '[x](javascript:alert(1))' }),
    ]);
    const md = toMarkdownSummary(table, [0, 1, 2], {
      domain: 'example.com',
      type: 'accounts',
      fetchedAt: Date.UTC(2025, 0, 2),
      range: { start: '20240101', end: '20241231' },
      total: 10,
      filterDescription: 'country US',
    });
    assert.ok(!/hunter/.test(md));
    assert.ok(!md.includes('<script>'));
    assert.ok(!md.includes('](javascript'));
    assert.match(md, /^# Leak report: example\.com \(accounts\)/);
    assert.match(md, /Range searched: 2024-01-01 to 2024-12-31/);
    assert.match(md, /Records in this view: 3 of 10/);
    assert.match(md, /Distinct usernames: 3/);
    assert.match(md, /Infected machines \(same IP, browser, country and day\): 2/);
    assert.match(md, /Date span: 2024-02-01 to 2024-05-09/);
    assert.match(md, /Filters: country US/);
  });

  it('escapes Markdown syntax and HTML', () => {
    assert.equal(escapeMarkdown('a|b <i>*x*</i>'), 'a\\|b &lt;i&gt;\\*x\\*&lt;/i&gt;');
  });
});
