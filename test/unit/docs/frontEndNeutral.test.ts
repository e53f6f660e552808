// Two front ends, one engine: the text src/core/ and src/engine/ write names none of the
// editor's settings and asks for no editor action (each front end says where its own knobs
// are; see SettingRef in src/core/service/errors.ts). Comments may mention them; strings may not.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '..', '..', '..', '..');

/** Editor-only words in a string a core or engine file writes. */
const EDITOR_WORDS: readonly RegExp[] = [/\bleakSearch\.[A-Za-z]/, /reload the window/i, /VS Code’s proxy login/, /Open Settings/];

/** Strings that are storage keys, not text for a person, each with why. */
const ALLOWED: ReadonlyMap<string, string> = new Map([
  ['src/core/triage/triageShards.ts: leakSearch.triage', 'the key the editor’s 0.1.0 store used, read once to move it'],
]);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.generated.ts') ? [p] : [];
  });
}

/** Every string literal's text (template pieces included) in a source text. */
export function stringsIn(source: string): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) out.push(node.text);
    node.forEachChild(visit);
  };
  visit(ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true));
  return out;
}

export function editorWordsIn(file: string, source: string): string[] {
  const found: string[] = [];
  for (const s of stringsIn(source)) {
    for (const word of EDITOR_WORDS) {
      const m = word.exec(s);
      if (!m) continue;
      const key = `${file}: ${s.slice(m.index, m.index + 40).split(/[\s'`"]/)[0]}`;
      if (![...ALLOWED.keys()].some((k) => key.startsWith(k))) found.push(`${key} — “${s.slice(0, 80)}”`);
    }
  }
  return found;
}

describe('core and engine are front-end neutral', () => {
  it('finds editor words in strings only, not in comments', () => {
    assert.deepEqual(editorWordsIn('a.ts', "// see leakSearch.baseUrl\nconst m = `raise leakSearch.maxRecords`;\nconst n = 'then reload the window';"), [
      'a.ts: leakSearch.maxRecords — “raise leakSearch.maxRecords”',
      'a.ts: reload — “then reload the window”',
    ]);
    assert.deepEqual(editorWordsIn('a.ts', "const m = 'the record limit'; /* leakSearch.maxRecords */"), []);
  });

  it('src/core and src/engine write no editor setting or action', () => {
    const found = ['src/core', 'src/engine'].flatMap((dir) => files(path.join(root, dir))).flatMap((f) => editorWordsIn(path.relative(root, f).split(path.sep).join('/'), fs.readFileSync(f, 'utf8')));
    assert.deepEqual(found, []);
  });
});
