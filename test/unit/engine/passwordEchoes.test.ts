// A record's password never shows through another of its fields (the URL's query, the user
// name, the browser…), in any view or export; password fields named in other languages are
// masked like `password`; server text in exports is plain. Tables of hostile records.
import * as assert from 'node:assert/strict';
import { plainText, visibleText } from '../../../src/core/text/plainText';
import { echoesOf, maskEchoes } from '../../../src/core/results/secretEchoes';
import { isPasswordName, isSecretName } from '../../../src/core/results/secretFields';
import type { AccountRecord, OpenRecord } from '../../../src/core/service/types';
import { Leaks } from '../../../src/engine/leaks';
import { RecordTableBuilder, setKnownKeys } from '../../../src/engine/store/recordTable';
import type { RecordTable } from '../../../src/engine/store/recordTable';
import { exportPieces, jsonPieces, jsonlPieces } from '../../../src/engine/views/exports';
import { ResultView } from '../../../src/engine/views/resultView';
import { EMPTY_FILTER, MASK } from '../../../src/shared/webviewProtocol';

function table(type: 'accounts' | 'customers', records: readonly (AccountRecord | OpenRecord)[]): RecordTable {
  const builder = new RecordTableBuilder(type);
  for (const r of records) builder.add(r);
  return builder.finish();
}

const PASSWORD = 'Tr0ub4dor&3x';

/** A view of every record (the exports write the rows of its query: none would prove nothing). */
function viewOf(t: RecordTable): ResultView {
  const view = new ResultView(t);
  view.query({ filter: EMPTY_FILTER, grouping: 'none', expanded: [] });
  assert.equal(view.rows.length, t.length);
  return view;
}

function account(overrides: Partial<AccountRecord>): AccountRecord {
  return { date: '2024-09-20T08:11:00.000Z', browser: 'Google Chrome', status: 'show', url: 'https://vpn.acme.test/login', ip: '10.0.0.1', country: 'US', username: 'alice@acme.test', password: PASSWORD, ...overrides };
}

/** Records whose password stands again in another field, in the spellings a URL or form gives it. */
const ECHOING: readonly (readonly [string, Partial<AccountRecord>])[] = [
  ['URL query, as is', { url: `https://vpn.acme.test/login?user=alice&pw=${PASSWORD}` }],
  ['URL query, percent-encoded', { url: `https://vpn.acme.test/login?pw=${encodeURIComponent(PASSWORD)}` }],
  ['URL query, percent-encoded lower hex', { url: `https://vpn.acme.test/login?pw=${encodeURIComponent(PASSWORD).toLowerCase()}` }],
  ['URL user info', { url: `https://alice:${encodeURIComponent(PASSWORD)}@vpn.acme.test/` }],
  ['user name', { username: `alice_${PASSWORD}` }],
  ['user name, other case', { username: `alice-${PASSWORD.toUpperCase()}` }],
  ['browser', { browser: `Chrome (saved: ${PASSWORD})` }],
  ['country', { country: PASSWORD }],
  ['status', { status: PASSWORD }],
  ['ip', { ip: `10.0.0.1 ${PASSWORD}` }],
  ['date text', { date: `sometime ${PASSWORD}` }],
];

function leaksPassword(text: string): boolean {
  const lower = text.toLowerCase();
  return [PASSWORD, encodeURIComponent(PASSWORD)].some((s) => lower.includes(s.toLowerCase()));
}

async function exported(view: ResultView, format: 'csv' | 'json' | 'markdown'): Promise<string> {
  return [...exportPieces(format, view, view.rows, false, { domain: 'acme.test', type: 'accounts', fetchedAt: 0, filterDescription: '' })].join('');
}

describe('engine: a password never shows through another field', () => {
  for (const [where, overrides] of ECHOING) {
    it(`${where}: panel cells, copy, CSV, JSON and the incident summary`, async () => {
      const view = viewOf(table('accounts', [account(overrides)]));
      const cells = view.cells(0);
      assert.ok(cells.every((c) => !leaksPassword(c)), cells.join(' | '));
      assert.ok(!leaksPassword(view.copyText('row', 0, 0, new Set()) ?? ''));
      for (const format of ['csv', 'json', 'markdown'] as const) {
        const out = await exported(view, format);
        assert.ok(!leaksPassword(out), `${format}: ${out}`);
      }
      // Revealed on purpose, the password column shows it (the user asked).
      const column = view.table.roles.password as number;
      assert.equal(view.cells(0, (c) => c === column)[column], PASSWORD);
    });
  }

  it('hovers and diagnostic messages of the leak index mask it too', () => {
    const leaks = new Leaks(() => undefined);
    leaks.set(['a'], [table('accounts', [account({ username: `alice_${PASSWORD}@acme.test`, browser: `Edge ${PASSWORD}`, country: `US${PASSWORD}` })])], ['acme.test']);
    const [match] = leaks.match(`password = "${PASSWORD}"`);
    assert.ok(match, 'the password is found in the text');
    assert.ok(!leaksPassword(match.message), match.message);
    assert.ok(match.owners.every((o) => !leaksPassword(o)), match.owners.join());
    const hover = leaks.hover(match.handle, 10);
    assert.ok(hover && hover.records.length === 1);
    assert.ok(!leaksPassword(JSON.stringify(hover)), JSON.stringify(hover));
  });

  it('maskEchoes: every spelling, any case; short values and unrelated text untouched', () => {
    const cases: readonly (readonly [string, readonly string[], string])[] = [
      ['https://h/?p=hunter2&q=1', ['hunter2'], `https://h/?p=${MASK}&q=1`],
      ['HUNTER2 and Hunter2', ['hunter2'], `${MASK} and ${MASK}`],
      ['a%20b%40c', ['a b@c'], MASK],
      ['a+b%40c', ['a b@c'], MASK],
      ['2024-01-02', ['01'], '2024-01-02'],
      ['nothing here', ['hunter2'], 'nothing here'],
      ['pass: longer-secret and longer', ['longer', 'longer-secret'], `pass: ${MASK} and ${MASK}`],
      ['', ['x'], ''],
    ];
    for (const [text, secrets, expected] of cases) assert.equal(maskEchoes(text, echoesOf(secrets)), expected, text);
  });

  it('echoesOf: each spelling once, longest first, in linear time for a record of many secrets', () => {
    assert.deepEqual(echoesOf(['a b@c', 'A B@C', 'hunter2', 'hunter2']), ['a%20b%40c', 'a+b%40c', 'a%20b@c', 'hunter2', 'a b@c']);
    const many = Array.from({ length: 20_000 }, (_, i) => `pw @${i}`);
    const echoes = echoesOf([...many, ...many]);
    assert.equal(echoes.length, new Set(echoes).size);
    assert.equal(echoes.length, 20_000 * 4);
    for (let i = 1; i < echoes.length; i++) assert.ok((echoes[i - 1] as string).length >= (echoes[i] as string).length);
  });
});

describe('engine: password fields in other languages are masked like password', () => {
  const NAMES = [
    'Passwort', 'Kennwort', 'benutzer_passwort', 'mot_de_passe', 'motDePasse', 'Mot de passe', 'contraseña', 'Contrasena', 'clave',
    'senha', 'palavra-passe', 'wachtwoord', 'lösenord', 'passord', 'adgangskode', 'salasana', 'jelszó', 'hasło', 'heslo', 'parola',
    'şifre', 'пароль', 'Пароль_пользователя', 'лозинка', 'κωδικός', 'סיסמה', 'كلمة المرور', 'رمز عبور', 'पासवर्ड', 'รหัสผ่าน',
    '密码', '密碼', 'パスワード', '비밀번호', '암호', 'mật khẩu', 'kata sandi',
  ];
  for (const name of NAMES) {
    it(name, async () => {
      assert.ok(isSecretName(name), `${name} is secret`);
      const t = table('customers', [{ email: 'alice@acme.test', [name]: 'S3cr3t-Value!' } as OpenRecord]);
      const column = t.columnOf(name) as number;
      assert.equal(t.columns[column]?.secret, true);
      const view = viewOf(t);
      assert.equal(view.cells(0)[column], MASK);
      for (const format of ['csv', 'json', 'markdown'] as const) {
        assert.ok(!(await exported(view, format)).includes('S3cr3t-Value!'), format);
      }
    });
  }

  it('names that only look alike are not passwords, and the word passwords stay secret', () => {
    for (const name of ['autoclave', 'parolee_id', 'country', 'browser', 'url', 'username', 'enclave']) assert.ok(!isSecretName(name), name);
    for (const name of ['password', 'Passwort', 'пароль', 'contraseña', 'pwd']) assert.ok(isPasswordName(name), name);
    for (const name of ['password_hash', 'email', 'autoclave']) assert.ok(!isPasswordName(name), name);
  });

  it('a foreign password field of a customers record is a password to the leak index', () => {
    const leaks = new Leaks(() => undefined);
    leaks.set(['c'], [table('customers', [{ email: 'alice@acme.test', Passwort: 'Sommer2024!xy' } as OpenRecord])], ['acme.test']);
    const found = leaks.match('db_pass = "Sommer2024!xy"');
    assert.deepEqual(found.map((m) => m.kind), ['password']);
  });
});

describe('engine: exports are plain text', () => {
  it('controls, bidi and zero-width characters are gone from CSV and JSON; lines are one line; long text bounded', async () => {
    const hostile = `evil\u202e\u2066gpj.exe\u200b\u200d\u00ad\r\nline2\u0000\u001b[31m${'x'.repeat(50_000)}`;
    const view = viewOf(table('accounts', [account({ browser: hostile, country: `U\u200dS`, date: `2024\u202e-01-01` })]));
    for (const format of ['csv', 'json'] as const) {
      const out = await exported(view, format);
      const body = format === 'csv' ? out.split('\r\n').slice(1).join('') : JSON.stringify(JSON.parse(out));
      assert.ok(!/[\p{Cf}\p{Cc}]/u.test(format === 'csv' ? body : JSON.parse(out)[0].browser), format);
      assert.ok(!/[\r\n]/.test(format === 'csv' ? out.split('\r\n')[1] ?? '' : JSON.parse(out)[0].browser), format);
      assert.ok(out.length < 30_000, `${format} bounded: ${out.length}`);
    }
  });
});

describe('engine: JSON exports hold every field exactly as text', () => {
  it('quotes, backslashes, emoji, other scripts and lone surrogates: each line parses, to the plain text of each field', () => {
    const values = ['say "hi"', 'C:\\Users\\bob', 'back\\"slash', '🔑 ключ 鍵', 'lone \ud800 high', 'lone \udc00 low', '\u2028line\u2029para', 'tab\there', 'plain'];
    const view = viewOf(table('accounts', values.map((browser, i) => account({ browser, username: `user${i}@acme.test` }))));
    const lines = [...jsonlPieces(view, view.rows, false)].join('').split('\n').filter((l) => l !== '');
    assert.equal(lines.length, values.length);
    const browsers = lines.map((line) => (JSON.parse(line) as { browser: string }).browser);
    assert.deepEqual(browsers, values.map((v) => visibleText(v)));
    const array = JSON.parse([...jsonPieces(view, view.rows, false)].join('')) as { browser: string }[];
    assert.deepEqual(array.map((r) => r.browser), browsers);
  });
});

describe('plain text: every invisible format and control character goes', () => {
  it('removes each Cf and Cc character and default-ignorable ones, joiners included', () => {
    for (let cp = 0; cp <= 0xe01ef; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (!/[\p{Cf}\p{Cc}]/u.test(ch)) continue;
      const out = plainText(`a${ch}b`);
      assert.ok(out === 'ab' || out === 'a b', `U+${cp.toString(16)} gives ${JSON.stringify(out)}`);
    }
    assert.equal(visibleText('a\u200db\u200cc\u3164d\ufe0fe'), 'abcde');
    // Printable ASCII passes as it is, whole.
    const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    assert.equal(visibleText(printable), printable);
    assert.equal(visibleText(`${printable}\x7f${printable}`), `${printable} ${printable}`);
    assert.equal(plainText('one\r\ntwo\u2028three\tfour'), 'one two three four');
  });
});

describe('engine: the API key never shows in a record, whatever the service put there', () => {
  const KEY = 'lj_live_7f3a9c1e5b2d8f4a6c0e9b3d7a1f5c8e';
  afterEach(() => setKnownKeys([]));

  it('masks the key echoed in a record (as is, upper case, percent-encoded, base64) in cells, exports and hovers', async () => {
    setKnownKeys([KEY]);
    const records = [
      account({ url: `https://vpn.acme.test/api/search/${KEY}/acme.test/accounts` }),
      account({ username: `bob@acme.test`, browser: `Chrome ${KEY.toUpperCase()}` }),
      account({ username: `carol@acme.test`, url: `https://x.acme.test/?next=${encodeURIComponent(`https://h/search/${KEY}/`)}` }),
      account({ username: `dave@acme.test`, country: Buffer.from(`GET /api/search/${KEY}/acme.test`).toString('base64') }),
    ];
    const view = viewOf(table('accounts', records));
    const shows = (text: string): boolean => text.toLowerCase().includes(KEY.slice(8, 24).toLowerCase()) || text.includes(Buffer.from(KEY).toString('base64').slice(4, 20));
    for (let row = 0; row < records.length; row++) assert.ok(!view.cells(row).some(shows), view.cells(row).join(' | '));
    for (const format of ['csv', 'json', 'markdown'] as const) assert.ok(!shows(await exported(view, format)), format);
    const leaks = new Leaks(() => undefined);
    leaks.set(['a'], [view.table], ['acme.test']);
    const [match] = leaks.match('bob@acme.test');
    assert.ok(match);
    assert.ok(!shows(JSON.stringify(leaks.hover(match.handle, 10))));
    assert.ok(!shows(match.message), match.message);
    // Without the key known, the same record shows as sent (the test can fail).
    setKnownKeys([]);
    assert.ok(shows(view.cells(1).join(' ')));
  });
});
