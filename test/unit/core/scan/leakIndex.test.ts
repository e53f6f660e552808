// The leak index end to end: which e-mails, usernames, URLs, hosts and passwords of the results
// it finds in a text, at which ranges, and which look-alikes it must leave alone.
import * as assert from 'node:assert/strict';
import { inspect } from 'node:util';
import type { AccountRecord, OpenRecord } from '../../../../src/core/service/types';
import type { LeakMatch } from '../../../../src/core/scan/leakIndex';
import { buildLeakIndex } from '../../../../src/core/scan/leakIndex';
import { isPlainUsername } from '../../../../src/core/scan/recordFields';
import { parseUrl } from '../../../../src/core/scan/normalize';
import { TOKEN_KIND, URL, scan, scanCandidates } from '../../../../src/core/scan/scanner';
import { makeCorpus, makeLeaks, prng, pick } from '../../../../tools/bench/corpus';
import { naiveMatch } from '../../../../tools/bench/naiveMatcher';

function account(over: Partial<AccountRecord>): AccountRecord {
  return {
    date: '2024-09-20T08:11:00.000Z',
    browser: 'Google Chrome',
    status: 'show',
    url: 'https://vdi.sampleurl.com/portal/webclient/',
    ip: '68.0.2.248',
    country: 'US',
    username: 'sampleuser@sampleurl.com',
    password: 'Samplepassword000',
    ...over,
  };
}

const SOURCES: Parameters<typeof buildLeakIndex>[0] = [
  {
    domain: 'sampleurl.com',
    type: 'accounts',
    records: [
      account({}),
      account({ date: '2024-01-02T00:00:00.000Z', browser: 'Mozilla Firefox', country: 'DE' }),
      account({ username: 'Alice@SampleURL.com', password: 'alice-Pa55word!', url: 'https://sso.sampleurl.com:443/login' }),
      account({ username: 'jsmith84', password: 'Tr0ub4dor&3x', url: 'http://mail.sampleurl.com/owa' }),
      account({ username: 'administrator', password: 'short' }),
      account({ username: 'hidden.person@sampleurl.com', status: 'hide', password: 'Hidden-Secret-99' }),
    ],
  },
  {
    domain: 'sampleurl.com',
    type: 'customers',
    records: [
      { login: 'carol@customer.example', pass: 'C4rol-Customer!', site: 'https://shop.sampleurl.com/checkout', when: 'x', notes: 'also seen as dave@customer.example on https://forum.sampleurl.com/t/1' } satisfies OpenRecord,
    ],
  },
];

const index = buildLeakIndex(SOURCES);

function hits(text: string): string[] {
  return index.match(text).map((m) => `${m.kind} ${text.slice(m.start, m.end)}`);
}

function only(text: string): LeakMatch {
  const ms = index.match(text);
  assert.equal(ms.length, 1, `one match in ${JSON.stringify(text)}: ${JSON.stringify(ms.map((m) => [m.kind, m.identifier]))}`);
  return ms[0];
}

describe('leak index: e-mails', () => {
  it('matches case-insensitively and gathers every record of the address', () => {
    const m = only('owner: SampleUser@SAMPLEURL.com.');
    assert.equal(m.kind, 'email');
    assert.equal(m.identifier, 'sampleuser@sampleurl.com');
    assert.equal(m.severity, 'warning');
    assert.deepEqual(m.refs, [{ source: 0, record: 0 }, { source: 0, record: 1 }]);
    assert.equal(m.summary.count, 2);
    assert.equal(m.summary.latestDate, '2024-09-20');
    assert.deepEqual(m.summary.browsers, ['Google Chrome', 'Mozilla Firefox']);
    assert.deepEqual(m.summary.countries, ['DE', 'US']);
    assert.deepEqual(m.summary.sites, ['vdi.sampleurl.com']);
    assert.deepEqual(m.summary.domains, ['sampleurl.com']);
  });

  it('finds addresses in markdown, mailto:, quotes, Unicode text and CRLF files with exact ranges', () => {
    const text = '[mail](mailto:alice@sampleurl.com)\r\n"sampleuser@sampleurl.com",\r\n連絡先alice@sampleurl.comまで\r\n';
    assert.deepEqual(hits(text), ['email alice@sampleurl.com', 'email sampleuser@sampleurl.com', 'email alice@sampleurl.com']);
  });

  it('does not match a longer address that contains a leaked one', () => {
    assert.deepEqual(hits('xalice@sampleurl.com alice@sampleurl.com.au alice@mail.sampleurl.com'), []);
  });

  it('marks records with status hide', () => {
    const m = only('hidden.person@sampleurl.com');
    assert.equal(m.hidden, true);
    assert.equal(m.summary.hiddenCount, 1);
    assert.equal(only('sampleuser@sampleurl.com').hidden, false);
  });

  it('reads open customers records by field name and e-mails/URLs in other string fields', () => {
    const m = only('carol@customer.example');
    assert.deepEqual(m.refs, [{ source: 1, record: 0 }]);
    assert.deepEqual(hits('dave@customer.example https://forum.sampleurl.com/t/1/'), ['email dave@customer.example', 'url https://forum.sampleurl.com/t/1/']);
  });
});

describe('leak index: URLs and hosts', () => {
  it('matches a URL with the same origin and path, whatever the case, port, slash, query or fragment', () => {
    for (const u of [
      'https://vdi.sampleurl.com/portal/webclient/',
      'HTTPS://VDI.SampleURL.com:443/portal/webclient',
      'https://vdi.sampleurl.com/portal/webclient?session=1#top',
      'https://bob@vdi.sampleurl.com/portal/webclient/',
    ]) {
      const m = only(`see ${u}.`);
      assert.equal(m.kind, 'url', u);
      assert.equal(m.identifier, 'https://vdi.sampleurl.com/portal/webclient');
    }
    assert.equal(only('https://sso.sampleurl.com/login').identifier, 'https://sso.sampleurl.com/login');
  });

  it('matches a URL inside a markdown link and angle brackets with exact ranges', () => {
    const text = 'See [portal](https://vdi.sampleurl.com/portal/webclient/) or <http://mail.sampleurl.com/owa>.';
    assert.deepEqual(hits(text), ['url https://vdi.sampleurl.com/portal/webclient/', 'url http://mail.sampleurl.com/owa']);
  });

  it('a URL on a leaked host with another path is a weak host match over the host only', () => {
    const text = 'go to https://vdi.sampleurl.com/other/page now';
    const m = only(text);
    assert.equal(m.kind, 'host');
    assert.equal(m.severity, 'information');
    assert.equal(text.slice(m.start, m.end), 'vdi.sampleurl.com');
    assert.equal(m.identifier, 'vdi.sampleurl.com');
  });

  it('a bare host equal to a leaked URL host is a weak match; other hosts are not', () => {
    assert.deepEqual(hits('ssh -J VDI.sampleurl.com. and mail.sampleurl.com:993 but not sampleurl.com or x.vdi.sampleurl.com'), [
      'host VDI.sampleurl.com',
      'host mail.sampleurl.com',
    ]);
  });

  it('an http URL does not strongly match a leaked https URL (different origin): host only', () => {
    assert.equal(only('http://vdi.sampleurl.com/portal/webclient').kind, 'host');
  });
});

describe('leak index: IDN and Unicode', () => {
  const idn = buildLeakIndex([
    {
      domain: 'bücher.example',
      type: 'accounts',
      records: [
        {
          date: '2024-05-01T00:00:00.000Z', browser: 'Opera', status: 'show', url: 'https://shop.bücher.example/login', ip: '', country: 'DE',
          username: 'jürgen.müller', password: 'Jürgens-Passwort-1',
        },
        { date: '', browser: '', status: 'show', url: '', ip: '', country: '', username: 'Info@Bücher.example', password: '' },
      ],
    },
  ]);
  const idnHits = (text: string): string[] => idn.match(text).map((m) => `${m.kind} ${text.slice(m.start, m.end)} ${m.identifier}`);

  it('matches IDN hosts, URLs and e-mails written in Unicode or punycode, any case', () => {
    assert.deepEqual(idnHits('ssh SHOP.BÜCHER.example; https://shop.xn--bcher-kva.example/login/ INFO@bücher.EXAMPLE'), [
      'host SHOP.BÜCHER.example shop.xn--bcher-kva.example',
      'url https://shop.xn--bcher-kva.example/login/ https://shop.xn--bcher-kva.example/login',
      'email INFO@bücher.EXAMPLE info@xn--bcher-kva.example',
    ]);
  });

  it('matches Unicode usernames in any case, and Unicode passwords exactly', () => {
    assert.deepEqual(idnHits('owner JÜRGEN.MÜLLER\npw: Jürgens-Passwort-1\npw2: jürgens-passwort-1'), [
      'username JÜRGEN.MÜLLER jürgen.müller',
      'password Jürgens-Passwort-1 jürgen.müller',
    ]);
  });
});

describe('leak index: plain usernames', () => {
  it('matches only as a whole token', () => {
    assert.deepEqual(hits('user = jsmith84\nlogin("JSmith84"); path /home/jsmith84/.ssh'), [
      'username jsmith84',
      'username JSmith84',
      'username jsmith84',
    ]);
    assert.deepEqual(hits('jsmith845 xjsmith84 jsmith84_old jsmith84.bak jsmith84@example.com'), []);
  });

  it('ignores common words and short names', () => {
    assert.equal(isPlainUsername('administrator'), false);
    assert.equal(isPlainUsername('root'), false);
    assert.equal(isPlainUsername('bob12'), false);
    assert.equal(isPlainUsername('12345678'), false);
    assert.equal(isPlainUsername('jsmith84'), true);
    assert.deepEqual(hits('administrator root'), []);
  });
});

describe('leak index: passwords', () => {
  const cases: [string, string][] = [
    ['.env', 'DB_PASSWORD=Samplepassword000\n'],
    ['.env with CRLF and comment', 'DB_PASSWORD=Samplepassword000 # prod\r\n'],
    ['JSON', '{ "password": "Samplepassword000" }'],
    ['YAML', 'db:\n  password: Samplepassword000\n'],
    ['YAML quoted', "password: 'Samplepassword000'"],
    ['properties', 'db.password = Samplepassword000'],
    ['code', 'const password = "Samplepassword000";'],
    ['template literal', 'const p = `Samplepassword000`;'],
  ];
  for (const [name, text] of cases) {
    it(`marks a leaked password in ${name} as an error naming the account, never the password`, () => {
      const m = only(text);
      assert.equal(m.kind, 'password');
      assert.equal(m.severity, 'error');
      assert.equal(text.slice(m.start, m.end), 'Samplepassword000');
      assert.equal(m.identifier, 'sampleuser@sampleurl.com');
      assert.deepEqual(m.owners, ['sampleuser@sampleurl.com']);
      assert.ok(!JSON.stringify(m).includes('Samplepassword000'));
    });
  }

  it('tests values on two sketch probes while passwords are few and on one past about 505,000, finding each leaked password either way', () => {
    // First and last two characters from a seeded generator: the sketch keys on them and the length.
    let seed = 7;
    const char = (): string => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#%&*+-'[(seed >>> 16) % 68];
    };
    const passwords = Array.from({ length: 600_002 }, (_, i) => `${char()}${char()}-Winter-${i}-${char()}${char()}`);
    const pw = (i: number): string => passwords[i];
    const many = (n: number): { domain: string; type: 'customers'; records: OpenRecord[] } => ({
      domain: 'sampleurl.com',
      type: 'customers',
      records: passwords.slice(0, n).map((password) => ({ password }) satisfies OpenRecord),
    });
    for (const [n, probes] of [[1000, 'both'], [600_000, 'first']] as const) {
      const big = buildLeakIndex([many(n)]);
      assert.equal(big.passwordSketch.probes, probes, `${n} passwords`);
      const text = `password: "${pw(n - 1)}"\npw = '${pw(n >> 1)}'\nsecret="${pw(n + 1)}"`;
      assert.deepEqual(
        big.match(text).map((m) => text.slice(m.start, m.end)),
        [pw(n - 1), pw(n >> 1)],
      );
    }
  });

  it('does not match a password that is only part of a longer value', () => {
    assert.deepEqual(hits('X=Samplepassword0001\n"Samplepassword000 and more"\nkey: aSamplepassword000\nSamplepassword000'), []);
  });

  it('names the accounts of a password leaked for plain usernames and open records', () => {
    assert.equal(only("pw = 'Tr0ub4dor&3x'").identifier, 'jsmith84');
    assert.equal(only('"pass": "C4rol-Customer!"').identifier, 'carol@customer.example');
  });

  it('matches passwords shorter than 6 characters only where a password belongs', () => {
    assert.deepEqual(hits('password = "short"'), ['password short']);
    assert.deepEqual(hits('name = "short"\nshort'), []);
  });

  it('keeps no password in the index: JSON and inspect of it show none', () => {
    const passwords = ['Samplepassword000', 'alice-Pa55word!', 'Tr0ub4dor&3x', 'Hidden-Secret-99', 'C4rol-Customer!'];
    const dumped = JSON.stringify(index) + inspect(index, { depth: Infinity, showHidden: true, maxArrayLength: Infinity, maxStringLength: Infinity });
    for (const p of passwords) assert.ok(!dumped.includes(p), `${p} in the index dump`);
  });

  it('uses a random key per index unless one is given: same key, same matches', () => {
    const key = new Uint8Array(24).fill(7);
    const a = buildLeakIndex(SOURCES, { key });
    const b = buildLeakIndex(SOURCES, { key });
    const text = 'PASSWORD=alice-Pa55word!';
    assert.deepEqual(a.match(text), b.match(text));
    assert.equal(a.match(text)[0].identifier, 'alice@sampleurl.com');
  });
});

describe('leak index: stats, options, overlaps', () => {
  it('counts its identifiers', () => {
    const { bytes, ...counts } = index.stats;
    assert.deepEqual(counts, { records: 7, emails: 6, usernames: 2, urls: 8, hosts: 8, passwords: 7, unparsedUrls: 0 });
    assert.ok(bytes > 0 && bytes < 1000, `${bytes} bytes`);
  });

  it('an e-mail inside a leaked URL gives two overlapping matches', () => {
    const text = 'https://forum.sampleurl.com/t/1?by=alice@sampleurl.com';
    assert.deepEqual(hits(text), ['url https://forum.sampleurl.com/t/1?by=alice@sampleurl.com', 'email alice@sampleurl.com']);
  });

  it('rules can be switched off', () => {
    const text = 'alice@sampleurl.com vdi.sampleurl.com jsmith84 "Samplepassword000"';
    assert.equal(index.match(text).length, 4);
    assert.deepEqual(
      index.match(text, { hosts: false, usernames: false, passwords: false }).map((m) => m.kind),
      ['email'],
    );
  });

  it('an empty index finds nothing', () => {
    const empty = buildLeakIndex([]);
    assert.equal(empty.isEmpty, true);
    assert.deepEqual(empty.match('alice@sampleurl.com https://vdi.sampleurl.com/portal/webclient'), []);
  });
});

describe('leak index: agreement with the naive regex matcher on generated corpora (seeded)', () => {
  it('finds the same e-mail/URL/host matches as the naive matcher on 20 generated texts', () => {
    const fixture = makeLeaks(11, { emails: 300, usernames: 100, urls: 200, passwords: 200 });
    const idx = buildLeakIndex(fixture.sources);
    const rng = prng(99);
    for (let round = 0; round < 20; round++) {
      const { text } = makeCorpus(1000 + round, 20_000 + Math.floor(rng() * 20_000), fixture.leaked, 0.2 + rng() * 0.3);
      const fast = idx.match(text).map((m) => `${m.kind}:${m.start}-${m.end}`);
      const naive = naiveMatch(idx, text).map((m) => `${m.kind}:${m.start}-${m.end}`);
      assert.ok(fast.length > 0);
      assert.deepEqual(fast, naive, `round ${round}`);
    }
    const ascii = fixture.leaked.emails.filter((e) => !e.includes('ü'));
    const e = pick(rng, ascii);
    assert.equal(idx.match(`x ${e.toUpperCase()} y`)[0].identifier, e.toLowerCase());
    const idn = fixture.leaked.emails.find((x) => x.includes('ü'));
    assert.ok(idn);
    assert.deepEqual(idx.match(`(${idn})`).map((m) => m.kind), ['email']);
  });
});

describe('leak index: the URL host prefilter loses nothing (seeded, property-style)', () => {
  it('a URL matches exactly when its parsed host is leaked, whatever user-info, ports, case and trailing dots it has', () => {
    const leakedHosts = new Set(['vdi.sampleurl.com', 'sso.sampleurl.com', 'mail.sampleurl.com', 'shop.sampleurl.com', 'forum.sampleurl.com']);
    const rng = prng(515);
    const parts = ['vdi.sampleurl.com', 'VDI.SampleURL.com', 'mail.sampleurl.com', 'other.example', 'user', 'u:p', '@', '@', ':', ':443', ':8443', '.', '..', 'x', '-', '%40'];
    const tails = ['', '/', '/portal/webclient', '/portal/webclient/?q=1', '#f', '/owa', '?a=b@c', '.', ').'];
    let matched = 0;
    for (let round = 0; round < 4000; round++) {
      let authority = '';
      const n = 1 + Math.floor(rng() * 6);
      for (let i = 0; i < n; i++) authority += pick(rng, parts);
      const text = `see ${pick(rng, ['https', 'http', 'HTTPS'])}://${authority}${pick(rng, tails)} now`;
      const got = index.match(text, { emails: false, hosts: false, usernames: false, passwords: false });
      const want = scanCandidates(text).filter((c) => {
        if (c.kind !== URL) return false;
        const parsed = parseUrl(text.slice(c.start, c.end));
        return parsed !== undefined && leakedHosts.has(parsed.host);
      });
      assert.equal(got.length, want.length, text);
      if (got.length > 0) matched++;
    }
    assert.ok(matched > 200, `${matched} URLs matched`);
  });
});

describe('leak index: the same segment however a source hands out its records', () => {
  // Repeated values (which the builder works out once by their dictionary code), blank and
  // untrimmed ones, e-mails, generic and short usernames, common and short passwords.
  const users = ['ann@sampleurl.com', ' Bob.Builder@SampleURL.com ', 'administrator', 'jsmith84', '', 'zoë.müller', 'x'];
  const passwords = ['Samplepassword000', 'password', 'abc', '', 'Tr0ub4dor&3x', 'pässwört-2024'];
  const urls = ['https://vdi.sampleurl.com/portal/', '  http://intranet:8080/admin ', '', '@@', 'mail.sampleurl.com/owa'];
  const records = Array.from({ length: 400 }, (_, i) =>
    account({ username: users[(i * 7) % users.length], password: passwords[(i * 5) % passwords.length], url: urls[(i * 3) % urls.length] }),
  );
  const values = { username: users, password: passwords, url: urls } as const;
  const fieldOf = (name: string, i: number): string => String((records[i] as unknown as Record<string, string>)[name] ?? '');
  const key = Uint8Array.from({ length: 24 }, (_, i) => i * 11);
  const text = [...users, ...passwords.map((p) => `password = "${p}"`), ...urls].join('\n');
  const view = (source: Parameters<typeof buildLeakIndex>[0][number]): unknown => {
    const built = buildLeakIndex([source], { key });
    return { stats: built.stats, matches: built.match(text).map((m) => ({ ...m, summary: m.summary.count })) };
  };

  it('by record, by field, and by field with dictionary codes', () => {
    const byRecord = view({ domain: 'sampleurl.com', type: 'accounts', records });
    const byField = view({ domain: 'sampleurl.com', type: 'accounts', length: records.length, record: (i) => records[i] as AccountRecord, field: fieldOf });
    const byCode = view({
      domain: 'sampleurl.com',
      type: 'accounts',
      length: records.length,
      record: (i) => records[i] as AccountRecord,
      field: fieldOf,
      codes: (i, out) => {
        for (const name of ['username', 'password', 'url'] as const) out[name] = (values[name] as readonly string[]).indexOf(fieldOf(name, i));
      },
    });
    assert.deepEqual(byField, byRecord);
    assert.deepEqual(byCode, byRecord);
    assert.ok((byRecord as { matches: unknown[] }).matches.length > 5);
  });

  it('the same when values hardly repeat for long (the memo pauses), then repeat again', function () {
    this.timeout(20_000);
    // 70,000 distinct usernames and passwords (more than a trial of the memo), then the first ones again.
    const many = Array.from({ length: 90_000 }, (_, i) => {
      const k = i < 70_000 ? i : i % 50;
      return account({ username: `member${k}@sampleurl.com`, password: `Pass-${k}-word`, url: `https://app${k % 40}.sampleurl.com/` });
    });
    const probe = ['member7@sampleurl.com', 'member69999@sampleurl.com', 'password = "Pass-7-word"', 'password = "Pass-60000-word"', 'https://app7.sampleurl.com/'].join('\n');
    const look = (source: Parameters<typeof buildLeakIndex>[0][number]): unknown => {
      const built = buildLeakIndex([source], { key });
      return { stats: built.stats, matches: built.match(probe).map((m) => ({ ...m, summary: m.summary.count })) };
    };
    const field = (name: string, i: number): string => String((many[i] as unknown as Record<string, string>)[name] ?? '');
    const byRecord = look({ domain: 'sampleurl.com', type: 'accounts', records: many });
    const byField = look({ domain: 'sampleurl.com', type: 'accounts', length: many.length, record: (i) => many[i] as AccountRecord, field });
    assert.deepEqual(byField, byRecord);
    assert.equal((byRecord as { matches: { refs: unknown[] }[] }).matches[0]?.refs.length, 1 + 400, 'member7: its own record and the repeats');
  });
});

describe('leak index: the words the scanner hands over', () => {
  it('are no shorter than a username matched on its own, however short the others', () => {
    // `ab` is a username matched only where a user is named (a value); `jsmith1987` is matched
    // anywhere. Every two-letter word of a text was handed over to be looked up as `ab`.
    const index = buildLeakIndex([{ domain: 'sampleurl.com', type: 'accounts', records: [account({ username: 'ab' }), account({ username: 'jsmith1987', password: 'Winter-Sky-4412' })] }]);
    const tokens: [number, number][] = [];
    const counting: typeof scan = (text, sink, options) => scan(text, { candidate: (kind, s, e, a, b) => (kind === TOKEN_KIND && tokens.push([s, e]), sink.candidate(kind, s, e, a, b)) }, options);
    const text = 'if we go by ab to jsmith1987 or ab, so be it\nuser: ab\n';
    const found = index.matchWith(counting, text).map((m) => `${m.kind} ${text.slice(m.start, m.end)}`);
    assert.deepEqual(found, ['username jsmith1987', 'username ab']);
    assert.deepEqual(tokens.map(([s, e]) => text.slice(s, e)), ['jsmith1987']);
  });
});

describe('leak index: a generic user name tied to its records by a site nearby', () => {
  const index = buildLeakIndex([{ domain: 'sampleurl.com', type: 'accounts', records: [account({ username: 'admin', url: 'https://vpn.othersite.net/login' })] }]);
  const admin = (text: string): LeakMatch | undefined => index.match(text).find((m) => m.kind === 'username');

  it('is weak alone, and tied by the site as a whole host name in any case', () => {
    assert.equal(admin('user: admin')?.weak, true);
    assert.equal(admin('Log in to VPN.OtherSite.NET as\nuser: admin')?.weak, false);
    assert.equal(admin('see myvpn.othersite.net\nuser: admin')?.weak, true, 'inside a longer label');
    assert.equal(admin('see sso.vpn.othersite.net\nuser: admin')?.weak, false, 'under a subdomain');
  });

  it('ties each of many names in one text as it ties one', () => {
    // Enough names that the site is first looked for around names, then listed in the whole
    // text: each name is tied exactly when a whole mention of the site starts within 1,000
    // units of it.
    const rng = prng(5);
    const pieces: string[] = [];
    for (let k = 0; k < 200; k++) {
      pieces.push('x '.repeat(100 + Math.floor(rng() * 600)));
      const r = rng();
      if (r < 0.2) pieces.push('VPN.othersite.net ');
      else if (r < 0.3) pieces.push('myvpn.othersite.net ');
      pieces.push('x '.repeat(Math.floor(rng() * 600)), 'user: admin\n');
    }
    // Last, a mention just within reach after a name, and one just out of it.
    pieces.push('x '.repeat(600), 'user: admin', ' '.repeat(999), 'vpn.othersite.net ', 'x '.repeat(600), 'user: admin', ' '.repeat(1000), 'vpn.othersite.net\n');
    const text = pieces.join('');
    const lower = text.toLowerCase();
    const mentions: number[] = [];
    for (let i = lower.indexOf('vpn.othersite.net'); i >= 0; i = lower.indexOf('vpn.othersite.net', i + 1)) if (!/[a-z0-9-]/.test(lower[i - 1] ?? ' ')) mentions.push(i);
    const names = index.match(text).filter((m) => m.kind === 'username');
    assert.equal(names.length, 202);
    let tied = 0;
    for (const m of names) {
      const near = mentions.some((i) => i >= m.start - 1000 && i < m.end + 1000);
      assert.equal(m.weak, !near, `admin at ${m.start}`);
      if (near) tied++;
    }
    assert.ok(tied > 20 && tied < 180, `${tied} of 202 tied`);
    assert.deepEqual(names.slice(-2).map((m) => m.weak), [false, true]);
    // Alone in its text, as far: looked for around the name only.
    assert.equal(admin(`user: admin${' '.repeat(999)}vpn.othersite.net`)?.weak, false);
    assert.equal(admin(`user: admin${' '.repeat(1000)}vpn.othersite.net`)?.weak, true);
  });

  it('measures the distance in the text as it is, whatever its characters lower-case to', () => {
    // `İ` lower-cases to two units: positions read in a lower-cased copy would come out later.
    const far = `${'İ'.repeat(40)} vpn.othersite.net${' '.repeat(988)}user: admin`;
    assert.equal(admin(far)?.weak, true);
    const near = `${'İ'.repeat(40)} vpn.othersite.net${' '.repeat(900)}user: admin`;
    assert.equal(admin(near)?.weak, false);
  });
});
