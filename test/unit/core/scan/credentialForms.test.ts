// Credentials written in the forms tools use (credentialForms.ts) against a leak index: each
// form, with passwords holding the characters those forms escape or cut at (`#`, `@`, `%`, `:`),
// is found as an error naming the account, at the range of the text as written, and the user
// beside it as a leaked user; look-alikes of the forms find nothing. Plus the pass's bounds.
import * as assert from 'node:assert/strict';
import type { AccountRecord } from '../../../../src/core/service/types';
import { buildLeakIndex } from '../../../../src/core/scan/leakIndex';
import type { LeakMatch } from '../../../../src/core/scan/leakIndex';
import fc from 'fast-check';
import type { FormMarks } from '../../../../src/core/scan/credentialForms';
import { credentialForms, formFileKind } from '../../../../src/core/scan/credentialForms';
import { FORM, FORM_AT, FORM_AUTH, FORM_DASH, FORM_PERCENT, decodeForScan, scanCandidates } from '../../../../src/core/scan/scanner';

const USER = 'svc_deploy';
const EMAIL = 'alice@example.com';
const PASSWORDS = ['Tr0ub4dor#9', 'p@ss:w0rd%21', 'S3cret!pass', 'hunter2xyz', 'p@ss:w#rd'];

function record(username: string, password: string): AccountRecord {
  return { date: '2024-09-20T08:11:00.000Z', browser: 'Google Chrome', status: 'show', url: 'https://vpn.example.com/login', ip: '10.0.0.1', country: 'US', username, password };
}

const index = buildLeakIndex([{ domain: 'example.com', type: 'accounts', records: PASSWORDS.flatMap((p) => [record(USER, p), record(EMAIL, p)]) }]);

const enc = (s: string): string => encodeURIComponent(s);
const b64 = (s: string): string => Buffer.from(s).toString('base64');
const pgEsc = (s: string): string => s.replace(/[\\:]/g, '\\$&');

/** A form: the text for (user, password), and how the password is written in it. */
interface Form {
  readonly name: string;
  readonly text: (u: string, p: string) => string;
  readonly written?: (u: string, p: string) => string;
  /** The user's text as written (default: the user itself); null when the form cannot name it. */
  readonly user?: ((u: string) => string) | null;
  /** Passwords the form cannot hold as written (a blank, a quote of its own). */
  readonly skip?: (p: string) => boolean;
}

const shellUnsafe = (p: string): boolean => /[#'"!]/.test(p);

const FORMS: Form[] = [
  { name: 'curl -u user:pass', text: (u, p) => `curl -u '${u}:${p}' https://api.example.com/v1\n` },
  { name: 'curl -u user:pass, unquoted', text: (u, p) => `curl -s -u ${u}:${p} https://api.example.com/v1\n`, skip: shellUnsafe },
  { name: 'curl glued -uuser:pass', text: (u, p) => `curl -u${u}:${p} https://x.example.com\n`, skip: shellUnsafe },
  { name: 'curl --user user:pass', text: (u, p) => `curl --user "${u}:${p}" https://x.example.com\n` },
  { name: 'curl --user=user:pass', text: (u, p) => `curl --user='${u}:${p}' https://x.example.com\n` },
  { name: 'wget --user in a Dockerfile', text: (u, p) => `RUN wget -q -u "${u}:${p}" https://x.example.com/f.tgz\n` },
  { name: 'URL user-info, raw', text: (u, p) => `DATABASE_URL=postgres://${u}:${p}@db.example.com:5432/app\n`, skip: (p) => /[#%]/.test(p) && false },
  { name: 'URL user-info, percent-encoded', text: (u, p) => `DATABASE_URL=postgres://${enc(u)}:${enc(p)}@db.example.com:5432/app\n`, written: (_u, p) => enc(p), user: (u) => enc(u) },
  { name: 'JDBC query, percent-encoded', text: (u, p) => `url: jdbc:mysql://db.example.com:3306/app?user=${enc(u)}&password=${enc(p)}&useSSL=true\n`, written: (_u, p) => enc(p), user: (u) => enc(u) },
  { name: 'JDBC query, raw', text: (u, p) => `jdbc.url=jdbc:postgresql://db.example.com/app?user=${u}&password=${p}\n`, skip: (p) => /[#%&]/.test(p) },
  { name: 'ADO.NET User Id / Password', text: (u, p) => `"Default": "Server=db.example.com;Database=app;User Id=${u};Password=${p};"\n`, skip: (p) => p.includes(';') },
  { name: 'ADO.NET Uid / Pwd', text: (u, p) => `Driver={ODBC};Server=db;Uid=${u};Pwd=${p};\n` },
  { name: 'mysql -u user -ppass (glued)', text: (u, p) => `mysql -h db.example.com -u ${u} -p'${p}' app < dump.sql\n`, user: null },
  { name: 'mysqldump -ppass unquoted', text: (u, p) => `mysqldump --user=${u} -p${p} app > dump.sql\n`, skip: shellUnsafe },
  { name: 'mysql --password=pass', text: (u, p) => `mysql --user=${u} --password='${p}' app\n` },
  { name: 'sshpass -p pass', text: (u, p) => `sshpass -p '${p}' ssh ${u}@bastion.example.com\n` },
  { name: 'sshpass -p pass unquoted', text: (u, p) => `sshpass -p ${p} scp file ${u}@bastion.example.com:/tmp\n`, skip: shellUnsafe },
  { name: '.netrc on one line', text: (u, p) => `machine api.example.com login ${u} password ${p}\n` },
  { name: '.netrc on several lines', text: (u, p) => `machine api.example.com\n  login ${u}\n  password ${p}\n\ndefault login anonymous password x\n` },
  { name: '.pgpass', text: (u, p) => `# host:port:db:user:password\ndb.example.com:5432:app:${pgEsc(u)}:${pgEsc(p)}\n*:*:*:postgres:other\n`, written: (_u, p) => pgEsc(p) },
  { name: 'Docker config.json auth', text: (u, p) => `{\n  "auths": {\n    "registry.example.com": {\n      "auth": "${b64(`${u}:${p}`)}"\n    }\n  }\n}\n`, written: (u, p) => b64(`${u}:${p}`), user: (u) => '' + u },
  { name: '.git-credentials', text: (u, p) => `https://${enc(u)}:${enc(p)}@git.example.com\n`, written: (_u, p) => enc(p), user: (u) => enc(u) },
  { name: 'git remote URL', text: (u, p) => `[remote "origin"]\n\turl = https://${u}:${enc(p)}@git.example.com/team/app.git\n`, written: (_u, p) => enc(p) },
  { name: 'YAML sibling keys', text: (u, p) => `database:\n  username: ${u}\n  password: "${p}"\n` },
  { name: 'YAML sibling keys, plain', text: (u, p) => `database:\n  user: ${u}\n  password: ${p}\n`, skip: (p) => p.includes(': ') },
  { name: 'TOML table', text: (u, p) => `[db]\nuser = "${u}"\npassword = '${p}'\n` },
];

function hits(text: string): LeakMatch[] {
  return index.match(text);
}

describe('credential forms: users and passwords written the way tools write them', () => {
  for (const form of FORMS) {
    for (const u of [USER, EMAIL]) {
      it(`${form.name} (${u === USER ? 'user name' : 'e-mail'}): the password is an error naming the account${form.user === null ? '' : ', the user a leaked user'}`, () => {
        for (const p of PASSWORDS) {
          if (form.skip?.(p)) continue;
          const text = form.text(u, p);
          const found = hits(text);
          const written = (form.written ?? ((_u: string, pw: string) => pw))(u, p);
          const password = found.filter((m) => m.kind === 'password' && text.slice(m.start, m.end) === written);
          assert.equal(password.length, 1, `${form.name} with ${JSON.stringify(p)}: the password, in ${JSON.stringify(text)}; found ${JSON.stringify(found.map((m) => [m.kind, text.slice(m.start, m.end)]))}`);
          assert.equal(password[0]!.severity, 'error');
          assert.deepEqual(password[0]!.owners, [u]);
          assert.ok(!JSON.stringify(password[0]).includes(p), 'the match never holds the password');
          if (form.user === null) continue;
          const user = found.filter((m) => (m.kind === 'username' || m.kind === 'email') && m.identifier === u);
          assert.ok(user.length >= 1, `${form.name} with ${JSON.stringify(p)}: the user ${u} in ${JSON.stringify(text)}`);
        }
      });
    }
  }

  it('finds nothing in look-alikes of the forms', () => {
    const lookAlikes = [
      'sort -u names.txt\nmkdir -p build/out\ndocker run -p 8080:80 nginx\nssh -p 22 deploy@host\n',
      'mysql -u svc_deploy -p app\n', // -p alone prompts; "app" is a database
      'curl -u svc_deploy https://x.example.com\n', // a user alone; curl prompts for the password
      'see https://example.com/a%20b?q=%41 and the machine learning password policy\n',
      '{"auth": "not base64!"}\n{"auth": "aGVsbG8="}\n',
      'host:5432:db:user\n',
    ];
    for (const text of lookAlikes) {
      assert.deepEqual(hits(text).filter((m) => m.kind === 'password'), [], text);
    }
  });

  it('reads an encoded user that has no password in a URL, and the user of an ssh command only', () => {
    const clone = `git clone https://${encodeURIComponent(EMAIL)}@git.example.com/team/app.git\n`;
    assert.ok(hits(clone).some((m) => m.kind === 'email' && m.identifier === EMAIL), clone);
    const ssh = `cd deploy && ssh -i key ${USER}@bastion.example.com\n`;
    assert.ok(hits(ssh).some((m) => m.kind === 'username' && m.identifier === USER), ssh);
    // The tool named in prose is no command: the local part of an address there is no login.
    for (const prose of [`echo "use ssh or mail ${USER}@example.org"\n`, `Questions about rsync? Write to ${USER}@example.org\n`]) {
      assert.deepEqual(hits(prose).filter((m) => m.kind === 'username'), [], prose);
    }
  });

  it('finds the same from the scanner’s marks as from searching the text itself', () => {
    // The scanner marks only some dashes and percent signs; every form must still be found.
    const marks = (text: string): FormMarks => {
      const at: number[][] = [[], [], [], []];
      for (const c of scanCandidates(text, { forms: true })) if (c.kind === FORM) at[c.a]!.push(c.start);
      return { dashes: at[FORM_DASH]!, ats: at[FORM_AT]!, percents: at[FORM_PERCENT]!, auths: at[FORM_AUTH]! };
    };
    const pieces = [
      'curl', 'mysql', 'sshpass', 'ssh', 'wget', ' ', '\t', '\n', '"', "'", '(', '`', '-', '--', '-u', '-p', '--user', '--user=', 'u', 'p', 'ser', '=',
      'svc_deploy', ':', 'p@ss', '@', 'host.example.com', 'https://', '//', '%40', '%4', '%zz', '?', '#', '&', 'password=', 'user=', 'x',
      '"auth"', 'auth"', ': "', 'c3ZjOnB3', '==', '{', 'machine', 'login',
    ];
    const reports = (text: string, m?: FormMarks): string[] => {
      const out: string[] = [];
      credentialForms(text, (position, s, e, value) => out.push(`${position} ${s} ${e} ${value}`), m);
      return out;
    };
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        assert.deepEqual(reports(text, marks(text)), reports(text), JSON.stringify(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('reports each form with the range of the text as written', () => {
    const text = 'machine h login svc_deploy password "p@ss:w#rd"\n';
    const seen: [string, string, string][] = [];
    credentialForms(text, (position, s, e, value) => seen.push([position, text.slice(s, e), value]));
    assert.deepEqual(seen, [['user', 'svc_deploy', 'svc_deploy'], ['password', 'p@ss:w#rd', 'p@ss:w#rd']]);
  });

  it('reads every hostile repetition of a marker with bounded work per character', () => {
    // Each shape repeats one form's marker without its end; the pass must visit each character
    // a bounded number of times (a quadratic pass would take minutes at this size).
    const n = 200_000;
    const shapes = [
      ' -u'.repeat(n),
      '@'.repeat(n),
      'x://u:p%41' + '@'.repeat(n),
      '%41'.repeat(n),
      'password=' + '%41 '.repeat(n),
      'ssh '.repeat(n),
      'ssh ' + 'u@h '.repeat(n),
      ' -uuser'.repeat(n),
      'mysql' + ' -p'.repeat(n),
      'a://'.repeat(n),
      'x://u:p%' + '@'.repeat(n),
      'x://h/?' + 'password=%41&'.repeat(n),
      'machine h\n' + 'password '.repeat(n),
      ':1:'.repeat(n) + '\n' + 'h:1:d:u:p\n'.repeat(n / 10),
      '"auth":"'.repeat(n),
      '"auth":"' + 'A'.repeat(n),
    ];
    for (const text of shapes) {
      let count = 0;
      credentialForms(text, () => count++);
      assert.ok(count <= text.length, 'at most one report per character');
    }
  });

  it('tells a .netrc, a .pgpass and a JSON file by their first line as trim reads it, as before', () => {
    // The reference: the first line that is neither blank nor a `#` comment, copied and trimmed,
    // then tested (what formFileKind did before it told most files from their first characters).
    const PGPASS = /^[^:\s][^:]{0,253}:(?:\d{1,5}|\*):(?:[^:\\]|\\.){0,256}:(?:[^:\\]|\\.){1,256}:.+$/;
    const reference = (text: string): string | undefined => {
      let first = '';
      for (let ls = 0; ls < 4096 && ls < text.length; ) {
        let le = text.indexOf('\n', ls);
        if (le < 0) le = text.length;
        const t = text.slice(ls, Math.min(le, ls + 4096)).trim();
        if (t !== '' && !t.startsWith('#')) {
          first = t;
          break;
        }
        ls = le + 1;
      }
      if (/^(?:machine|default)(?:[ \t]|$)/.test(first)) return 'netrc';
      if (PGPASS.test(first)) return 'pgpass';
      return first.startsWith('{') ? 'docker' : undefined;
    };
    const piece = fc.oneof(
      fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\ufeff', '\u2028', '\u3000', '\u200b', '#', ':', '{', '\\', '*', '5432', '123456', '7', ',', '"', 'machine', 'default', 'machines', 'h', 'db', 'x'),
      fc.constantFrom(' '.repeat(300), 'a'.repeat(250), 'b'.repeat(4100), ':'.repeat(3)),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        assert.equal(formFileKind(text), reference(text), JSON.stringify(text.slice(0, 200)));
        // A file's text decoded into the scanner's memory is read the same way.
        assert.equal(formFileKind(decodeForScan(Buffer.from(text))), reference(new TextDecoder().decode(Buffer.from(text))));
      }),
      { numRuns: 3000 },
    );
    for (const [text, kind] of [
      ['\u00a0\n  \t\nmachine h login u password p\n', 'netrc'],
      ['# comment\n\ufeff{"auths": {}}', 'docker'],
      [`${'h'.repeat(254)}:5432:db:u:p`, 'pgpass'],
      [`${'h'.repeat(255)}:5432:db:u:p`, undefined],
      [`${' '.repeat(5000)}machine h`, undefined],
      ['{"version":3,"sources":["a.ts"],"mappings":"AAAA"}', 'docker'],
      ['{h:5432:db:u:p', 'pgpass'],
      ['h:*:db:u:p', 'pgpass'],
      ['h:12345:db:u:p', 'pgpass'],
      ['h:123456:db:u:p', undefined],
    ] as const) assert.equal(formFileKind(text), kind, text.slice(0, 40));
  });
});
