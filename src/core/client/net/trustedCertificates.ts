// The certificates our own undici route trusts: Node's bundled list (and NODE_EXTRA_CA_CERTS)
// plus, when `http.systemCertificates` is on, the operating system's trust store as this
// Node reads it (`tls.getCACertificates('system')`, Node 22.15+/23.8+). Without that API,
// Linux bundle files are read, as VS Code does. No `vscode` import.
//
// Node reads and encodes those stores synchronously, which would block the extension host's
// main thread for the length of a frame or more on the first request: `loadTrustedCertificates`
// reads them in a short-lived worker thread instead, and the same rules below make the list.
import * as fs from 'node:fs';
import * as tls from 'node:tls';
import { Worker } from 'node:worker_threads';

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

/** What the worker sends back: Node's lists, or undefined where this Node has no such list. */
interface Stores {
  readonly default?: string[];
  readonly system?: string[];
}

// Runs in the worker: `getCACertificates` of each kind, an absent list when it fails.
const READ_STORES = `
const { parentPort } = require('node:worker_threads');
const tls = require('node:tls');
const read = (kind) => { try { return typeof tls.getCACertificates === 'function' ? tls.getCACertificates(kind) : undefined; } catch { return undefined; } };
parentPort.postMessage({ default: read('default'), system: SYSTEM ? read('system') : undefined });
`;

const loaded = new Map<boolean, Promise<TrustedCertificates>>();

/**
 * `trustedCertificates(systemCertificates)`, with Node's stores read in a worker thread; once
 * per process and setting. Where no worker can run, or this Node has no `getCACertificates`
 * (then only its bundled list and the Linux bundle file are read, which is quick), they are
 * read here, as before.
 */
export function loadTrustedCertificates(systemCertificates: boolean): Promise<TrustedCertificates> {
  let known = loaded.get(systemCertificates);
  if (known === undefined) {
    known = readStores(systemCertificates).then(
      (stores) => trustedCertificates(systemCertificates, fromStores(stores)),
      () => trustedCertificates(systemCertificates),
    );
    loaded.set(systemCertificates, known);
  }
  return known;
}

function readStores(system: boolean): Promise<Stores> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(READ_STORES.replace('SYSTEM', String(system)), { eval: true });
    worker.once('message', (stores: Stores) => {
      resolve(stores);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('the certificate reader stopped')));
  });
}

/** A `tls` module that answers from the worker's lists; Node's bundled list only when asked for (older Node). */
function fromStores(stores: Stores): { getCACertificates?: GetCa; rootCertificates: readonly string[] } {
  const lists = stores;
  if (lists.default === undefined) return tls;
  return {
    getCACertificates: (kind) => {
      const list = kind === 'default' ? lists.default : kind === 'system' ? lists.system : undefined;
      if (list === undefined) throw new Error(`no ${kind} certificates`);
      return list;
    },
    get rootCertificates() {
      return tls.rootCertificates;
    },
  };
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
