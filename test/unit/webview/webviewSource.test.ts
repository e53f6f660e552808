// Guards on the webview's source: record fields are hostile, so the DOM is only ever built
// with createElement/textContent, and nothing sets inline styles through markup.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const WEBVIEW = path.join(ROOT, 'src', 'webview');
const SHARED = path.join(ROOT, 'src', 'shared');

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ file: name, text: readFileSync(path.join(dir, name), 'utf8') }));
}

describe('webview source guards', () => {
  it('never parses markup', () => {
    const files = sources(WEBVIEW);
    assert.ok(files.some((f) => f.file === 'grid.ts') && files.length >= 8, 'the webview sources were found');
    for (const { file, text } of files) {
      assert.doesNotMatch(text, /\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write|createContextualFragment|DOMParser/, file);
      assert.doesNotMatch(text, /setAttribute\(\s*['"](style|on\w+)['"]/, file);
      assert.doesNotMatch(text, /\beval\(|new Function\(/, file);
    }
  });

  it('keeps shared code free of the DOM, Node and vscode', () => {
    for (const { file, text } of sources(SHARED)) {
      assert.doesNotMatch(text, /from ['"](vscode|node:[\w/]+|fs|path|crypto)['"]/, file);
      assert.doesNotMatch(text, /\b(document|window|HTMLElement)\b\./, file);
    }
  });
});
