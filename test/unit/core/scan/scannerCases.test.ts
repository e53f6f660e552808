// The classes of identifiers issue 14 lists, one example each, through the one-pass scanner.
import * as assert from 'node:assert/strict';
import { EMAIL, NONE, PASSWORD, TOKEN_KIND, URL, USER, VALUE_KIND, scanCandidates } from '../../../../src/core/scan/scanner';

function of(text: string, kind: number): string[] {
  return scanCandidates(text).filter((c) => c.kind === kind).map((c) => text.slice(c.start, c.end));
}

function hostOf(text: string): string[] {
  return scanCandidates(text).filter((c) => c.kind === URL).map((c) => (c.a < 0 ? '' : text.slice(c.a, c.b)));
}

function values(text: string): string[] {
  const names = ['none', 'password', 'user'];
  return scanCandidates(text).filter((c) => c.kind === VALUE_KIND).map((c) => `${names[c.a]} ${text.slice(c.start, c.end)}`);
}

describe('scanner: e-mail addresses', () => {
  it('takes UTF-8 local parts and apostrophes whole (RFC 6531)', () => {
    assert.deepEqual(of('mail jürgen.müller@firma.de or o\'brien@example.com or 章鱼哥@example.com', EMAIL), ['jürgen.müller@firma.de', "o'brien@example.com", '章鱼哥@example.com']);
  });

  it('leaves quotes and sentence dots outside', () => {
    assert.deepEqual(of("to = 'alice@example.com'. (bob@example.org).", EMAIL), ['alice@example.com', 'bob@example.org']);
  });

  it('takes IDN domains in both forms and domains with `_`', () => {
    assert.deepEqual(of('jürgen@müller.de jürgen@xn--mller-kva.de a@my_host.example.com', EMAIL), ['jürgen@müller.de', 'jürgen@xn--mller-kva.de', 'a@my_host.example.com']);
  });

  it('needs a dot in the domain', () => {
    assert.deepEqual(of('user@localhost @decorator a@b.', EMAIL), []);
  });
});

describe('scanner: URLs', () => {
  it('single-label hosts, ports, IPv4 and IPv6 literals', () => {
    const text = 'http://intranet/login http://localhost:8080/admin http://jenkins:8080/ http://10.0.0.7:3000/x http://[::1]:8443/y';
    assert.deepEqual(of(text, URL), ['http://intranet/login', 'http://localhost:8080/admin', 'http://jenkins:8080/', 'http://10.0.0.7:3000/x', 'http://[::1]:8443/y']);
    assert.deepEqual(hostOf(text), ['intranet', 'localhost', 'jenkins', '10.0.0.7', '[::1]']);
  });

  it("keeps ', [ ], { } and ZWJ in paths and queries, balanced brackets, trailing punctuation out", () => {
    const text = "see https://x.com/blah_I'm_king, https://x.com/?filter[status]=open and (https://x.com/?delivery=[slow]#x). https://x.com/a\u200db {https://x.com/{id}}";
    assert.deepEqual(of(text, URL), ["https://x.com/blah_I'm_king", 'https://x.com/?filter[status]=open', 'https://x.com/?delivery=[slow]#x', 'https://x.com/a\u200db', 'https://x.com/{id}']);
  });

  it('symbol IDN hosts', () => {
    assert.deepEqual(hostOf('http://✪df.ws/123'), ['✪df.ws']);
  });
});

describe('scanner: values where passwords and users are written', () => {
  it('connection strings: URL user-info and Password=/User Id= pairs', () => {
    assert.deepEqual(values('postgres://alice:Summer2024!@db.internal/app'), ['user alice', 'password Summer2024!']);
    assert.deepEqual(values('Server=db;User Id=alice;Password=Summer2024!;'), ['none db', 'user alice', 'password Summer2024!']);
  });

  it('command-line flags', () => {
    assert.deepEqual(values('mysql --user=root --password=Summer2024! && cli --password Summer2024!'), ['user root', 'password Summer2024!', 'password Summer2024!']);
  });

  it('YAML, JSON, TOML, INI, .env and properties values; keys are never values', () => {
    assert.deepEqual(values('password: Summer2024!'), ['password Summer2024!']);
    assert.deepEqual(values('{"password": "Summer2024!", "user":"alice"}'), ['password Summer2024!', 'user alice']);
    assert.deepEqual(values('db_password = "Summer2024!"'), ['password Summer2024!']);
    assert.deepEqual(values('DB_PASS=Summer2024!\nspring.datasource.password=Summer2024!'), ['password Summer2024!', 'password Summer2024!']);
  });

  it('attribute values are values in no password position; prose words are no values', () => {
    assert.deepEqual(values('<input type="password" name="password">'), ['none password', 'none password']);
    assert.deepEqual(values('Enter your password and press OK'), []);
    assert.equal(NONE, 0);
    assert.deepEqual([PASSWORD, USER], [1, 2]);
  });

  it('tokens are still reported next to values (usernames are matched anywhere)', () => {
    assert.ok(of('user = jsmith84', TOKEN_KIND).includes('jsmith84'));
  });
});
