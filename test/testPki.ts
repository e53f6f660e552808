// Certificates for the tests of TLS and corporate networks, made with `openssl` at run time
// (nothing is committed): a "company" root CA that tests make trusted only through a trust
// store, an untrusted CA, and server certificates signed by them. EC P-256 keys: fast.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface TestCertificate {
  readonly cert: string;
  readonly key: string;
}

export interface TestPki {
  readonly dir: string;
  /** The trusted test root CA (PEM), its common name below. */
  readonly caCert: string;
  readonly caFile: string;
  /** For TEST_HOSTS, localhost and 127.0.0.1, signed by the trusted CA. */
  readonly server: TestCertificate;
  /** For TEST_HOSTS, localhost and 127.0.0.1, signed by a CA no store trusts. */
  readonly untrusted: TestCertificate;
  /** For other.example.test only, signed by the trusted CA (a wrong host for TEST_HOSTS). */
  readonly wrongHost: TestCertificate;
  remove(): void;
}

export const TEST_CA_NAME = 'Leak Search Test Root CA';
export const UNTRUSTED_CA_NAME = 'Leak Search Untrusted Test CA';
/** Names the network run maps to 127.0.0.1 (test/harness/networkRun.ts). */
export const TEST_HOSTS = ['leaks.example.test', 'proxy.example.test', 'other.example.test'] as const;

export function createTestPki(): TestPki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-pki-'));
  const file = (name: string): string => path.join(dir, name);
  const openssl = (...args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  };
  const newKey = (name: string): void => openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', file(name));
  const makeCa = (name: string, cn: string): void => {
    newKey(`${name}.key`);
    openssl('req', '-x509', '-new', '-key', file(`${name}.key`), '-sha256', '-days', '2', '-subj', `/O=Leak Search Tests/CN=${cn}`,
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-out', file(`${name}.pem`));
  };
  const makeServer = (name: string, ca: string, names: readonly string[]): TestCertificate => {
    newKey(`${name}.key`);
    openssl('req', '-new', '-key', file(`${name}.key`), '-subj', `/CN=${names[0] ?? 'localhost'}`, '-out', file(`${name}.csr`));
    const san = names.map((n) => (/^\d/.test(n) ? `IP:${n}` : `DNS:${n}`)).join(',');
    fs.writeFileSync(file(`${name}.ext`), `subjectAltName=${san}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`);
    openssl('x509', '-req', '-in', file(`${name}.csr`), '-CA', file(`${ca}.pem`), '-CAkey', file(`${ca}.key`), '-CAcreateserial', '-days', '2', '-sha256',
      '-extfile', file(`${name}.ext`), '-out', file(`${name}.pem`));
    return { cert: fs.readFileSync(file(`${name}.pem`), 'utf8'), key: fs.readFileSync(file(`${name}.key`), 'utf8') };
  };
  try {
    makeCa('ca', TEST_CA_NAME);
    makeCa('bad-ca', UNTRUSTED_CA_NAME);
    const names = [...TEST_HOSTS.filter((h) => h !== 'other.example.test'), 'localhost', '127.0.0.1'];
    const server = makeServer('server', 'ca', names);
    const untrusted = makeServer('untrusted', 'bad-ca', names);
    const wrongHost = makeServer('wrong-host', 'ca', ['other.example.test']);
    return {
      dir,
      caCert: fs.readFileSync(file('ca.pem'), 'utf8'),
      caFile: file('ca.pem'),
      server,
      untrusted,
      wrongHost,
      remove: () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
