// Which files git ignores, through the built-in git extension's API (v1,
// `Repository.checkIgnore`). When that extension is missing, disabled or the file is in no
// repository, nothing counts as ignored (files are scanned) — said once in the log.
import * as vscode from 'vscode';

interface GitRepository {
  readonly rootUri: vscode.Uri;
  checkIgnore(paths: string[]): Promise<Set<string>>;
}

interface GitApi {
  getRepository(uri: vscode.Uri): GitRepository | null;
}

interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

export class GitIgnored {
  #api: GitApi | undefined;
  #warned = false;
  /** Per file: whether git ignores it (until `forget`). */
  readonly #cache = new Map<string, boolean>();

  constructor(private readonly log: (message: string) => void) {}

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
    const byRepo = new Map<GitRepository, vscode.Uri[]>();
    for (const uri of uris) {
      if (uri.scheme !== 'file') continue;
      const cached = this.#cache.get(uri.toString());
      if (cached !== undefined) {
        if (cached) out.add(uri.toString());
        continue;
      }
      const repo = api.getRepository(uri);
      if (!repo) {
        this.#cache.set(uri.toString(), false);
        continue;
      }
      const list = byRepo.get(repo) ?? [];
      list.push(uri);
      byRepo.set(repo, list);
    }
    for (const [repo, list] of byRepo) {
      try {
        const ignored = await repo.checkIgnore(list.map((u) => u.fsPath));
        for (const u of list) {
          const is = ignored.has(u.fsPath);
          this.#cache.set(u.toString(), is);
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
  }

  async #gitApi(): Promise<GitApi | undefined> {
    if (this.#api) return this.#api;
    try {
      const ext = vscode.extensions.getExtension<GitExtension>('vscode.git');
      const exports = ext ? (ext.isActive ? ext.exports : await ext.activate()) : undefined;
      if (exports?.enabled) this.#api = exports.getAPI(1);
    } catch {
      this.#api = undefined;
    }
    if (!this.#api && !this.#warned) {
      this.#warned = true;
      this.log('The git extension is not available: git-ignored files are scanned like any other.');
    }
    return this.#api;
  }
}
