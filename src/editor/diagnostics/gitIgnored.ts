// Which files git ignores: the built-in git extension's API (v1) tells which repository a file
// is in and where git is; `git check-ignore` is run by gitCheckIgnore.ts. When that extension is missing, disabled or the file is in no
// repository, nothing counts as ignored (files are scanned) — said once in the log.
//
// Answers are cached per file until `forget()` or until the git extension opens or closes a
// repository: it finds repositories late (at startup, after `git init`), and a file that was
// in no repository a moment ago may be in one now. `onDidChange` fires then, so the shown
// documents can be scanned again.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import { gitCheckIgnore } from './gitCheckIgnore';

interface GitRepository {
  readonly rootUri: vscode.Uri;
}

interface GitApi {
  readonly git: { readonly path: string };
  getRepository(uri: vscode.Uri): GitRepository | null;
  readonly onDidOpenRepository: vscode.Event<GitRepository>;
  readonly onDidCloseRepository: vscode.Event<GitRepository>;
}

interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** The longest the listing of repositories keeps the extension host's thread before letting it turn. */
const TURN_MS = 15;

export class GitIgnored extends Disposable {
  #api: Promise<GitApi | undefined> | undefined;
  /** Per file: whether git ignores it (until `forget` or a repository opens or closes). */
  readonly #cache = new Map<string, boolean>();
  /** Bumped by `forget`: an answer asked for before it is not cached. */
  #epoch = 0;
  readonly #changed = this._register(new vscode.EventEmitter<void>());
  /** Fires when the git extension opened or closed a repository (what was known is forgotten). */
  readonly onDidChange = this.#changed.event;
  #warned = false;
  constructor(private readonly log: (message: string) => void) {
    super();
  }

  /** Whether git ignores the file; false when that cannot be told. */
  async isIgnored(uri: vscode.Uri): Promise<boolean> {
    const hit = this.#cache.get(uri.toString());
    if (hit !== undefined) return hit;
    const set = await this.ignored([uri]);
    return set.has(uri.toString());
  }

  /** The subset of `uris` (as `toString()`) that git ignores. */
  async ignored(uris: readonly vscode.Uri[]): Promise<Set<string>> {
    const out = new Set<string>();
    const api = await this.#gitApi();
    if (!api) return out;
    const epoch = this.#epoch;
    // By root: the API hands out a new Repository object on every call.
    const byRoot = new Map<string, vscode.Uri[]>();
    // A workspace scan asks about every file it listed, tens of thousands in a large tree: the
    // git extension is asked file by file, so the loop lets the extension host turn meanwhile.
    let turn = performance.now();
    for (const uri of uris) {
      if (performance.now() - turn > TURN_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        turn = performance.now();
      }
      if (uri.scheme !== 'file') continue;
      const cached = this.#cache.get(uri.toString());
      if (cached !== undefined) {
        if (cached) out.add(uri.toString());
        continue;
      }
      const repo = api.getRepository(uri);
      if (!repo) {
        // In no repository the git extension knows of yet: cached until one opens.
        this.#cache.set(uri.toString(), false);
        continue;
      }
      const root = repo.rootUri.fsPath;
      const list = byRoot.get(root) ?? [];
      list.push(uri);
      byRoot.set(root, list);
    }
    for (const [root, list] of byRoot) {
      try {
        const ignored = await gitCheckIgnore(api.git.path, root, list.map((u) => u.fsPath));
        for (const u of list) {
          const is = ignored.has(u.fsPath);
          if (this.#epoch === epoch) this.#cache.set(u.toString(), is);
          if (is) out.add(u.toString());
        }
      } catch (e) {
        this.log(`git check-ignore failed; the files are scanned: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return out;
  }

  /** Forgets what is known (after .gitignore or settings may have changed). */
  forget(): void {
    this.#cache.clear();
    this.#epoch++;
  }

  /** The git API, loaded once (asked again next time while the git extension is unavailable). */
  async #gitApi(): Promise<GitApi | undefined> {
    this.#api ??= this.#loadApi();
    const api = await this.#api;
    if (!api) this.#api = undefined;
    return api;
  }

  async #loadApi(): Promise<GitApi | undefined> {
    let api: GitApi | undefined;
    try {
      const ext = vscode.extensions.getExtension<GitExtension>('vscode.git');
      const exports = ext ? (ext.isActive ? ext.exports : await ext.activate()) : undefined;
      if (exports?.enabled) api = exports.getAPI(1);
    } catch {
      api = undefined;
    }
    if (!api || this.isDisposed) {
      if (!api && !this.#warned) this.log('The git extension is not available: git-ignored files are scanned like any other.');
      this.#warned = true;
      return undefined;
    }
    const repositoriesChanged = (): void => {
      this.log('A git repository was opened or closed: which files git ignores is asked again.');
      this.forget();
      this.#changed.fire();
    };
    this._register(api.onDidOpenRepository(repositoriesChanged));
    this._register(api.onDidCloseRepository(repositoriesChanged));
    return api;
  }
}
