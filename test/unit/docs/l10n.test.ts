// Translations can be added without touching code, and the ones we have cannot rot: every
// manifest placeholder has its English text, every runtime message in src/ is in the l10n
// bundle (`npm run l10n:export` rewrites it), and German has exactly the same keys, with the
// same {0} placeholders, command links and setting references as the English.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { placeholderKeys, readJson } from './localizedManifest';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const SECOND_LANGUAGE = 'de';

type Messages = Readonly<Record<string, string>>;

const manifest = readJson<Record<string, unknown>>(path.join(root, 'package.json'));
const nls = readJson<Messages>(path.join(root, 'package.nls.json'));
const nlsDe = readJson<Messages>(path.join(root, `package.nls.${SECOND_LANGUAGE}.json`));
const bundle = readJson<Messages>(path.join(root, 'l10n', 'bundle.l10n.json'));
const bundleDe = readJson<Messages>(path.join(root, 'l10n', `bundle.l10n.${SECOND_LANGUAGE}.json`));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [file] : [];
  });
}

/**
 * The message of every `l10n.t(` call in a source text. The message must be a string literal
 * (quotes, or a template without substitutions): a computed one cannot be exported to the bundle.
 */
export function l10nMessages(text: string, file = 'source'): string[] {
  const out: string[] = [];
  const call = /\bl10n\.t\(\s*/g;
  for (let m = call.exec(text); m; m = call.exec(text)) {
    const start = m.index + m[0].length;
    const quote = text[start] ?? '';
    const line = text.slice(0, m.index).split('\n').length;
    assert.ok(quote === "'" || quote === '"' || quote === '`', `${file}:${line}: l10n.t needs a string literal as its message`);
    let i = start + 1;
    let message = '';
    for (; i < text.length && text[i] !== quote; i++) {
      const c = text[i] ?? '';
      assert.ok(!(quote === '`' && c === '$' && text[i + 1] === '{'), `${file}:${line}: use {0} placeholders, not \${…}, in an l10n.t message`);
      if (c === '\\') {
        const next = text[++i] ?? '';
        message += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      } else {
        message += c;
      }
    }
    out.push(message);
  }
  return out;
}

/** `{0}`, `{1}`… in a message, sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();
}

/** What a translation must keep: `(command:…)` links, `#setting#` references, `{n}` placeholders. */
function invariants(text: string): string[] {
  return [...text.matchAll(/\(command:[^)]+\)|#[\w.]+#|\{\d+\}/g)].map((m) => m[0]).sort();
}

function assertSameKeys(english: Messages, translated: Messages, name: string): void {
  const missing = Object.keys(english).filter((k) => !(k in translated));
  const stale = Object.keys(translated).filter((k) => !(k in english));
  assert.deepEqual({ missing, stale }, { missing: [], stale: [] }, `${name}: keys differ from the English`);
  for (const [key, text] of Object.entries(translated)) {
    assert.ok(typeof text === 'string' && text.trim() !== '', `${name}: "${key}" is empty`);
  }
}

describe('localisation', () => {
  it('package.json uses only %keys% that package.nls.json has, and package.nls.json has no unused key', () => {
    const used = new Set(placeholderKeys(manifest));
    assert.ok(used.size > 50, `only ${used.size} placeholders in package.json`);
    assert.deepEqual([...used].filter((k) => !(k in nls)), [], 'placeholders without English text');
    assert.deepEqual(Object.keys(nls).filter((k) => !used.has(k)), [], 'English texts no placeholder uses');
  });

  it('package.json shows no hard-coded English where VS Code shows text', () => {
    const shown = /^(displayName|description|title|shortTitle|category|name|contextualTitle|contents|markdownDescription|patternErrorMessage|altText)$/;
    const bare: string[] = [];
    const walk = (value: unknown, at: string, key: string): void => {
      if (typeof value === 'string') {
        if (shown.test(key) && at !== 'package.json.name' && !/^%[^%]+%$/.test(value)) bare.push(`${at}: ${value}`);
      } else if (Array.isArray(value)) {
        value.forEach((v, i) => walk(v, `${at}[${i}]`, key === 'enumDescriptions' ? 'description' : key));
      } else if (value !== null && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) if (k !== 'scripts') walk(v, `${at}.${k}`, k);
      }
    };
    walk(manifest, 'package.json', '');
    assert.deepEqual(bare, []);
  });

  it(`package.nls.${SECOND_LANGUAGE}.json has every key of package.nls.json, no other, with the same links and setting references`, () => {
    assertSameKeys(nls, nlsDe, `package.nls.${SECOND_LANGUAGE}.json`);
    for (const [key, text] of Object.entries(nls)) {
      assert.deepEqual(invariants(nlsDe[key] ?? ''), invariants(text), `package.nls.${SECOND_LANGUAGE}.json "${key}"`);
    }
  });

  it('every l10n.t message in src/ is in l10n/bundle.l10n.json, and the bundle holds no other (run `npm run l10n:export`)', () => {
    const used = new Set(sourceFiles(path.join(root, 'src')).flatMap((file) => l10nMessages(fs.readFileSync(file, 'utf8'), path.relative(root, file))));
    assert.ok(used.size > 100, `only ${used.size} l10n.t messages in src/`);
    assert.deepEqual([...used].filter((m) => !(m in bundle)), [], 'messages missing from the bundle');
    assert.deepEqual(Object.keys(bundle).filter((m) => !used.has(m)), [], 'stale bundle messages');
    for (const [key, text] of Object.entries(bundle)) assert.equal(text, key, 'the English bundle maps each message to itself');
  });

  it(`l10n/bundle.l10n.${SECOND_LANGUAGE}.json has every message of the bundle, no other, with the same {0} placeholders`, () => {
    assertSameKeys(bundle, bundleDe, `bundle.l10n.${SECOND_LANGUAGE}.json`);
    for (const [key, text] of Object.entries(bundleDe)) {
      assert.deepEqual(placeholders(text), placeholders(key), `bundle.l10n.${SECOND_LANGUAGE}.json "${key}"`);
    }
  });

  it('reads only literal messages from source, and says where one is not', () => {
    assert.deepEqual(l10nMessages("vscode.l10n.t('a {0}', x); l10n.t(\"it's\"); l10n.t(`b`)"), ['a {0}', "it's", 'b']);
    assert.deepEqual(l10nMessages("vscode.l10n.t('don\\'t')"), ["don't"]);
    assert.throws(() => l10nMessages('vscode.l10n.t(message)', 'x.ts'), /x\.ts:1: l10n\.t needs a string literal/);
    assert.throws(() => l10nMessages('l10n.t(`a ${b}`)', 'y.ts'), /y\.ts:1: use \{0\} placeholders/);
  });
});
