// The reference service's command line: what it prints, its options, and a clean stop.
import * as assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_API_KEY } from '../../../service/demo';
import { json, rawGet, searchPath } from './http';

const MAIN = join(__dirname, '..', '..', '..', 'service', 'main.js');

interface Started {
  readonly child: ChildProcessWithoutNullStreams;
  readonly baseUrl: string;
  readonly lines: string[];
  readonly exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** Starts the CLI and resolves once it printed its two lines (or rejects when it exits first). */
function startCli(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [MAIN, ...args], { stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const lines = stdout.split('\n').filter((l) => l !== '');
      if (lines.length >= 2) resolve({ child, baseUrl: (lines[0] ?? '').replace('Base URL: ', ''), lines, exited });
    });
    void exited.then(({ code }) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
}

async function stop(s: Started, signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; stdout: string }> {
  s.child.kill(signal);
  return s.exited;
}

describe('service: CLI (out/service/main.js)', function () {
  this.timeout(15_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'leak-search-cli-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints exactly the two lines, serves on 127.0.0.1 (a free port), and stops cleanly on SIGTERM', async () => {
    const s = await startCli([]);
    assert.match(s.lines[0] ?? '', /^Base URL: http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(s.lines[1], `Demo API key: ${DEMO_API_KEY}`);
    const r = await rawGet(s.baseUrl, searchPath(DEMO_API_KEY, 'example.com', 'accounts'));
    assert.equal(r.status, 200);
    const started = Date.now();
    const { code, stdout } = await stop(s);
    assert.equal(code, 0);
    assert.ok(Date.now() - started < 3000);
    assert.equal(stdout, `${s.lines[0]}\nDemo API key: ${DEMO_API_KEY}\n`, 'nothing else on stdout');
  });

  it('stops cleanly on SIGINT, even with a keep-alive connection open', async () => {
    const s = await startCli(['--port', '0']);
    const { request } = await import('node:http');
    const { Agent } = await import('node:http');
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      request(`${s.baseUrl}/nothing`, { agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      }).on('error', reject).end();
    });
    const { code } = await stop(s, 'SIGINT');
    agent.destroy();
    assert.equal(code, 0);
  });

  it('--data serves a JSONL file, the demo tenant subscribed to its domains', async () => {
    const file = join(dir, 'data.jsonl');
    const record = { date: '2025-05-05T05:05:05.000Z', browser: 'Brave', status: 'hide', url: 'https://sso.acme.test/', ip: '51.15.0.9', country: 'FR', username: 'eve@acme.test', password: 'hunter2' };
    writeFileSync(file, JSON.stringify({ domain: 'acme.test', type: 'accounts', ...record }) + '\n');
    const s = await startCli(['--data', file]);
    try {
      const r = await rawGet(s.baseUrl, searchPath(DEMO_API_KEY, 'acme.test', 'accounts'));
      assert.deepEqual(json(r), { count: 1, results: [record] });
      assert.equal((await rawGet(s.baseUrl, searchPath(DEMO_API_KEY, 'example.com', 'accounts'))).status, 200, 'demo domains stay');
    } finally {
      await stop(s);
    }
  });

  it('--faults applies fault rules from a JSON file to the demo tenant', async () => {
    const file = join(dir, 'faults.json');
    writeFileSync(file, JSON.stringify([{ fault: 'error-503', times: 1 }]));
    const s = await startCli(['--faults', file]);
    try {
      const path = searchPath(DEMO_API_KEY, 'example.com', 'accounts');
      assert.equal((await rawGet(s.baseUrl, path)).status, 503);
      assert.equal((await rawGet(s.baseUrl, path)).status, 200);
    } finally {
      await stop(s);
    }
  });

  it('--seed chooses the generated data: the same seed gives the same answer', async () => {
    const bodies: string[] = [];
    for (const seed of ['5', '5', '6']) {
      const s = await startCli(['--seed', seed]);
      try {
        bodies.push((await rawGet(s.baseUrl, searchPath(DEMO_API_KEY, 'example.org', 'accounts'))).body);
      } finally {
        await stop(s);
      }
    }
    assert.equal(bodies[0], bodies[1]);
    assert.notEqual(bodies[0], bodies[2]);
  });

  it('refuses bad arguments with a message and exit code 1, printing nothing on stdout', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ fault: 'explode' }]));
    for (const args of [['--port', 'abc'], ['--port', '70000'], ['--data', join(dir, 'missing.jsonl')], ['--faults', bad], ['--unknown']]) {
      const child = spawn(process.execPath, [MAIN, ...args], { stdio: 'pipe' });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      assert.equal(code, 1, args.join(' '));
      assert.equal(stdout, '');
      assert.match(stderr, /^leak-search service: .+/, args.join(' '));
    }
  });
});
