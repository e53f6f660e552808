// A deterministic (seeded) source-like corpus and a matching set of leak results, for the
// scanner benchmark and the property tests: code, JSON, .env, YAML, markdown, minified lines
// and Unicode text, with leaked identifiers embedded at known places.
import type { AccountRecord, OpenRecord } from '../../src/core/service/types';
import type { LeakSource } from '../../src/core/scan/leakIndex';
import { arraySource } from '../../src/core/scan/leakIndex';
import { Prng } from '../../service/prng';

/** The service's seeded PRNG (mulberry32) as a function returning [0, 1). */
export function prng(seed: number): () => number {
  const random = new Prng(seed);
  return () => random.next();
}

export type Rng = () => number;

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

const FIRST = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'mallory', 'niaj', 'olivia', 'peggy', 'rupert', 'sybil', 'trent', 'victor', 'walter', 'zoe'];
const LAST = ['smith', 'jones', 'garcia', 'miller', 'davis', 'lopez', 'wilson', 'moore', 'taylor', 'thomas', 'martin', 'lee', 'white', 'harris', 'clark', 'lewis', 'young', 'walker', 'hall', 'allen'];
const DOMAINS = ['acme-corp.com', 'globex.io', 'initech.net', 'umbrella.co.uk', 'hooli.dev', 'bücher-shop.de'];
const SUBS = ['vpn', 'vdi', 'mail', 'portal', 'jira', 'git', 'sso', 'crm', 'hr', 'intranet'];
const WORDS = ['config', 'value', 'request', 'handler', 'result', 'buffer', 'stream', 'widget', 'render', 'update', 'fetch', 'parse', 'token', 'index', 'module', 'export', 'import', 'string', 'number', 'object', 'promise', 'session', 'cache', 'client', 'server'];
const NOISE_HOSTS = ['api.github.com', 'registry.npmjs.org', 'example.org', 'cdn.jsdelivr.net', 'docs.python.org', 'en.wikipedia.org', 'stackoverflow.com', 'localhost:8080'];
const BROWSERS = ['Google Chrome', 'Mozilla Firefox', 'Microsoft Edge', 'Opera', 'Safari'];
const COUNTRIES = ['US', 'DE', 'FR', 'BR', 'IN', 'JP', 'GB', 'NG'];
const PASS_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#%*_';

export interface LeakedSet {
  readonly emails: readonly string[];
  readonly usernames: readonly string[];
  readonly urls: readonly string[];
  readonly hosts: readonly string[];
  readonly passwords: readonly string[];
}

export interface LeakFixture {
  readonly sources: LeakSource[];
  readonly leaked: LeakedSet;
}

/** Leak results with `emails + usernames + urls + passwords` distinct identifiers. */
export function makeLeaks(seed: number, counts: { emails: number; usernames: number; urls: number; passwords: number }): LeakFixture {
  const rng = prng(seed);
  const emails: string[] = [];
  for (let i = 0; i < counts.emails; i++) emails.push(`${pick(rng, FIRST)}.${pick(rng, LAST)}${i}@${pick(rng, DOMAINS)}`);
  const usernames: string[] = [];
  for (let i = 0; i < counts.usernames; i++) usernames.push(`${pick(rng, FIRST)}${pick(rng, LAST).slice(0, 3)}${i}x`);
  const hostCount = Math.max(1, Math.ceil(counts.urls / 10));
  const hosts: string[] = [];
  for (let i = 0; i < hostCount; i++) hosts.push(`${pick(rng, SUBS)}${i}.${pick(rng, DOMAINS)}`);
  const urls: string[] = [];
  for (let i = 0; i < counts.urls; i++) urls.push(`https://${hosts[i % hostCount]}/${pick(rng, WORDS)}/${i}/`);
  const passwords: string[] = [];
  for (let i = 0; i < counts.passwords; i++) {
    const len = 10 + Math.floor(rng() * 6);
    let p = '';
    for (let k = 0; k < len; k++) p += PASS_CHARS[Math.floor(rng() * PASS_CHARS.length)];
    passwords.push(`${p}${i}`);
  }
  const accounts: AccountRecord[] = [];
  const customers: OpenRecord[] = [];
  const total = counts.emails + counts.usernames;
  for (let i = 0; i < total; i++) {
    const date = new Date(Date.UTC(2023, 0, 1) + Math.floor(rng() * 1000) * 86_400_000 + Math.floor(rng() * 86_400_000));
    const rec = {
      date: date.toISOString(),
      browser: pick(rng, BROWSERS),
      status: rng() < 0.1 ? 'hide' : 'show',
      url: urls.length > 0 ? urls[i % urls.length] : '',
      ip: `10.${i % 256}.${(i >> 8) % 256}.1`,
      country: pick(rng, COUNTRIES),
      username: i < counts.emails ? emails[i] : usernames[i - counts.emails],
      password: passwords.length > 0 ? passwords[i % passwords.length] : '',
    };
    if (i % 5 === 4) customers.push({ ...rec, note: 'captured on the login page' } satisfies OpenRecord);
    else accounts.push(rec satisfies AccountRecord);
  }
  return {
    sources: [
      arraySource('acme-corp.com', 'accounts', accounts),
      arraySource('acme-corp.com', 'customers', customers),
    ],
    leaked: { emails, usernames, urls, hosts, passwords },
  };
}

function noiseEmail(rng: Rng): string {
  return `${pick(rng, FIRST)}_${pick(rng, WORDS)}@${pick(rng, ['gmail.com', 'example.org', 'mail.ru', 'outlook.com'])}`;
}

function noiseUrl(rng: Rng): string {
  return `https://${pick(rng, NOISE_HOSTS)}/${pick(rng, WORDS)}/${Math.floor(rng() * 1000)}?q=${pick(rng, WORDS)}`;
}

function ident(rng: Rng): string {
  return pick(rng, WORDS) + pick(rng, ['', 'Id', 'Map', 'List', '_v2', 'Count']);
}

/** One leaked identifier in a context where each rule must find it. */
function embed(rng: Rng, leaked: LeakedSet): string {
  const r = rng();
  if (r < 0.4 && leaked.emails.length > 0) {
    const e = pick(rng, leaked.emails);
    return pick(rng, [`// owner: ${e}`, `"email": "${e}",`, `Contact <${e}>.`, `[mail](mailto:${e})`, `連絡先 ${e} まで`, `ADMIN_EMAIL=${e}\r`]);
  }
  if (r < 0.7 && leaked.urls.length > 0) {
    const u = pick(rng, leaked.urls);
    return pick(rng, [`See [portal](${u}).`, `const base = "${u}";`, `url: ${u}`, `<${u}>`, `(${u.toUpperCase().slice(0, 8)}${u.slice(8)})`]);
  }
  if (r < 0.85 && leaked.usernames.length > 0) {
    const u = pick(rng, leaked.usernames);
    return pick(rng, [`user = ${u}`, `login(${JSON.stringify(u)});`, `# owner ${u}`]);
  }
  if (r < 0.95 && leaked.passwords.length > 0) {
    const p = pick(rng, leaked.passwords);
    return pick(rng, [`DB_PASSWORD=${p}`, `"password": "${p}",`, `password: ${p}`, `db.password = ${p}`, `const pw = '${p}';`]);
  }
  if (leaked.hosts.length > 0) return `ssh deploy@${pick(rng, FIRST)} -J ${pick(rng, leaked.hosts)} # jump`;
  return '';
}

function codeLine(rng: Rng): string {
  const r = rng();
  if (r < 0.3) return `  const ${ident(rng)} = ${ident(rng)}.${ident(rng)}(${Math.floor(rng() * 100)}, "${pick(rng, WORDS)} ${pick(rng, WORDS)}");`;
  if (r < 0.4) return `  // TODO(${pick(rng, FIRST)}): ask ${noiseEmail(rng)} about ${pick(rng, WORDS)}`;
  if (r < 0.5) return `  await fetch("${noiseUrl(rng)}", { method: 'GET' });`;
  if (r < 0.6) return `  if (${ident(rng)} === ${ident(rng)} && x >= 3) { return ${ident(rng)}; }`;
  if (r < 0.7) return `  "${pick(rng, WORDS)}": "${pick(rng, WORDS)}-${Math.floor(rng() * 1e6)}",`;
  if (r < 0.78) return `${pick(rng, WORDS).toUpperCase()}_${pick(rng, WORDS).toUpperCase()}=${pick(rng, WORDS)}${Math.floor(rng() * 100)}`;
  if (r < 0.86) return `- See [the ${pick(rng, WORDS)} guide](${noiseUrl(rng)}) and <${noiseUrl(rng)}>.`;
  if (r < 0.93) return `${pick(rng, WORDS)}: ${pick(rng, WORDS)} ${Math.floor(rng() * 1000)}`;
  return `// 日本語のコメント ${pick(rng, WORDS)} — Привет, мир! café naïve ${pick(rng, WORDS)}。`;
}

function minifiedLine(rng: Rng, chars: number): string {
  const parts: string[] = [];
  let len = 0;
  while (len < chars) {
    const p = pick(rng, [
      `var ${ident(rng)}=${ident(rng)}.${ident(rng)}||{};`,
      `function ${ident(rng)}(a,b){return a+"${pick(rng, WORDS)}"+b}`,
      `e.src="${noiseUrl(rng)}";`,
      `if(a==b&&c!=d){x=y}`,
    ]);
    parts.push(p);
    len += p.length;
  }
  return parts.join('');
}

export interface Corpus {
  readonly text: string;
  /** How many leaked identifiers were embedded. */
  readonly embedded: number;
}

/** About `bytes` characters of source-like text (LF and some CRLF lines), with leaked identifiers at rate `embedRate` per line. */
export function makeCorpus(seed: number, bytes: number, leaked: LeakedSet, embedRate: number): Corpus {
  const rng = prng(seed);
  const lines: string[] = [];
  let len = 0;
  let embedded = 0;
  while (len < bytes) {
    let line: string;
    if (rng() < 0.00005) line = minifiedLine(rng, 100_000 + Math.floor(rng() * 100_000));
    else line = codeLine(rng);
    if (rng() < embedRate) {
      const e = embed(rng, leaked);
      if (e !== '') {
        line += ` ${e}`;
        embedded++;
      }
    }
    lines.push(line);
    len += line.length + 1;
  }
  return { text: lines.join('\n'), embedded };
}
