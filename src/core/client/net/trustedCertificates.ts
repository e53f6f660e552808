// The certificates our own undici route trusts: Node's bundled list (and NODE_EXTRA_CA_CERTS)
// plus, when `http.systemCertificates` is on, the operating system's trust store as this
// Node reads it (`tls.getCACertificates('system')`, Node 22.15+/23.8+). Without that API,
// Linux bundle files are read, as VS Code does. No `vscode` import.
import * as fs from 'node:fs';
import * as tls from 'node:tls';

type CaKind = 'default' | 'system' | 'bundled' | 'extra';
type GetCa = (kind: CaKind) => string[];

const LINUX_BUNDLES = ['/etc/ssl/certs/ca-certificates.crt', '/etc/ssl/certs/ca-bundle.crt', '/etc/ssl/ca-bundle.pem'];

export interface TrustedCertificates {
  readonly certificates: readonly string[];
  /** Where the system certificates came from, for the Output channel. */
  readonly system: 'node' | 'bundle file' | 'off' | 'unavailable';
}

export function trustedCertificates(
  systemCertificates: boolean,
  tlsModule: { getCACertificates?: GetCa; rootCertificates: readonly string[] } = tls,
  env: Readonly<Record<string, string | undefined>> = process.env,
): TrustedCertificates {
  const get = tlsModule.getCACertificates;
  // Node's default list holds NODE_EXTRA_CA_CERTS; its bundled list (older Node) does not, and
  // giving the list explicitly would drop them: they are read here then.
  const base = get ? safe(() => get('default')) ?? [...tlsModule.rootCertificates] : [...tlsModule.rootCertificates, ...extraCertificates(env)];
  if (!systemCertificates) return { certificates: base, system: 'off' };
  const system = get ? safe(() => get('system')) : undefined;
  if (system !== undefined && system.length > 0) return { certificates: unique([...base, ...system]), system: 'node' };
  const bundle = process.platform === 'linux' ? readLinuxBundle() : undefined;
  return bundle ? { certificates: unique([...base, ...bundle]), system: 'bundle file' } : { certificates: base, system: 'unavailable' };
}

/** The certificates of the file NODE_EXTRA_CA_CERTS names (none when unset or unreadable, as Node does). */
function extraCertificates(env: Readonly<Record<string, string | undefined>>): string[] {
  const file = env['NODE_EXTRA_CA_CERTS'];
  if (!file) return [];
  return safe(() => pems(fs.readFileSync(file, 'utf8'))) ?? [];
}

function pems(text: string): string[] {
  return text.split(/(?=-----BEGIN CERTIFICATE-----)/g).filter((pem) => pem.includes('BEGIN CERTIFICATE')).map((pem) => pem.trim());
}

function readLinuxBundle(): string[] | undefined {
  for (const file of LINUX_BUNDLES) {
    try {
      return pems(fs.readFileSync(file, 'utf8'));
    } catch {
      // next
    }
  }
  return undefined;
}

function safe<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list.map((s) => s.trim()))];
}
