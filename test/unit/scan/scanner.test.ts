import * as assert from 'node:assert/strict';
import type { CandidateKind } from '../../../src/core/scan/scanner';
import { scanCandidates, scanHosts, scanTokens, scanTokensAndHosts, scanUrls, scanUrlsWithHost, scanValues, trimUrlEnd } from '../../../src/core/scan/scanner';
import { parseUrl } from '../../../src/core/scan/normalize';
import { referenceScanValues } from './valuesReference';
import { lengthFilter } from '../../../src/core/scan/charClass';
import { naiveCandidates } from '../../bench/naiveMatcher';
import { prng, pick } from '../../bench/corpus';

/** The candidates of `text` as `kind text` strings, in order. */
function found(text: string, kinds: readonly CandidateKind[] = ['email', 'url'], filter?: number[]): string[] {
  const f = filter === undefined ? undefined : lengthFilter(filter);
  return scanCandidates(text, kinds, { token: f, host: f, value: f }).map((c) => `${c.kind} ${text.slice(c.start, c.end)}`);
}

describe('scanner: e-mails', () => {
  it('finds an address between punctuation, quotes and brackets', () => {
    assert.deepEqual(found('Mail alice@example.com.'), ['email alice@example.com']);
    assert.deepEqual(found('"alice@example.com",'), ['email alice@example.com']);
    assert.deepEqual(found("('alice@example.com')"), ['email alice@example.com']);
    assert.deepEqual(found('[alice@example.com]; <bob@example.org>!'), ['email alice@example.com', 'email bob@example.org']);
    assert.deepEqual(found('alice@example.com, bob@example.org...'), ['email alice@example.com', 'email bob@example.org']);
  });

  it('keeps dots, plus and hyphens of the local part, but not a leading dot', () => {
    assert.deepEqual(found('x first.last+tag@mail.example.co.uk y'), ['email first.last+tag@mail.example.co.uk']);
    assert.deepEqual(found('...bob@example.org'), ['email bob@example.org']);
  });

  it('strips the mailto: prefix and markdown link syntax', () => {
    assert.deepEqual(found('[write](mailto:alice@example.com)'), ['email alice@example.com']);
    assert.deepEqual(found('<a href="mailto:alice@example.com?subject=hi">'), ['email alice@example.com']);
  });

  it('needs a dotted domain: handles and decorators are not e-mails', () => {
    assert.deepEqual(found('@Component deploy@localhost @alice a@b'), []);
    assert.deepEqual(found('user@host.'), []);
  });

  it('does not take text in other scripts around an address', () => {
    assert.deepEqual(found('Почта:alice@example.com。Привет'), ['email alice@example.com']);
    assert.deepEqual(found('«alice@example.com» — “bob@example.org”'), ['email alice@example.com', 'email bob@example.org']);
  });

  it('takes an IDN domain whole', () => {
    assert.deepEqual(found('info@bücher-shop.de!'), ['email info@bücher-shop.de']);
  });

  it('handles CRLF line ends', () => {
    assert.deepEqual(found('A=alice@example.com\r\nB=bob@example.org\r\n'), ['email alice@example.com', 'email bob@example.org']);
  });

  it('finds leftmost, non-overlapping addresses when @ repeats', () => {
    assert.deepEqual(found('a@b@c.com'), ['email b@c.com']);
    assert.deepEqual(found('a@b.com@c.com'), ['email a@b.com']);
  });
});

describe('scanner: URLs', () => {
  it('drops trailing sentence punctuation', () => {
    assert.deepEqual(found('See https://example.com/a.'), ['url https://example.com/a']);
    assert.deepEqual(found('See https://example.com/a, then https://example.org/b; or http://x.io/?q=1!'), [
      'url https://example.com/a',
      'url https://example.org/b',
      'url http://x.io/?q=1',
    ]);
  });

  it('drops an unbalanced closing paren but keeps balanced ones', () => {
    assert.deepEqual(found('(see https://example.com/a)'), ['url https://example.com/a']);
    assert.deepEqual(found('https://en.wikipedia.org/wiki/Foo_(bar)'), ['url https://en.wikipedia.org/wiki/Foo_(bar)']);
    assert.deepEqual(found('(https://en.wikipedia.org/wiki/Foo_(bar)).'), ['url https://en.wikipedia.org/wiki/Foo_(bar)']);
  });

  it('stops at markdown link syntax, angle brackets and quotes', () => {
    assert.deepEqual(found('[docs](https://example.com/docs)'), ['url https://example.com/docs']);
    assert.deepEqual(found('[https://a.example.com](https://b.example.com/x)'), ['url https://a.example.com', 'url https://b.example.com/x']);
    assert.deepEqual(found('<https://example.com/x>'), ['url https://example.com/x']);
    assert.deepEqual(found(`fetch("https://example.com/x", 'https://example.org/y', \`ftp://files.example.net/z\`)`), [
      'url https://example.com/x',
      'url https://example.org/y',
      'url ftp://files.example.net/z',
    ]);
    assert.deepEqual(found('**https://example.com/x**'), ['url https://example.com/x']);
  });

  it('takes the scheme only from letters: no leading digits or separators', () => {
    assert.deepEqual(found('x=1https://example.com'), ['url https://example.com']);
    assert.deepEqual(found('git+ssh://git@example.com/r.git'), ['url git+ssh://git@example.com/r.git', 'email git@example.com']);
    assert.deepEqual(found('://example.com 1://x.y'), []);
  });

  it('reports an e-mail inside a URL as a second, overlapping candidate', () => {
    assert.deepEqual(found('https://alice@example.com/'), ['url https://alice@example.com/', 'email alice@example.com']);
    assert.deepEqual(found('https://example.com/?to=bob@example.org&x=1'), ['url https://example.com/?to=bob@example.org&x=1', 'email bob@example.org']);
  });

  it('keeps IDN hosts and Unicode paths, stops at Unicode punctuation', () => {
    assert.deepEqual(found('「https://bücher.example/straße」'), ['url https://bücher.example/straße']);
    assert.deepEqual(found('见https://example.com/a。好'), ['url https://example.com/a']);
  });

  it('trimUrlEnd only trims the tail', () => {
    const t = 'https://x.io/a.b,c).';
    assert.equal(t.slice(0, trimUrlEnd(t, 8, t.length)), 'https://x.io/a.b,c');
  });
});

describe('scanner: long lines and minified files', () => {
  it('finds candidates deep in a 2 MB line without a newline, in linear time', () => {
    const chunk = 'var a=b.c||{};function f(x){return x+"s"}';
    const filler = chunk.repeat(Math.ceil(1_000_000 / chunk.length));
    const text = `${filler}e.src="https://cdn.example.com/x.js";m="alice@example.com";${filler}`;
    const t0 = performance.now();
    assert.deepEqual(found(text), ['url https://cdn.example.com/x.js', 'email alice@example.com']);
    const values = scanCandidates(text, ['value'], { value: lengthFilter([17]) }).map((c) => text.slice(c.start, c.end));
    assert.ok(values.includes('alice@example.com'));
    assert.ok(performance.now() - t0 < 2000, 'scanning a 2 MB line took too long');
  });
});

describe('scanner: hosts, tokens, values', () => {
  it('finds dotted host tokens, not e-mail parts', () => {
    assert.deepEqual(found('ssh vpn.example.com; alice@mail.example.com first.last@x.io (db.example.org).', ['host']), [
      'host vpn.example.com',
      'host db.example.org',
    ]);
    assert.deepEqual(found('end.', ['host']), []);
    assert.deepEqual(found('a..b.c', ['host']), []);
  });

  it('finds whole tokens, trimmed of dots and hyphens, not next to @', () => {
    assert.deepEqual(found('(jsmith84). jsmith84x --jsmith84 jsmith84@x.io', ['token'], [8]), ['token jsmith84', 'token jsmith84']);
  });

  it('finds quoted and assigned values', () => {
    const text = [
      'DB_PASSWORD=hunter2hunter2',
      '"password": "hunter2hunter2",',
      "password: 'hunter2hunter2'",
      'password: hunter2hunter2 # yaml comment',
      'db.password = hunter2hunter2;',
      'const pw = `hunter2hunter2`;',
      'if (a == hunter2hunter2) {}',
    ].join('\r\n');
    const values = found(text, ['value'], [14]).map((v) => v.slice(6));
    assert.deepEqual(values, Array(6).fill('hunter2hunter2'));
  });

  it('respects escaped quotes and does not pair quotes across lines', () => {
    assert.deepEqual(found('x = "a\\"bc"\n"open\nclose"', ['value'], [5]), ['value a\\"bc']);
  });
});

describe('scanner: agreement with a naive global regex (seeded, property-style)', () => {
  const ALPHABET = [
    'a', 'b', 'Z', '0', '9', '.', '.', '-', '_', '+', '%', '@', '@', ':', '/', '//', '://', 'http', 'https://', 'mailto:',
    ' ', ' ', '\n', '\r\n', '\t', '(', ')', '[', ']', '<', '>', '"', "'", '`', ',', ';', '!', '?', '*', '#', '=', '&',
    'é', 'ü', 'я', '中', '。', '「', '»', '😀', 'example.com', 'alice', 'x.io', '\\', '{', '}', '|', '^', '~',
  ];

  it('finds exactly the same e-mail and URL candidates on 3,000 random texts', () => {
    const rng = prng(4242);
    for (let round = 0; round < 3000; round++) {
      let text = '';
      const len = 1 + Math.floor(rng() * 60);
      for (let i = 0; i < len; i++) text += pick(rng, ALPHABET);
      const fast = scanCandidates(text).map((c) => `${c.kind}:${c.start}-${c.end}`);
      const naive = naiveCandidates(text).map((c) => `${c.kind}:${c.start}-${c.end}`);
      assert.deepEqual(fast, naive, `text ${JSON.stringify(text)}`);
    }
  });
});

describe('scanner: the token skip-ahead loses nothing (seeded, property-style)', () => {
  it('with a length filter, finds exactly the unfiltered tokens of those lengths', () => {
    const rng = prng(77);
    const parts = ['jsmith84', 'ab', 'abcdef', '.', '-', ' ', '\n', '@', 'x.y', 'é', '中', '(', ')', '"', 'longer_token_here', '--a--'];
    for (let round = 0; round < 2000; round++) {
      let text = '';
      const len = 1 + Math.floor(rng() * 40);
      for (let i = 0; i < len; i++) text += pick(rng, parts);
      const lengths = [1 + Math.floor(rng() * 9), 1 + Math.floor(rng() * 12)];
      const want = scanCandidates(text, ['token']).filter((c) => lengths.includes(c.end - c.start));
      const got = scanCandidates(text, ['token'], { token: lengthFilter(lengths) });
      assert.deepEqual(got, want, `text ${JSON.stringify(text)} lengths ${lengths.join(',')}`);
    }
  });
});

describe('scanner: tokens and hosts in one walk (seeded, property-style)', () => {
  it('scanTokensAndHosts reports exactly what scanTokens and scanHosts report, in the same order', () => {
    const rng = prng(991);
    const parts = ['vpn1.example.com', 'jsmith84', 'a_b.c', '_', '.', '..', '-', 'x.y', ' ', '\n', '@', 'é', '中', 'bücher.de', '(', '"', 'abc', 'mail.x_y.org.', '=', 'a.b.c.d'];
    for (let round = 0; round < 3000; round++) {
      let text = '';
      const len = 1 + Math.floor(rng() * 40);
      for (let i = 0; i < len; i++) text += pick(rng, parts);
      const tokenFilter = lengthFilter([1 + Math.floor(rng() * 10), 1 + Math.floor(rng() * 16)].filter(() => rng() < 0.8));
      const hostFilter = lengthFilter([1 + Math.floor(rng() * 10), 3 + Math.floor(rng() * 16)].filter(() => rng() < 0.8));
      const tokens: string[] = [];
      const hosts: string[] = [];
      scanTokens(text, (s, e) => tokens.push(`${s}-${e}`), tokenFilter);
      scanHosts(text, (s, e) => hosts.push(`${s}-${e}`), hostFilter);
      const tokens2: string[] = [];
      const hosts2: string[] = [];
      scanTokensAndHosts(text, (s, e) => tokens2.push(`${s}-${e}`), tokenFilter, (s, e) => hosts2.push(`${s}-${e}`), hostFilter);
      const where = `text ${JSON.stringify(text)} filters ${[...tokenFilter].join('')} ${[...hostFilter].join('')}`;
      assert.deepEqual(tokens2, tokens, where);
      assert.deepEqual(hosts2, hosts, where);
    }
  });
});

describe('scanner: values agree with the first implementation (seeded, property-style)', () => {
  it('scanValues reports exactly what the reference value scanner reports', () => {
    const rng = prng(3131);
    const parts = ['"', "'", '`', '\\', '\\\\', '=', '==', '===', '!=', '=>', '<=', ': ', ':', ' ', '\t', '\n', '\r\n', ',', ';', 'abc', 'secret99', 'x y', 'é', '中', 'KEY', '{', '}'];
    for (let round = 0; round < 4000; round++) {
      let text = '';
      const len = 1 + Math.floor(rng() * 40);
      for (let i = 0; i < len; i++) text += pick(rng, parts);
      const filter = round % 3 === 0 ? new Uint8Array(64).fill(1) : lengthFilter([Math.floor(rng() * 10), Math.floor(rng() * 12)]);
      const got: string[] = [];
      const want: string[] = [];
      scanValues(text, (s, e) => got.push(`${s}-${e}`), filter);
      referenceScanValues(text, (s, e) => want.push(`${s}-${e}`), filter);
      assert.deepEqual(got, want, `text ${JSON.stringify(text)} filter ${[...filter].join('')}`);
    }
  });
});

describe('scanner: URLs with their host (seeded, property-style)', () => {
  it('scanUrlsWithHost reports the ranges of scanUrls, with the host parseUrl finds', () => {
    const rng = prng(2718);
    const parts = ['https://', 'ftp://', 'a', 'B', 'x.io', 'Vpn.Example.com', '@', ':', ':443', '.', '..', '/', '?q=a@b', '#', ')', '(', ',', ' ', '"', 'é', '中', '://', 'u:p@'];
    let located = 0;
    for (let round = 0; round < 4000; round++) {
      let text = '';
      const len = 1 + Math.floor(rng() * 30);
      for (let i = 0; i < len; i++) text += pick(rng, parts);
      const plain: string[] = [];
      scanUrls(text, (s, e) => plain.push(`${s}-${e}`));
      const withHost: string[] = [];
      scanUrlsWithHost(text, (s, e, hs, he) => {
        withHost.push(`${s}-${e}`);
        const parsed = parseUrl(text.slice(s, e));
        if (hs !== -1 && parsed !== undefined) {
          located++;
          assert.equal(text.slice(hs, he).toLowerCase(), parsed.host, `text ${JSON.stringify(text)} URL ${text.slice(s, e)}`);
        }
      });
      assert.deepEqual(withHost, plain, `text ${JSON.stringify(text)}`);
    }
    assert.ok(located > 1000, `${located} hosts located`);
  });
});
