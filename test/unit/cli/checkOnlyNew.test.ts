// `leak-search check --only-new --state FILE` run as a process against the reference service:
// a first run reports everything and writes the state; the same answer again reports nothing
// and exits 0; a record the service adds is reported alone, a record whose status alone
// changed is not (the editor's notion of new); the state holds no record, password or key.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_ALICE, DEMO_API_KEY, DEMO_BOB, DEMO_JENKINS, demoOptions } from '../../../service/demo';
import { startService } from '../../../service/server';
import type { RunningService } from '../../../service/types';
import type { WireAccountRecord } from '../../../service/wire';
import { runCli } from './spawnCli';

/** The service on `port` (0: any), with these records alone for example.com. */
function serve(port: number, accounts: readonly WireAccountRecord[]): Promise<RunningService> {
  return startService(demoOptions(port, { dataset: { 'example.com': { accounts, customers: [] } } }));
}

function lines(stdout: string): Record<string, unknown>[] {
  return stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('cli check --only-new: only what the state has not seen', function () {
  this.timeout(60_000);
  let service: RunningService | undefined;
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leak-only-new-'))));
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reports everything once, then nothing, then only the record added', async () => {
    service = await serve(0, [DEMO_ALICE, DEMO_BOB]);
    const port = Number(new URL(service.baseUrl).port);
    const env = { LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_API_KEY: DEMO_API_KEY };
    const state = path.join(dir, 'state.json');
    const args = ['check', 'example.com', '--only-new', '--state', state, '--format', 'jsonl', '--show-passwords'];

    const first = await runCli(args, env);
    assert.equal(first.code, 1, first.stderr);
    assert.deepEqual(lines(first.stdout).map((r) => r.username).sort(), [DEMO_ALICE.username, DEMO_BOB.username].sort(), 'a first run: everything is new');
    assert.ok(fs.existsSync(state), 'the state is written');

    const second = await runCli(args, env);
    assert.equal(second.code, 0, `nothing new is no finding: ${second.stderr}`);
    assert.equal(second.stdout, '');

    // The same origin, a later answer: Alice's status alone changed, Jenkins is added.
    await service.close();
    service = await serve(port, [{ ...DEMO_ALICE, status: DEMO_ALICE.status === 'hide' ? 'show' : 'hide' }, DEMO_BOB, DEMO_JENKINS]);
    const third = await runCli(args, env);
    assert.equal(third.code, 1, third.stderr);
    assert.deepEqual(lines(third.stdout).map((r) => r.username), [DEMO_JENKINS.username], 'only the added record; a status change is the same record');

    const table = await runCli(['check', 'example.com', '--only-new', '--state', state, '--format', 'table'], env);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /example\.com \(accounts\): 0 new of 3 records/);

    // The state: keyed fingerprints only.
    const text = fs.readFileSync(state, 'utf8');
    const key = Buffer.from(DEMO_API_KEY);
    for (const r of [DEMO_ALICE, DEMO_BOB, DEMO_JENKINS]) {
      for (const v of [r.password, r.username, r.url, r.ip]) assert.ok(v && !text.includes(v), 'no field of a record in the state');
    }
    for (const spelled of [DEMO_API_KEY, key.toString('base64'), key.toString('base64url'), key.toString('hex')]) assert.ok(!text.includes(spelled), 'no key in the state');
    assert.deepEqual(fs.readdirSync(dir), ['state.json'], 'written beside, then renamed');
  });

  it('needs --state, and refuses a damaged state before any search (exit 2)', async () => {
    service = await serve(0, [DEMO_ALICE]);
    const env = { LEAK_SEARCH_BASE_URL: service.baseUrl, LEAK_SEARCH_API_KEY: DEMO_API_KEY };
    const noState = await runCli(['check', 'example.com', '--only-new'], env);
    assert.equal(noState.code, 2);
    assert.match(noState.stderr, /--only-new needs --state/);
    const damaged = path.join(dir, 'damaged.json');
    fs.writeFileSync(damaged, '{"format":"leak-search state","version":1,"check":"x","queries":[]}');
    const run = await runCli(['check', 'example.com', '--only-new', '--state', damaged], env);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /damaged/);
    assert.equal(service.requests.length, 0, 'no search was sent');
    assert.equal(fs.readFileSync(damaged, 'utf8'), '{"format":"leak-search state","version":1,"check":"x","queries":[]}', 'a damaged state is left as it was');
  });
});
