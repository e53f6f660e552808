// The last rate-limit state seen per service origin, kept in globalState (numbers only, no
// key) so a spent quota is still known after a restart and no request is sent until reset.
import * as vscode from 'vscode';
import type { RateLimitState } from '../../core/types';

const STATE_KEY = 'leakSearch.quota';

export class QuotaStore implements vscode.Disposable {
  readonly #emitter = new vscode.EventEmitter<string>();
  /** Fires with the origin whose quota changed. */
  readonly onDidChange = this.#emitter.event;

  constructor(private readonly memento: vscode.Memento) {}

  get(origin: string): RateLimitState | undefined {
    return this.#all()[origin];
  }

  async update(origin: string, state: RateLimitState | undefined): Promise<void> {
    if (!state) return;
    const held = this.get(origin);
    if (held && held.observedAt > state.observedAt) return;
    await this.memento.update(STATE_KEY, { ...this.#all(), [origin]: state });
    this.#emitter.fire(origin);
  }

  #all(): Readonly<Record<string, RateLimitState>> {
    const v = this.memento.get<unknown>(STATE_KEY);
    return typeof v === 'object' && v !== null ? (v as Record<string, RateLimitState>) : {};
  }

  dispose(): void {
    this.#emitter.dispose();
  }
}
