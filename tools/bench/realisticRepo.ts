// A company repository as a new user's would look (about 300 files: code, tests with fixture
// accounts, configuration, scripts, documentation), the leaked records of its domain, and the
// truth about it: which identifiers were planted as real leaks (each with the severity a user
// must see) among lures that must not be warnings — generic user names (admin, root, test,
// fixture accounts) that also appear in leaked records of other sites, placeholder and common
// passwords, addresses of the company that did not leak. `scoreFindings` turns what a scan
// found into precision and recall. Seeded: the same repository every run.
import type { AccountRecord } from '../../src/core/service/types';
import { prng, pick } from './corpus';

export const DOMAIN = 'acme-corp.com';

export interface RepoFile {
  readonly path: string;
  readonly text: string;
}

/** A planted leak: where its text starts in which file, and the severity a user must see. */
export interface Planted {
  readonly path: string;
  readonly offset: number;
  readonly severity: 'error' | 'warning';
  readonly what: string;
}

export interface RealisticRepo {
  readonly files: readonly RepoFile[];
  readonly records: readonly AccountRecord[];
  readonly planted: readonly Planted[];
}

/** A finding as any front end reports it: file, range, severity. */
export interface ScoredFinding {
  readonly path: string;
  readonly start: number;
  readonly end: number;
  readonly severity: 'error' | 'warning' | 'information' | 'hint';
}

export interface Scores {
  readonly errors: number;
  readonly realErrors: number;
  readonly warnings: number;
  readonly realWarnings: number;
  /** Planted leaks found at their severity or above. */
  readonly found: number;
  readonly plantedCount: number;
  readonly missed: readonly Planted[];
  readonly falseWarnings: readonly ScoredFinding[];
  readonly falseErrors: readonly ScoredFinding[];
}

const FIRST = ['maria', 'jonas', 'li', 'fatima', 'omar', 'sofia', 'lukas', 'aiko', 'noah', 'elena', 'raj', 'ines', 'tomas', 'greta', 'yusuf', 'clara'];
const LAST = ['keller', 'novak', 'wang', 'haddad', 'silva', 'berg', 'tanaka', 'moreau', 'rossi', 'khan', 'lopez', 'schmidt', 'dubois', 'ivanova'];
const OTHER_SITES = ['https://router.example.net/login', 'https://forum.games-example.org/member', 'https://shop.example.org/account', 'http://192.168.1.1/', 'https://webmail.example.info/', 'https://social.example.io/signin'];
const WORDS = ['invoice', 'report', 'billing', 'queue', 'worker', 'session', 'cache', 'order', 'customer', 'ledger', 'shipment', 'inventory', 'pricing', 'search', 'export'];

/** A strong password no one would write by chance. */
function strongPassword(rand: () => number): string {
  const parts = ['Blue', 'Otter', 'Quartz', 'Maple', 'Falcon', 'Cobalt', 'Harbor', 'Tundra', 'Violet', 'Ember'];
  return `${pick(rand, parts)}${pick(rand, parts)}-${Math.floor(rand() * 9000 + 1000)}${pick(rand, ['!', '#', '%', '@', '$'])}`;
}

function record(over: Partial<AccountRecord> & Pick<AccountRecord, 'username' | 'password' | 'url'>): AccountRecord {
  return { date: '2025-03-14T09:21:00.000Z', browser: 'Google Chrome', status: 'show', ip: '198.51.100.7', country: 'DE', ...over };
}

export function realisticRepo(seed = 2026): RealisticRepo {
  const rand = prng(seed);
  const files: { path: string; text: string }[] = [];
  const planted: Planted[] = [];
  const records: AccountRecord[] = [];

  // Employees whose accounts leaked (the real findings), and one who did not.
  const employees = FIRST.slice(0, 12).map((f, i) => ({ email: `${f}.${LAST[i % LAST.length]}@${DOMAIN}`, password: strongPassword(rand) }));
  for (const [i, e] of employees.entries()) {
    records.push(record({ username: e.email, password: e.password, url: i % 3 === 0 ? `https://vpn.${DOMAIN}/login` : i % 3 === 1 ? 'https://accounts.example-sso.com/signin' : `https://jira.${DOMAIN}/login.jsp` }));
  }
  const serviceAccount = { user: 'svc_billing_sync', password: strongPassword(rand) };
  records.push(record({ username: serviceAccount.user, password: serviceAccount.password, url: `https://ci.${DOMAIN}/login` }));
  // A generic name that did leak on the company's own jump host: real where the file names that host.
  const jumpAdmin = { user: 'admin', password: strongPassword(rand) };
  records.push(record({ username: jumpAdmin.user, password: jumpAdmin.password, url: `https://jump.${DOMAIN}/` }));
  // Lures: generic and fixture names leaked on other sites, with common and strong passwords.
  for (const user of ['admin', 'root', 'test', 'user', 'testuser', 'demo', 'jenkins', 'deploy', 'john.doe', 'guest', 'postgres', 'dev']) {
    for (const url of OTHER_SITES.slice(0, 3)) {
      records.push(record({ username: user, password: pick(rand, ['admin', '123456', 'password', 'changeme', strongPassword(rand)]), url, country: pick(rand, ['US', 'BR', 'IN', 'VN']) }));
    }
  }

  /** Adds a file; `marks` are [needle, severity, what] planted in it, found by text. */
  const add = (path: string, text: string, marks: readonly (readonly [string, 'error' | 'warning', string])[] = []): void => {
    let from = 0;
    for (const [needle, severity, what] of marks) {
      const at = text.indexOf(needle, from);
      if (at < 0) throw new Error(`${path}: "${needle}" is not in the text`);
      planted.push({ path, offset: at, severity, what });
      from = at + 1;
    }
    files.push({ path, text });
  };

  // Source code: services with fixture accounts in comments and defaults.
  for (let i = 0; i < 144; i++) {
    const w = pick(rand, WORDS);
    const lines = [
      `// ${w} service: keeps the ${w} records in step with the ledger.`,
      `import { Client } from '../lib/client';`,
      '',
      `export class ${w[0]!.toUpperCase()}${w.slice(1)}Service${i} {`,
      `  constructor(private readonly client: Client, private readonly user = '${pick(rand, ['admin', 'root', 'service', 'system'])}') {}`,
      '',
      `  async load(id: string): Promise<unknown> {`,
      `    // Example: GET /api/${w}/42 as user "${pick(rand, ['test', 'demo', 'guest'])}"`,
      `    return this.client.get(\`/api/${w}/\${id}\`, { retries: ${1 + (i % 4)} });`,
      '  }',
      '}',
    ];
    add(`src/services/${w}${i}.ts`, `${lines.join('\n')}\n`);
  }
  // Tests with fixture accounts and placeholder passwords.
  for (let i = 0; i < 80; i++) {
    const user = pick(rand, ['testuser', 'john.doe', 'admin', 'user', 'demo', 'test']);
    const lines = [
      `import { login } from '../src/auth';`,
      '',
      `describe('login ${i}', () => {`,
      `  it('accepts the fixture account', async () => {`,
      `    const session = await login({ username: '${user}', password: '${pick(rand, ['password', 'changeme', '123456', 'secret', 'test'])}' });`,
      `    expect(session.user).toBe('${user}');`,
      `    expect(session.email).toBe('${user.replace(/[^a-z]/g, '')}@example.com');`,
      '  });',
      '});',
    ];
    add(`test/auth${i}.test.ts`, `${lines.join('\n')}\n`);
  }
  // Configuration: lures in compose files and templates, real leaks in a few.
  for (let i = 0; i < 30; i++) {
    add(`deploy/compose${i}.yml`, [
      'services:',
      '  db:',
      '    image: postgres:16',
      '    environment:',
      `      POSTGRES_USER: ${pick(rand, ['postgres', 'admin', 'root', 'dev'])}`,
      `      POSTGRES_PASSWORD: ${pick(rand, ['changeme', 'postgres', 'password', 'example'])}`,
      `  mail:`,
      `    environment:`,
      `      SMTP_FROM: noreply@${DOMAIN}`,
      '',
    ].join('\n'));
  }
  const e = employees;
  add('.env.production', [
    '# Production settings (do not commit)',
    `ADMIN_EMAIL=${e[0]!.email}`,
    `SMTP_USER=${e[1]!.email}`,
    `SMTP_PASSWORD=${e[1]!.password}`,
    `VPN_ENDPOINT=https://vpn.${DOMAIN}/login`,
    '',
  ].join('\n'), [[e[0]!.email, 'warning', 'e-mail'], [e[1]!.email, 'warning', 'e-mail'], [e[1]!.password, 'error', 'password'], [`https://vpn.${DOMAIN}/login`, 'warning', 'URL']]);
  add('config/billing.yml', [
    'billing:',
    '  sync:',
    `    username: ${serviceAccount.user}`,
    `    password: "${serviceAccount.password}"`,
    `    endpoint: https://ci.${DOMAIN}/api`,
    '',
  ].join('\n'), [[serviceAccount.user, 'warning', 'user name'], [serviceAccount.password, 'error', 'password']]);
  add('scripts/sync.sh', [
    '#!/bin/sh',
    'set -eu',
    `curl -fsS -u ${serviceAccount.user}:'${serviceAccount.password}' https://ci.${DOMAIN}/api/sync`,
    `mysql -u root -p app < schema.sql`,
    '',
  ].join('\n'), [[serviceAccount.user, 'warning', 'user name'], [serviceAccount.password, 'error', 'password (curl -u)']]);
  add('scripts/jump.sh', [
    '#!/bin/sh',
    `# The jump host of ${DOMAIN}`,
    `ssh admin@jump.${DOMAIN} -t 'sudo systemctl restart worker'`,
    '',
  ].join('\n'), [['admin', 'warning', 'generic user name tied to its site']]);
  add('ops/db.env', [
    `DATABASE_URL=postgres://${encodeURIComponent(e[2]!.email)}:${encodeURIComponent(e[2]!.password)}@db.${DOMAIN}:5432/app`,
    '',
  ].join('\n'), [[encodeURIComponent(e[2]!.email), 'warning', 'percent-encoded e-mail'], [encodeURIComponent(e[2]!.password), 'error', 'percent-encoded password']]);
  // Documentation: contacts (some leaked), links, placeholders.
  for (let i = 0; i < 40; i++) {
    const who = i < 6 ? e[3 + i]! : undefined;
    const text = [
      `# ${pick(rand, WORDS)} runbook ${i}`,
      '',
      who ? `Owner: ${who.email}` : `Owner: team-${i}@${DOMAIN}`,
      `Escalation: oncall@${DOMAIN}`,
      '',
      'Log in with your own account (not `admin`); a test account is `testuser` / `password`.',
      `See https://wiki.${DOMAIN}/runbooks/${i} and https://github.com/acme-corp/app.`,
      '',
    ].join('\n');
    add(`docs/runbook${i}.md`, text, who ? [[who.email, 'warning', 'e-mail']] : []);
  }
  add('README.md', [
    '# Acme app',
    '',
    `Questions: ${e[9]!.email} or ${e[10]!.email}.`,
    'Default login for the local stack: `admin` / `admin` (change it).',
    '',
  ].join('\n'), [[e[9]!.email, 'warning', 'e-mail'], [e[10]!.email, 'warning', 'e-mail']]);
  return { files, records, planted };
}

/** Precision and recall of a scan's findings against what was planted. */
export function scoreFindings(repo: RealisticRepo, findings: readonly ScoredFinding[]): Scores {
  const plantedAt = (f: ScoredFinding): Planted | undefined => repo.planted.find((p) => p.path === f.path && p.offset >= f.start && p.offset < f.end);
  const errors = findings.filter((f) => f.severity === 'error');
  const warnings = findings.filter((f) => f.severity === 'warning');
  const falseErrors = errors.filter((f) => plantedAt(f)?.severity !== 'error');
  const falseWarnings = warnings.filter((f) => plantedAt(f) === undefined);
  const rank = { error: 0, warning: 1, information: 2, hint: 3 } as const;
  const missed = repo.planted.filter((p) => !findings.some((f) => f.path === p.path && p.offset >= f.start && p.offset < f.end && rank[f.severity] <= rank[p.severity]));
  return {
    errors: errors.length,
    realErrors: errors.length - falseErrors.length,
    warnings: warnings.length,
    realWarnings: warnings.length - falseWarnings.length,
    found: repo.planted.length - missed.length,
    plantedCount: repo.planted.length,
    missed,
    falseWarnings,
    falseErrors,
  };
}
