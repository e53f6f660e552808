// Drives the built webview bundle (dist/webview.js, dist/webview.css) in headless Debian
// Chromium, under the production CSP, with a small host stub that answers the protocol.
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../harness/browser';
import { chromiumPath } from '../harness/paths';
import { suiteResource } from '../suiteResource';
import { buildPanelHtml, createNonce } from '../../src/editor/results/panelHtml';
import { dateFormat } from '../../src/engine/views/dateFormat';
import { RecordTableBuilder } from '../../src/engine/store/recordTable';
import type { RecordTable } from '../../src/engine/store/recordTable';
import { exportPieces } from '../../src/engine/views/exports';
import { ResultView } from '../../src/engine/views/resultView';
import { RowTriage } from '../../src/engine/views/rowTriage';
import { TRIAGE_COLUMN } from '../../src/engine/workerProtocol';
import { triageKey } from '../../src/core/triage/triage';
import type { TriageMark, TriageState } from '../../src/core/triage/triage';
import type { ActionTarget, ExportFormat, HostMessage, PanelUiState, WebviewMessage } from '../../src/shared/webviewProtocol';
import { describeFilter } from '../../src/shared/webviewProtocol';
import { isThemeName, themeCss } from './themes';
import type { ThemeName } from './themes';
import type { TestResult } from './dataset';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const DIST = path.join(ROOT, 'dist');

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.ttf': 'font/ttf',
  '.map': 'application/json',
};

export interface Harness {
  readonly origin: string;
  readonly browser: Browser;
  close(): Promise<void>;
}

/** Starts a loopback server for the page and dist/, and headless Chromium. */
export async function startHarness(): Promise<Harness> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    void (async () => {
      if (url.pathname === '/') {
        const origin = `http://${request.headers.host ?? '127.0.0.1'}`;
        const html = buildPanelHtml({
          cspSource: origin,
          nonce: createNonce(),
          scriptUri: `${origin}/dist/webview.js`,
          styleUri: `${origin}/dist/webview.css`,
          title: 'Leaks',
        });
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(html);
        return;
      }
      const theme = /^\/theme\/([a-z-]+)\.css$/.exec(url.pathname)?.[1];
      if (theme !== undefined && isThemeName(theme)) {
        response.writeHead(200, { 'content-type': 'text/css' });
        response.end(themeCss(theme));
        return;
      }
      const name = url.pathname.startsWith('/dist/') ? path.basename(url.pathname) : '';
      try {
        if (!name) throw new Error('not found');
        const body = await readFile(path.join(DIST, name));
        response.writeHead(200, { 'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream' });
        response.end(body);
      } catch {
        response.writeHead(404);
        response.end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let browser: Browser;
  try {
    browser = await launchChromium(chromiumPath(), {});
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    browser,
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Starts the harness before the suite's tests and closes it after them (call inside `describe`).
 * The returned harness stands for the running one: use it inside tests and hooks.
 */
export function useHarness(): Harness {
  const current = suiteResource('webview harness', startHarness);
  return {
    get origin() {
      return current().origin;
    },
    get browser() {
      return current().browser;
    },
    close: () => current().close(),
  };
}

/** What the stub host saw and did. */
export interface StubHost {
  readonly page: Page;
  /** Every message the webview posted, in order. */
  readonly received: WebviewMessage[];
  /** Messages of the dialogs (alert, confirm…) the page opened: must stay empty. */
  readonly dialogs: string[];
  /** Page errors and console errors. */
  readonly errors: string[];
  /** Posts a message to the webview as the extension host would. */
  post(message: HostMessage): Promise<void>;
  /** The last state the webview saved with setState. */
  state(): Promise<PanelUiState | undefined>;
  /** Waits until the webview has posted a message matching `predicate`. */
  waitFor<T extends WebviewMessage>(predicate: (message: WebviewMessage) => message is T, timeoutMs?: number): Promise<T>;
  /** What the host put on the clipboard, in order (only what it was allowed to copy). */
  readonly copies: { readonly what: 'cell' | 'row'; readonly text: string }[];
  /** The panel's triage and guide requests, in order (with triage on: see `OpenOptions.triage`). */
  readonly actions: { readonly type: 'triage' | 'guide'; readonly target: ActionTarget; readonly rows: readonly number[] }[];
  /** The exports the host wrote, in order. */
  readonly exports: { readonly format: ExportFormat; readonly includeSecrets: boolean; readonly content: string }[];
}

export interface OpenOptions {
  /** The result the host loads after `ready`; none = the host stays silent. */
  readonly entry?: TestResult;
  /** The result's table, already stored (as the engine holds it): built from `entry.records` otherwise. */
  readonly table?: RecordTable;
  readonly focus?: { identifier?: string };
  /** Rows new since the previous check (as the engine keeps them), and when that check was. */
  readonly fresh?: { readonly rows: readonly number[]; readonly since: number };
  /**
   * Decisions by row: the host adds the Triage column as the extension's does, and answers a
   * "Triage…" request by marking its rows `decide` (the user's pick) and posting `refresh`.
   */
  readonly triage?: { readonly rows: Readonly<Record<number, TriageState>>; readonly decide: TriageState };
  /** The state `getState()` returns at start (as after a reload). */
  readonly savedState?: PanelUiState;
  /** Viewport height; default 900. */
  readonly height?: number;
  /** The --vscode-* variables of a theme, as VS Code would set them. */
  readonly theme?: ThemeName;
  /** The display language's messages the host sends with `load` (as vscode.l10n.bundle); none = English. */
  readonly l10n?: Readonly<Record<string, string>>;
  /** `leakSearch.presentationMode` as the host sends it with `load`. */
  readonly presentation?: boolean;
}

/**
 * Opens the panel page with a host stub that answers as the extension's host does: `ready`
 * with `load`, queries and windows of rows from the data engine's own query code (run here
 * in the test process), every request with a response.
 */
export async function openPanel(harness: Harness, options: OpenOptions = {}): Promise<StubHost> {
  const page = await harness.browser.newPage({ viewport: { width: 1400, height: options.height ?? 900 } });
  const received: WebviewMessage[] = [];
  const dialogs: string[] = [];
  const errors: string[] = [];
  const waiters: (() => void)[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const copies: { what: 'cell' | 'row'; text: string }[] = [];
  const exports: { format: ExportFormat; includeSecrets: boolean; content: string }[] = [];
  // The host channel goes straight over the DevTools protocol (a binding one way, an evaluation
  // the other): Playwright's exposeBinding and evaluate add round trips of their own that a
  // webview's postMessage in VS Code does not have, and the benchmarks time this channel.
  const cdp = await page.context().newCDPSession(page);
  const post = async (message: HostMessage): Promise<void> => {
    try {
      await cdp.send('Runtime.evaluate', { expression: `window.postMessage(${JSON.stringify(message)}, '*')` });
    } catch (error) {
      // A test may close the page while an answer is on its way (the figures follow the rows).
      if (!page.isClosed()) throw error;
    }
  };
  const result = options.entry;
  let view: ResultView | undefined;
  let triage: RowTriage | undefined;
  let marks: ReadonlyMap<string, TriageMark> = new Map();
  const actions: { type: 'triage' | 'guide'; target: ActionTarget; rows: number[] }[] = [];
  let filter = '';
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: '__toHost' });
  cdp.on('Runtime.bindingCalled', (event) => {
    if (event.name !== '__toHost') return;
    const message = JSON.parse(event.payload) as WebviewMessage;
    received.push(message);
    for (const wake of waiters.splice(0)) wake();
    if (!result) return;
    if (message.type === 'ready') {
      let table = options.table;
      if (!table) {
        const builder = new RecordTableBuilder(result.entry.query.type);
        for (const record of result.records) builder.add(record);
        table = builder.finish();
      }
      if (options.triage) {
        const rowTriage = new RowTriage(table, triageKey(result.entry.origin), () => marks);
        marks = new Map(Object.entries(options.triage.rows).map(([row, state]) => [rowTriage.id(Number(row)), { state, at: Date.UTC(2026, 10, 23) }]));
        triage = rowTriage;
      }
      view = new ResultView(table, dateFormat('en-US'), Uint32Array.from(options.fresh?.rows ?? []), triage);
      const { entry } = result;
      const fresh = options.fresh ? { newRecords: options.fresh.rows.length, newSince: options.fresh.since } : {};
      void post({
        type: 'load',
        entry: { key: entry.key, origin: entry.origin, query: entry.query, type: entry.query.type, count: entry.count, records: entry.records, fetchedAt: entry.fetchedAt, ...(entry.rateLimit ? { rateLimit: entry.rateLimit } : {}), ...fresh },
        columns: [...table.columns.map((c) => ({ key: c.key, label: c.label, kind: c.kind, secret: c.secret })), ...(triage ? [TRIAGE_COLUMN] : [])],
        ...(options.focus?.identifier ? { focus: options.focus } : {}),
        ...(options.l10n ? { l10n: options.l10n } : {}),
        ...(options.presentation !== undefined ? { presentation: options.presentation } : {}),
      });
      return;
    }
    if (!view) return;
    switch (message.type) {
      case 'query':
        filter = describeFilter(message.query.filter);
        void post({ type: 'view', seq: message.seq, summary: view.query(message.query) });
        break;
      case 'figures':
        void post({ type: 'figures', seq: message.seq, figures: view.figures() });
        break;
      case 'window':
        void post({ type: 'rows', seq: message.seq, start: message.start, items: view.window(message.start, message.count, new Set(message.revealed)) });
        break;
      case 'reveal':
        void post({ type: 'response', id: message.id, ok: true, text: view.table.text(message.column, message.row) });
        break;
      case 'copy': {
        const text = view.copyText(message.what, message.row, message.column, new Set(message.revealed));
        if (text === undefined) void post({ type: 'response', id: message.id, ok: false, message: 'Reveal the password first to copy it.' });
        else {
          copies.push({ what: message.what, text });
          void post({ type: 'response', id: message.id, ok: true, message: message.what === 'row' ? 'Row copied' : 'Cell copied' });
        }
        break;
      }
      case 'export': {
        const { entry } = result;
        const content = [
          ...exportPieces(message.format, view, view.rows, message.includeSecrets && message.format !== 'markdown', {
            domain: entry.query.domain,
            type: entry.query.type,
            fetchedAt: entry.fetchedAt,
            ...(entry.query.range ? { range: entry.query.range } : {}),
            filterDescription: filter,
          }),
        ].join('');
        exports.push({ format: message.format, includeSecrets: message.includeSecrets, content });
        void post({ type: 'response', id: message.id, ok: true, message: `Saved leaks.${message.format}` });
        break;
      }
      case 'triage':
      case 'guide': {
        const target = message.target;
        const rows = 'group' in target ? [...view.groupRows(target.group)] : 'row' in target ? [target.row] : [];
        actions.push({ type: message.type, target: message.target, rows });
        const decide = options.triage?.decide;
        if (message.type === 'triage' && triage && decide) {
          const next = new Map(marks);
          for (const row of rows) next.set(triage.id(row), { state: decide, at: Date.UTC(2026, 10, 24) });
          marks = next;
          void post({ type: 'response', id: message.id, ok: true, message: `${rows.length} marked ${decide}` }).then(() => post({ type: 'refresh' }));
        } else void post({ type: 'response', id: message.id, ok: true, message: 'Guide opened' });
        break;
      }
      default:
        break;
    }
  });
  await page.addInitScript({
    content: `(() => {
      window.__cspViolations = [];
      // Every first paint of a query's rows, from the very start (a fast first paint can come
      // before a test could start listening).
      window.__painted = [];
      document.addEventListener('results-painted', (event) => window.__painted.push(event.detail));
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
      });
      let state = ${JSON.stringify(options.savedState ?? null)} ?? undefined;
      window.__savedState = () => state;
      window.acquireVsCodeApi = () => ({
        postMessage: (message) => window.__toHost(JSON.stringify(message)),
        getState: () => state,
        setState: (next) => { state = next; },
      });
    })();`,
  });
  await page.goto(harness.origin);
  if (options.theme) await page.addStyleTag({ url: `${harness.origin}/theme/${options.theme}.css` });
  return {
    page,
    received,
    dialogs,
    errors,
    copies,
    actions,
    exports,
    post,
    state: () => page.evaluate('window.__savedState()') as Promise<PanelUiState | undefined>,
    waitFor<T extends WebviewMessage>(predicate: (message: WebviewMessage) => message is T, timeoutMs = 5000): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const deadline = setTimeout(() => reject(new Error('timed out waiting for a webview message')), timeoutMs);
        const check = (): void => {
          const found = received.find(predicate);
          if (found) {
            clearTimeout(deadline);
            resolve(found);
          } else waiters.push(check);
        };
        check();
      });
    },
  };
}

/**
 * Polls a page expression until it is truthy, with a deadline. (Playwright's waitForFunction
 * compiles its predicate with eval, which the panel's CSP forbids, as it should.)
 */
export async function until(page: Page, expression: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    last = await page.evaluate(expression);
    if (last) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${expression} (last value ${JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the table shows `count` records in its view (after load or a change) and the panel is complete (charts, drop-downs). */
export async function waitForViewCount(page: Page, count: number): Promise<void> {
  await until(page, `document.querySelector('.grid-scroll')?.getAttribute('data-view-count') === '${count}' && document.getElementById('app').dataset.ready === 'true'`);
}

/** The texts of the rendered record rows, top to bottom (only those in the DOM). */
export async function renderedRows(page: Page): Promise<string[][]> {
  return (await page.evaluate(`[...document.querySelectorAll('.grid-body .grid-row')]
      .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index))
      .map((row) => [...row.querySelectorAll('[role=gridcell]')].map((cell) => cell.textContent ?? ''))`)) as string[][];
}

/** The header labels of the grid. */
export async function columnLabels(page: Page): Promise<string[]> {
  return page.$$eval('[role=columnheader]', (cells) => cells.map((cell) => cell.textContent ?? ''));
}

/** Evaluates an expression in the page (a string: the tests compile without the DOM library). */
export async function evaluate<T>(page: Page, expression: string): Promise<T> {
  return (await page.evaluate(expression)) as T;
}

/** Picks a value in one of the panel's vscode-single-select controls, as a user's choice would. */
export async function choose(page: Page, id: string, value: string): Promise<void> {
  await page.evaluate(`(() => {
    const select = document.getElementById(${JSON.stringify(id)});
    select.value = ${JSON.stringify(value)};
    select.dispatchEvent(new Event('change'));
  })()`);
}

/** Types into one of the panel's vscode-textfield controls. */
export async function typeInto(page: Page, id: string, text: string): Promise<void> {
  await page.locator(`#${id} input`).fill(text);
}

/** The text of the whole page as a user would read it (light DOM). */
export async function pageText(page: Page): Promise<string> {
  return evaluate<string>(page, 'document.body.innerText');
}

/** Every webview message of one type seen so far. */
export function messagesOf<K extends WebviewMessage['type']>(host: StubHost, type: K): Extract<WebviewMessage, { type: K }>[] {
  return host.received.filter((m): m is Extract<WebviewMessage, { type: K }> => m.type === type);
}

/** Waits until `count` messages of `type` have arrived. */
export async function waitForMessages<K extends WebviewMessage['type']>(host: StubHost, type: K, count: number): Promise<Extract<WebviewMessage, { type: K }>[]> {
  await host.waitFor((m): m is WebviewMessage => messagesOf(host, type).length >= count && m.type === type);
  return messagesOf(host, type);
}

/** Waits until the host wrote `count` exports, and returns them. */
export async function waitForExports(host: StubHost, count: number): Promise<StubHost['exports']> {
  const deadline = Date.now() + 10_000;
  while (host.exports.length < count) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} export(s); ${host.exports.length} so far`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return host.exports;
}

/** Waits until the host copied `count` texts, and returns them. */
export async function waitForCopies(host: StubHost, count: number): Promise<StubHost['copies']> {
  const deadline = Date.now() + 10_000;
  while (host.copies.length < count) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} copies; ${host.copies.length} so far`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return host.copies;
}

/**
 * Polls `probe` until it deep-equals `expected` (the panel answers after a round trip to its
 * host), then asserts it: a mismatch at the deadline fails with the last value seen.
 */
export async function eventually<T>(probe: () => Promise<T>, expected: T, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const actual = await probe();
    if (isDeepStrictEqual(actual, expected)) return;
    if (Date.now() > deadline) {
      assert.deepEqual(actual, expected);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
