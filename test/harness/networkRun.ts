// The made-up corporate network of the "network" run (runs.ts): a test root CA trusted only
// through the system trust store the server sees (/etc/ssl/certs/ca-certificates.crt with
// the CA appended), and /etc/hosts mapping the test host names to 127.0.0.1. Both are bind
// mounts inside the server's own mount namespace (codeServer.ts); the machine's files are
// checked to be unchanged afterwards. The extension host finds the certificates and keys in
// LEAK_SEARCH_TEST_PKI (made by test/testPki.ts, removed after the run).
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TEST_HOSTS, createTestPki } from '../testPki';

export const SYSTEM_CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';
export const SYSTEM_HOSTS = '/etc/hosts';
export const PKI_ENV = 'LEAK_SEARCH_TEST_PKI';

export interface NetworkRun {
  readonly binds: readonly (readonly [string, string])[];
  readonly env: Readonly<Record<string, string>>;
  /** Undefined when the machine's own bundle and hosts file are as before, else what changed. */
  changedSystemFiles(): string | undefined;
  remove(): void;
}

/** Why this machine cannot run it (not Linux, not root, no unshare or openssl), or undefined. */
export function networkRunProblem(): string | undefined {
  if (process.platform !== 'linux') return 'the network run needs Linux (mount namespaces)';
  if (process.getuid?.() !== 0) return 'the network run needs root (bind mounts in a mount namespace)';
  if (!fs.existsSync(SYSTEM_CA_BUNDLE)) return `the network run needs ${SYSTEM_CA_BUNDLE} (package ca-certificates)`;
  return undefined;
}

export function prepareNetworkRun(): NetworkRun {
  const before = { bundle: digest(SYSTEM_CA_BUNDLE), hosts: digest(SYSTEM_HOSTS) };
  const pki = createTestPki();
  for (const [name, cert] of [['server', pki.server], ['untrusted', pki.untrusted], ['wrong-host', pki.wrongHost]] as const) {
    fs.writeFileSync(path.join(pki.dir, `${name}.pem`), cert.cert);
    fs.writeFileSync(path.join(pki.dir, `${name}.key`), cert.key, { mode: 0o600 });
  }
  const bundle = path.join(pki.dir, 'ca-certificates.crt');
  fs.writeFileSync(bundle, `${fs.readFileSync(SYSTEM_CA_BUNDLE, 'utf8').trimEnd()}\n${pki.caCert}`);
  const hosts = path.join(pki.dir, 'hosts');
  fs.writeFileSync(hosts, `${fs.readFileSync(SYSTEM_HOSTS, 'utf8').trimEnd()}\n127.0.0.1 ${TEST_HOSTS.join(' ')}\n`);
  return {
    binds: [[bundle, SYSTEM_CA_BUNDLE], [hosts, SYSTEM_HOSTS]],
    env: { [PKI_ENV]: pki.dir },
    changedSystemFiles() {
      const changed = [before.bundle !== digest(SYSTEM_CA_BUNDLE) ? SYSTEM_CA_BUNDLE : '', before.hosts !== digest(SYSTEM_HOSTS) ? SYSTEM_HOSTS : ''].filter((s) => s !== '');
      return changed.length > 0 ? `the machine's ${changed.join(' and ')} changed during the network run` : undefined;
    },
    remove: () => pki.remove(),
  };
}

function digest(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}
