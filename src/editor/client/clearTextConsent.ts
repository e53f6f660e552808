// Consent, once per origin, to send the API key to a plain http:// service on another machine
// (issue 11: the key is a path segment and would cross the network readable). Kept in
// globalState under `leakSearch.clearTextOrigins`. The question itself is asked by
// askClearText.ts; this file has no `vscode` import so it is unit-tested in plain Node.
import { clearTextOrigin } from '../../core/client/net/clearText';

export const CLEAR_TEXT_ORIGINS_KEY = 'leakSearch.clearTextOrigins';

/** The part of a vscode.Memento this needs. */
export interface ConsentStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

export class ClearTextConsent {
  constructor(
    private readonly store: ConsentStore,
    private readonly ask: (origin: string) => Promise<boolean>,
  ) {}

  /** Whether the user agreed for this origin (what the client's second guard asks). */
  allowed(origin: string): boolean {
    return this.#origins().includes(origin);
  }

  /**
   * True when the key may go to `baseUrl` (as the user wrote it): https, a plainly written
   * loopback host (src/core/client/net/loopback.ts), or an http:// origin the user agreed to (asked now
   * when not yet). One question at a time per origin.
   */
  async confirm(baseUrl: string): Promise<boolean> {
    const origin = clearTextOrigin(baseUrl);
    if (origin === undefined || this.allowed(origin)) return true;
    let pending = this.#pending.get(origin);
    if (!pending) {
      pending = this.ask(origin).then(async (yes) => {
        if (yes && !this.allowed(origin)) await this.store.update(CLEAR_TEXT_ORIGINS_KEY, [...this.#origins(), origin]);
        return yes;
      }).finally(() => this.#pending.delete(origin));
      this.#pending.set(origin, pending);
    }
    return pending;
  }

  readonly #pending = new Map<string, Promise<boolean>>();

  #origins(): string[] {
    const v = this.store.get<unknown>(CLEAR_TEXT_ORIGINS_KEY);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  }
}
