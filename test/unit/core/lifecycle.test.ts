// The disposable base every long-lived editor object extends (src/core/lifecycle.ts), and a
// scan of src/ that fails when a class keeps its own list of disposables or disposes by hand.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Disposable } from '../../../src/core/lifecycle';

const root = path.resolve(__dirname, '..', '..', '..', '..');

class Owner extends Disposable {
  own(name: string, log: string[], fail = false): void {
    this._register({
      dispose: () => {
        log.push(name);
        if (fail) throw new Error(`${name} failed`);
      },
    });
  }

  get disposed(): boolean {
    return this.isDisposed;
  }
}

describe('lifecycle: Disposable', () => {
  it('disposes what it owns once, newest first', () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.own('emitter', log);
    owner.own('subscription', log);
    assert.equal(owner.disposed, false);
    owner.dispose();
    owner.dispose();
    assert.deepEqual(log, ['subscription', 'emitter']);
    assert.equal(owner.disposed, true);
  });

  it('disposes at once what is registered after it was disposed', () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.dispose();
    owner.own('late', log);
    assert.deepEqual(log, ['late']);
  });

  it('disposes everything even when one throws, then throws the first error', () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.own('a', log);
    owner.own('b', log, true);
    owner.own('c', log, true);
    assert.throws(() => owner.dispose(), /c failed/);
    assert.deepEqual(log, ['c', 'b', 'a']);
  });
});

/** Where a source text disposes by hand instead of through the base: `line: what`. */
export function handDisposal(text: string): string[] {
  const rules: readonly (readonly [RegExp, string])[] = [
    [/\bimplements\b[^{]*\b(?:vscode\.)?I?Disposable\b/, 'implements dispose by hand: extend Disposable'],
    [/^\s*(?:(?:public|override)\s+)*dispose\s*\(\s*\)\s*(?::\s*void\s*)?\{/, 'declares dispose(): register the work instead'],
    [/\bI?Disposable\s*\[\]|\b(?:Array|Set)<\s*(?:vscode\.)?I?Disposable\s*>/, 'keeps its own list of disposables'],
    [/(?:#|\b)(?:disposables|subscriptions|toDispose)\s*(?::|=[^=>])/, 'keeps its own list of disposables'],
    [/\bnew vscode\.EventEmitter\b|\.create(?:StatusBarItem|OutputChannel|DiagnosticCollection|FileSystemWatcher)\(/, 'makes a resource without registering it'],
  ];
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*(?:\/\/|\/\*|\*)/.test(line)) return; // a comment line
    for (const [rule, what] of rules) {
      if (!rule.test(line)) continue;
      if (what.startsWith('makes') && /\b_register\(|\bown\(/.test(line)) continue;
      found.push(`${i + 1}: ${what}`);
    }
  });
  return [...new Set(found)];
}

/** Files that may dispose by hand, each with its reason. */
const ALLOWED: ReadonlyMap<string, string> = new Map([['src/core/lifecycle.ts', 'the base itself: the one place that keeps a list and disposes it']]);

describe('lifecycle: every owner under src/ uses the base', () => {
  const cases: readonly (readonly [string, string, number])[] = [
    ['an own list', 'readonly #disposables: vscode.Disposable[] = [];', 1],
    ['an own list by name', '  const subscriptions = [a.onDidChange(f), b.onDidChange(f)];', 1],
    ['an own set', 'readonly #owned = new Set<IDisposable>();', 1],
    ['an array type', 'readonly toDispose: Array<vscode.Disposable> = [];', 1],
    ['an own list and an emitter', 'readonly #all: IDisposable[] = [new vscode.EventEmitter<void>()];', 2],
    ['a hand-rolled class', 'export class A implements vscode.Disposable {', 1],
    ['a hand-rolled class with more', 'export class A implements Foo, IDisposable {', 1],
    ['a dispose method', '  dispose(): void {', 1],
    ['an override', '  override dispose(): void {', 1],
    ['an unregistered emitter', '  readonly #e = new vscode.EventEmitter<void>();', 1],
    ['an unregistered status item', '    this.#item = vscode.window.createStatusBarItem(id, 1, 50);', 1],
    ['a registered emitter', '  readonly #e = this._register(new vscode.EventEmitter<void>());', 0],
    ['registered work', '    this._register({ dispose: () => clearInterval(tick) });', 0],
    ['the context owning it', '  const log = own(vscode.window.createOutputChannel(name));', 0],
    ['the extension context', '    context.subscriptions.push(d);', 0],
    ['a comparison', 'if (subscriptions === undefined) return;', 0],
    ['a comment', '  // dispose(): void { is gone', 0],
    ['a call', '    controller.dispose();', 0],
  ];
  for (const [name, line, count] of cases) {
    it(`reads ${name}`, () => assert.equal(handDisposal(line).length, count, handDisposal(line).join('; ')));
  }

  it('finds no class that keeps its own list or disposes by hand', () => {
    const src = path.join(root, 'src');
    const files = fs.readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
    assert.ok(files.length > 50, 'the scan reads the sources');
    const offenders = files.flatMap((f) => {
      const rel = `src/${f.split(path.sep).join('/')}`;
      if (ALLOWED.has(rel)) return [];
      return handDisposal(fs.readFileSync(path.join(src, f), 'utf8')).map((o) => `${rel}:${o}`);
    });
    assert.deepEqual(offenders, []);
  });

  it('allows only files that exist', () => {
    for (const file of ALLOWED.keys()) assert.ok(fs.existsSync(path.join(root, file)), file);
  });
});
