// The surface a second front end calls, driven in plain Node as the command line will drive
// it: check a domain against the reference service over loopback HTTP, read the result,
// scan a file against it and write SARIF that the SARIF validator accepts. No VS Code.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_ALICE, DEMO_API_KEY, demoOptions } from '../../../service/demo';
import { startService } from '../../../service/server';
import type { RunningService } from '../../../service/types';
import { LeakSearchSession } from '../../../src/engine/leakSearchSession';
import { validateSarif } from '../../sarifValidator';

describe('LeakSearchSession: the front-end surface in plain Node', () => {
  let service: RunningService;
  let dir: string;
  before(async () => {
    service = await startService(demoOptions());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-session-'));
  });
  after(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('checks a domain, scans a file against the result and exports SARIF', async function () {
    this.timeout(120_000);
    const session = await LeakSearchSession.open({ baseUrl: service.baseUrl, apiKey: DEMO_API_KEY });
    try {
      const outcomes = await session.check([{ domain: 'Example.COM.' }, { domain: 'not a domain' }]);
      assert.equal(outcomes.length, 2);
      const bad = outcomes.find((o) => o.error);
      assert.equal(bad?.error?.kind, 'invalid-input', 'the invalid target is reported, not lost');
      const ok = outcomes.find((o) => o.result);
      assert.ok(ok?.result, `the check failed: ${ok?.error?.message}`);
      assert.deepEqual(ok.result.query, { domain: 'example.com', type: 'accounts' });
      assert.ok(ok.result.records > 0, 'records arrived');
      assert.equal(service.requests.length, 1, 'one request for the valid domain');
      assert.ok(session.quota(), 'the quota the service reported is known');
      assert.deepEqual(session.results().map((r) => r.key), [ok.result.key]);

      const sites = await session.sites(ok.result.key);
      assert.ok(sites.items.some((s) => s.site === 'vpn.example.com'), 'records group by site');
      const records = await session.records(ok.result.key, 'vpn.example.com');
      assert.ok(records.items.some((r) => r.username === DEMO_ALICE.username));
      assert.ok(!JSON.stringify(records.items).includes(DEMO_ALICE.password as string), 'no password in the records read');

      await session.index();
      const file = path.join(dir, 'src', 'config.env');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `# deploy\nVPN_USER=${DEMO_ALICE.username}\nVPN_PASSWORD=${DEMO_ALICE.password}\n`);
      const findings = await session.scanFile(file);
      assert.ok(findings, 'the file was scanned');
      const email = findings.find((f) => f.code === 'leaked-email');
      assert.deepEqual(email && [email.startLine, email.startColumn, email.endColumn, email.severity], [2, 10, 10 + (DEMO_ALICE.username as string).length, 'warning']);
      const password = findings.find((f) => f.code === 'leaked-password');
      assert.deepEqual(password && [password.startLine, password.severity], [3, 'error']);
      for (const f of findings) assert.ok(!f.message.includes(DEMO_ALICE.password as string), 'no message holds the password');

      fs.writeFileSync(path.join(dir, 'blob.bin'), Buffer.from([0x61, 0, 0x62]));
      assert.equal(await session.scanFile(path.join(dir, 'blob.bin')), undefined, 'a binary file is skipped');
      if (process.platform !== 'win32') {
        // A named pipe nothing writes to: skipped at once, never waited on.
        const fifo = path.join(dir, 'pipe');
        execFileSync('mkfifo', [fifo]);
        assert.equal(await session.scanFile(fifo), undefined, 'a named pipe is skipped');
      }

      const sarif = session.sarif(findings, { version: '0.0.0-test', informationUri: 'https://example.com/leak-search' }, { path: dir, uri: `file://${dir}/` });
      const out = path.join(dir, 'leaks.sarif');
      fs.writeFileSync(out, JSON.stringify(sarif, null, 2));
      const text = fs.readFileSync(out, 'utf8');
      assert.ok(text.includes('"uri": "src/config.env"'), 'paths are relative to the folder');
      assert.ok(!text.includes(DEMO_ALICE.password as string) && !text.includes(DEMO_API_KEY), 'no password or key in the SARIF');
      assert.deepEqual(validateSarif(out).errors, []);
    } finally {
      await session.close();
    }
  });
});
