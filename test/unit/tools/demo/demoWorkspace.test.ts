// The demo workspace (`npm run demo`) holds identifiers the demo service really returns, and
// writing it twice gives the same folder (a second `npm run demo` starts afresh).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_API_KEY, DEMO_DOMAINS, demoOptions } from '../../../../service/demo';
import { startService } from '../../../../service/server';
import type { RunningService } from '../../../../service/types';
import { writeDemoWorkspace } from '../../../../tools/demo/demoWorkspace';

interface SearchBody {
  readonly results: readonly Readonly<Record<string, unknown>>[];
}

describe('the demo workspace', () => {
  let service: RunningService;
  let dir: string;
  before(async () => {
    service = await startService(demoOptions());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-demo-ws-'));
  });
  after(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const search = async (domain: string, type: string): Promise<SearchBody> => {
    const response = await fetch(`${service.baseUrl}/search/${DEMO_API_KEY}/${domain}/${type}`);
    assert.equal(response.status, 200);
    return (await response.json()) as SearchBody;
  };

  it('has a .env, a config file, a README, code and the two demo domains in workspace settings', () => {
    writeDemoWorkspace(path.join(dir, 'ws'));
    const files = ['.env', 'config/services.yaml', 'README.md', 'src/deploy.ts', '.vscode/settings.json'];
    for (const f of files) assert.ok(fs.existsSync(path.join(dir, 'ws', f)), f);
    const settings = JSON.parse(fs.readFileSync(path.join(dir, 'ws', '.vscode', 'settings.json'), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(settings['leakSearch.domains'], [...DEMO_DOMAINS]);
    assert.equal(settings['leakSearch.baseUrl'], undefined, 'baseUrl is a user setting, never a workspace one');
  });

  it('every leaked e-mail, URL and password it names is in the demo service data, and in a file', async () => {
    const leaks = writeDemoWorkspace(path.join(dir, 'ws'));
    const records = [];
    for (const domain of DEMO_DOMAINS) for (const type of ['accounts', 'customers']) records.push(...(await search(domain, type)).results);
    const text = ['.env', 'config/services.yaml', 'README.md', 'src/deploy.ts'].map((f) => fs.readFileSync(path.join(dir, 'ws', f), 'utf8')).join('\n');
    assert.ok(leaks.emails.length >= 3 && leaks.urls.length >= 2 && leaks.passwords.length >= 1);
    for (const email of leaks.emails) {
      assert.ok(records.some((r) => r.username === email), `${email} is not a leaked username`);
      assert.ok(text.includes(email), `${email} is in no file`);
    }
    for (const url of leaks.urls) {
      assert.ok(records.some((r) => r.url === url), `${url} is not a leaked URL`);
      assert.ok(text.includes(url), `${url} is in no file`);
    }
    for (const password of leaks.passwords) {
      assert.ok(records.some((r) => r.password === password), 'the password is not a leaked one');
      const values = fs.readFileSync(path.join(dir, 'ws', '.env'), 'utf8').split('\n').map((line) => line.slice(line.indexOf('=') + 1));
      assert.ok(values.includes(password), 'the .env holds no leaked password as a value');
    }
  });

  it('rewrites the folder from scratch on a second run', () => {
    const ws = path.join(dir, 'ws');
    writeDemoWorkspace(ws);
    fs.writeFileSync(path.join(ws, 'stray.txt'), 'left over');
    const before = fs.readFileSync(path.join(ws, '.env'), 'utf8');
    writeDemoWorkspace(ws);
    assert.equal(fs.existsSync(path.join(ws, 'stray.txt')), false);
    assert.equal(fs.readFileSync(path.join(ws, '.env'), 'utf8'), before);
  });
});
