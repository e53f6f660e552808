// The grammar check of a record's nested field: it must accept exactly what JSON.parse accepts
// (for an object or an array), checked here against JSON.parse itself on valid values and on
// thousands of broken ones, and at any depth (its time is the hostile bench's
// parse.deep_nesting_ratio).
import * as assert from 'node:assert/strict';
import { JsonGrammar } from '../../../../src/core/results/jsonGrammar';

function accepts(text: string): boolean {
  const g = new JsonGrammar();
  for (let i = 0; i < text.length; i++) if (!g.step(text.charCodeAt(i))) return false;
  return g.complete;
}

function jsonParseAccepts(text: string): boolean {
  if (!/^\s*[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A small deterministic random source (the failures are reproducible). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SPACES = ['', ' ', '\n', '\t', '\r\n '];
const STRINGS = ['', 'a', 'é', '\\"', '\\\\', '\\/', '\\b\\f\\n\\r\\t', '\\u00e9', '\\uD83D\\uDE00', '\u2028', '}]{[,:'];
const NUMBERS = ['0', '-0', '1', '-12', '3.25', '1e5', '1E+5', '2e-3', '-0.5e10', '123456789012345678901234567890'];

function value(r: () => number, depth: number): string {
  const sp = (): string => SPACES[Math.floor(r() * SPACES.length)] as string;
  const pick = r();
  if (depth < 4 && pick < 0.25) {
    const n = Math.floor(r() * 4);
    return `[${sp()}${Array.from({ length: n }, () => `${sp()}${value(r, depth + 1)}${sp()}`).join(',')}]`;
  }
  if (depth < 4 && pick < 0.5) {
    const n = Math.floor(r() * 4);
    return `{${sp()}${Array.from({ length: n }, () => `${sp()}"${STRINGS[Math.floor(r() * STRINGS.length)]}"${sp()}:${sp()}${value(r, depth + 1)}${sp()}`).join(',')}}`;
  }
  if (pick < 0.7) return `"${STRINGS[Math.floor(r() * STRINGS.length)]}"`;
  if (pick < 0.9) return NUMBERS[Math.floor(r() * NUMBERS.length)] as string;
  return ['true', 'false', 'null'][Math.floor(r() * 3)] as string;
}

/** A container (what the parser checks): an object or an array, at times with space around it. */
function container(r: () => number): string {
  let v = value(r, 0);
  while (!/^[[{]/.test(v)) v = value(r, 0);
  return r() < 0.2 ? `${v} ` : v;
}

const ALPHABET = '{}[]:,"\\ -+.0123456789eEabfnrtulsx\u0001\u00e9';

function mutate(text: string, r: () => number): string {
  const at = Math.floor(r() * (text.length + 1));
  const c = ALPHABET[Math.floor(r() * ALPHABET.length)] as string;
  const how = r();
  if (how < 0.33) return text.slice(0, at) + c + text.slice(at);
  if (how < 0.66) return text.slice(0, at) + text.slice(at + 1);
  return text.slice(0, at) + c + text.slice(at + 1);
}

describe('JSON grammar of a nested field', () => {
  it('accepts every well-formed object and array, as JSON.parse does', () => {
    const r = random(1);
    for (let i = 0; i < 3000; i++) {
      const text = container(r);
      assert.ok(jsonParseAccepts(text), text);
      assert.ok(accepts(text), `refused well-formed ${JSON.stringify(text)}`);
    }
  });

  it('agrees with JSON.parse on thousands of broken texts', () => {
    const r = random(2);
    let refused = 0;
    for (let i = 0; i < 20_000; i++) {
      let text = container(r);
      for (let k = 1 + Math.floor(r() * 3); k > 0; k--) text = mutate(text, r);
      const expected = jsonParseAccepts(text);
      assert.equal(accepts(text), expected, `${expected ? 'refused' : 'accepted'} ${JSON.stringify(text)}`);
      if (!expected) refused++;
    }
    assert.ok(refused > 5000, `the mutations broke only ${refused} texts`);
  });

  it('refuses what JSON.parse refuses in well-known ways', () => {
    for (const text of ['[1,]', '{"a":1,}', '{"a" 1}', '{a:1}', '[01]', '[1.]', '[.5]', '[1e]', '[-]', '["\\x"]', '["\\u12G4"]', '["a\u0001"]', '[tru]', '[nul]', '[True]', '[1}', '{"a":1]', '[] []', '[', '[[]', '"a"', '1', 'true', '', '[1 2]', "['a']", '[+1]', '[Infinity]', '[NaN]']) {
      assert.equal(accepts(text), false, JSON.stringify(text));
      assert.equal(jsonParseAccepts(text), false, JSON.stringify(text));
    }
  });

  it('tells a value cut off from a complete one', () => {
    const g = new JsonGrammar();
    for (const c of '{"a":[1,2') assert.ok(g.step(c.charCodeAt(0)));
    assert.equal(g.complete, false);
    for (const c of ']}') g.step(c.charCodeAt(0));
    assert.equal(g.complete, true);
    assert.equal(g.step('x'.charCodeAt(0)), false, 'nothing but space after the value');
    assert.equal(g.ok, false);
  });

  it('checks any depth without recursion, with one byte a bracket', () => {
    const depth = 1_000_000;
    assert.ok(accepts(`${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}`));
    assert.equal(accepts(`${'['.repeat(depth)}${']'.repeat(depth - 1)}}`), false, 'the last close is of the wrong kind');
  });
});
