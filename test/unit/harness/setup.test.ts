// The pure parts of the harness's set-up: what a fresh machine depends on.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { newcomerEnv, unexpectedEntries } from '../../harness/cold';
import { nestedNpmEnv, parseCodeServerVersion } from '../../harness/install';
import { missingDebianPackages, missingPackagesLine, nodeProblem } from '../../harness/prerequisites';
import type { Probe } from '../../harness/prerequisites';

describe('harness set-up', () => {
  describe('code-server version', () => {
    it('is read past the log lines of a first run', () => {
      const firstRun =
        '[2026-11-23T11:36:17.413Z] info  Wrote default config file to /home/new/.config/code-server/config.yaml\n' +
        '4.139.1 0f1e2d3c4b5a69788796a5b4c3d2e1f001122334 with Code 1.139.1\n';
      assert.equal(parseCodeServerVersion(firstRun), '4.139.1');
    });
    it('is read from a plain answer and refused when there is none', () => {
      assert.equal(parseCodeServerVersion('4.139.1 abcdef0 with Code 1.139.1\n'), '4.139.1');
      assert.equal(parseCodeServerVersion('[2026-11-23T11:36:17.413Z] info  something\n'), undefined);
      assert.equal(parseCodeServerVersion(''), undefined);
    });
  });

  describe('the nested npm', () => {
    const outer = {
      PATH: '/usr/bin:/bin',
      HOME: '/home/new',
      npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
      npm_node_execpath: '/usr/bin/node',
      npm_config_nodedir: '/usr',
      NPM_CONFIG_PREFIX: '/somewhere',
      NODE: '/usr/bin/node',
      INIT_CWD: '/work',
      LANG: 'C.UTF-8',
    };
    it('inherits none of the outer npm’s variables (Node version, node path, headers)', () => {
      const env = nestedNpmEnv(outer, '/cache/node-24/node_modules/.bin/node', {});
      for (const key of Object.keys(env)) {
        if (/^npm_/i.test(key)) assert.ok(['npm_config_cache', 'npm_config_logs_dir', 'npm_config_update_notifier'].includes(key), key);
      }
      assert.equal(env.NODE, undefined);
      assert.equal(env.INIT_CWD, undefined);
      assert.equal(env.LANG, 'C.UTF-8');
      assert.equal(env.HOME, '/home/new');
    });
    it('keeps the machine’s global npmrc (a company CA may be set there)', () => {
      const env = nestedNpmEnv(outer, '/cache/node-24/node_modules/.bin/node', {}, '/usr/etc/npmrc');
      assert.equal(env.npm_config_globalconfig, '/usr/etc/npmrc');
    });
    it('puts Node 24 first on PATH and keeps npm’s cache and logs in the harness cache', () => {
      const env = nestedNpmEnv(outer, '/cache/node-24/node_modules/.bin/node', { npm_config_nodedir: '/cache/node-24/headers' });
      assert.equal(env.PATH, '/cache/node-24/node_modules/.bin:/usr/bin:/bin');
      assert.equal(env.npm_config_nodedir, '/cache/node-24/headers');
      assert.match(env.npm_config_cache ?? '', /leak-search[/\\]npm-cache$/);
      assert.match(env.npm_config_logs_dir ?? '', /leak-search[/\\]npm-logs$/);
      assert.equal(env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD, '1');
    });
  });

  describe('Debian prerequisites', () => {
    const probe = (present: readonly string[]): Probe => ({
      executable: (file) => present.includes(file),
      exists: (file) => present.includes(file),
      onPath: (tool) => present.includes(tool),
    });
    it('names every missing package in one line with the exact apt-get command', () => {
      const missing = missingDebianPackages({ chromium: true, buildTools: true }, probe(['make']));
      assert.deepEqual(missing, ['chromium', 'g++', 'python3', 'libkrb5-dev']);
      const line = missingPackagesLine(missing);
      assert.ok(!line.includes('\n'));
      assert.match(line, /sudo apt-get install -y chromium g\+\+ python3 libkrb5-dev/);
    });
    it('asks for openssl when the certificates of the TLS tests are made', () => {
      assert.deepEqual(missingDebianPackages({ chromium: false, buildTools: false, openssl: true }, probe([])), ['openssl']);
      assert.deepEqual(missingDebianPackages({ chromium: false, buildTools: false, openssl: true }, probe(['openssl'])), []);
    });

    it('asks for git and pre-commit when the unit tests run the pre-commit hook', () => {
      assert.deepEqual(missingDebianPackages({ chromium: false, buildTools: false, preCommit: true }, probe(['git'])), ['pre-commit']);
      assert.deepEqual(missingDebianPackages({ chromium: false, buildTools: false, preCommit: true }, probe([])), ['git', 'pre-commit']);
      assert.deepEqual(missingDebianPackages({ chromium: false, buildTools: false, preCommit: true }, probe(['git', 'pre-commit'])), []);
    });
    it('asks for build tools only when code-server must be built', () => {
      assert.deepEqual(missingDebianPackages({ chromium: true, buildTools: false }, probe(['/usr/bin/chromium'])), []);
      assert.deepEqual(
        missingDebianPackages({ chromium: false, buildTools: true }, probe(['g++', 'make', 'python3', '/usr/include/krb5.h'])),
        [],
      );
    });
    it('accepts Node 20.19 and later on PATH, and says what to do with an older one', () => {
      assert.equal(nodeProblem('20.19.0'), undefined);
      assert.equal(nodeProblem('24.11.1'), undefined);
      assert.match(nodeProblem('20.18.1') ?? '', /Node 20\.19 or later/);
      assert.match(nodeProblem('18.20.0') ?? '', /too old/);
    });
  });

  describe('the cold run', () => {
    let home: string;
    beforeEach(() => (home = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-home-'))));
    afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

    it('finds nothing when only the cache folder, npm’s folder and .npmrc appeared', () => {
      fs.mkdirSync(path.join(home, '.cache', 'leak-search', 'node-24'), { recursive: true });
      fs.mkdirSync(path.join(home, '.npm', '_logs'), { recursive: true });
      fs.writeFileSync(path.join(home, '.npmrc'), '');
      assert.deepEqual(unexpectedEntries(home), []);
    });
    it('lists what a tool wrote into the user’s configuration', () => {
      fs.mkdirSync(path.join(home, '.config', 'code-server'), { recursive: true });
      fs.mkdirSync(path.join(home, '.cache', 'dconf'), { recursive: true });
      fs.mkdirSync(path.join(home, '.vscode-server'), { recursive: true });
      fs.writeFileSync(path.join(home, '.gitconfig'), '');
      assert.deepEqual(unexpectedEntries(home).sort(), ['.cache/dconf/', '.config/', '.gitconfig', '.vscode-server/']);
    });
    it('runs with a fresh HOME and none of the caller’s caches, XDG folders, npm or CA variables', () => {
      const env = newcomerEnv(
        {
          PATH: '/usr/bin',
          HOME: '/root',
          XDG_CACHE_HOME: '/x',
          LEAK_SEARCH_CACHE_DIR: '/c',
          npm_config_user_agent: 'npm',
          NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt',
          LANG: 'C',
        },
        '/tmp/h',
      );
      assert.deepEqual(env, { PATH: '/usr/bin', HOME: '/tmp/h', LANG: 'C', CI: 'true' });
    });
  });
});
