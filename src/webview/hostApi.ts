// The webview's side of the protocol: posting to the host, requests matched by id, state.
import type { HostMessage, PanelUiState, ResponseMessage, ViewQuery, WebviewMessage, WebviewRequest } from '../shared/webviewProtocol';

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): unknown;
  setState(state: PanelUiState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

type RequestBody = WebviewRequest extends infer R ? (R extends WebviewRequest ? Omit<R, 'id'> : never) : never;

export class HostConnection {
  readonly #api: VsCodeApi;
  readonly #pending = new Map<number, (response: ResponseMessage) => void>();
  #nextId = 1;

  constructor(onMessage: (message: HostMessage) => void) {
    this.#api = acquireVsCodeApi();
    window.addEventListener('message', (event: MessageEvent<unknown>) => {
      const message = event.data as HostMessage | undefined;
      if (!message || typeof message !== 'object' || typeof message.type !== 'string') return;
      if (message.type === 'response') {
        const resolve = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        resolve?.(message);
        return;
      }
      onMessage(message);
    });
  }

  /** Tells the host the webview is listening; the host posts nothing before this. */
  ready(): void {
    this.#api.postMessage({ type: 'ready' });
  }

  /** Asks for the view of a query (answered with `view` of the same seq). */
  query(seq: number, query: ViewQuery): void {
    this.#api.postMessage({ type: 'query', seq, query });
  }

  /** Asks for display items [start, start + count) of query `seq` (answered with `rows`). */
  window(seq: number, start: number, count: number, revealed: readonly string[]): void {
    this.#api.postMessage({ type: 'window', seq, start, count, revealed });
  }

  /** Asks for the figures of query `seq` (answered with `figures`). */
  figures(seq: number): void {
    this.#api.postMessage({ type: 'figures', seq });
  }

  /** Tells the host the user turned presentation mode on or off (it becomes the setting, for every panel). */
  presentation(on: boolean): void {
    this.#api.postMessage({ type: 'presentation', on });
  }

  /** Tells the host what the table shows now. */
  rendered(key: string, total: number, shown: number): void {
    this.#api.postMessage({ type: 'rendered', key, total, shown });
  }

  request(body: RequestBody): Promise<ResponseMessage> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      this.#api.postMessage({ ...body, id } as WebviewRequest);
    });
  }

  getState(): unknown {
    return this.#api.getState();
  }

  setState(state: PanelUiState): void {
    this.#api.setState(state);
  }
}
