// The last rate-limit state seen per service origin, kept in globalState (numbers only, no
// key) so a spent quota is still known after a restart and no request is sent until reset.
import * as vscode from 'vscode';
import { believableState } from '../../core/ratelimit';
import type { RateLimitState } from '../../core/types';

const STATE_KEY = 'leakSearch.quota';

export class QuotaStore implements vscode.Disposable {
  readonly #emitter = new vscode.EventEmitter<string>();
  /** Fires with the origin whose quota changed. */
  readonly onDidChange = this.#emitter.event;

  constructor(private readonly memento: vscode.Memento) {}

  /** The state as it may be believed now (see `believableState`: a stored far-future reset is never trusted). */
  get(origin: string): RateLimitState | undefined {
    return believableState(this.#all().get(origin), Date.now());
  }

  async update(origin: string, raw: RateLimitState | undefined): Promise<void> {
    const state = believableState(raw, Date.now());
    if (!state) return;
    const held = this.get(origin);
    if (held && held.observedAt > state.observedAt) return;
    await this.memento.update(STATE_KEY, { ...Object.fromEntries(this.#all()), [origin]: state });
    this.#emitter.fire(origin);
  }

  /** Forgets what is known of an origin's quota ("Reset Quota State"). */
  async clear(origin: string): Promise<void> {
    const all = this.#all();
    if (!all.delete(origin)) return;
    await this.memento.update(STATE_KEY, Object.fromEntries(all));
    this.#emitter.fire(origin);
  }

  /** The stored states, by origin; a key like "__proto__" is an ordinary key here. */
  #all(): Map<string, unknown> {
    const v = this.memento.get<unknown>(STATE_KEY);
    return new Map(typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.entries(v) : []);
  }

  dispose(): void {
    this.#emitter.dispose();
  }
}
