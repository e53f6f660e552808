// The setup UI suites share: a reference service with the demo dataset and one "ui" tenant
// (the demo key, 100 requests an hour), and a workbench whose extension searches it for
// accounts. Started before the suite's tests; closed after them, keeping the logs and a
// screenshot (<label>-failure.png) when a test failed.
import { DEMO_API_KEY, demoDataset } from '../../service/demo';
import { startService } from '../../service/server';
import type { RunningService } from '../../service/types';
import { openWorkbench } from './workbench';
import type { Workbench } from './workbench';

export interface DemoWorkbenchOptions {
  /** Names the run folder (test-results/ui-<label>/) and the failure screenshot. */
  readonly label: string;
  /** The domains the "ui" tenant may search. */
  readonly domains: readonly string[];
  /** More VS Code user settings (leakSearch.baseUrl and leakSearch.findingsTypes are set). */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Runs on the workspace copy before the window opens. */
  readonly prepare?: (workspace: string) => void;
  /** Opens the window in Restricted Mode (workspace trust on, folder untrusted). */
  readonly workspaceTrust?: boolean;
}

/** The running service and workbench; read them inside tests and hooks, once `before` has run. */
export interface DemoWorkbench {
  readonly service: RunningService;
  readonly wb: Workbench;
}

/** Registers the suite's before/afterEach/after hooks (call inside `describe`). */
export function useDemoWorkbench(options: DemoWorkbenchOptions): DemoWorkbench {
  let service: RunningService | undefined;
  let wb: Workbench | undefined;
  let failed = false;

  before(async () => {
    service = await startService({
      dataset: demoDataset(),
      tenants: [{ name: 'ui', apiKey: DEMO_API_KEY, domains: [...options.domains], rateLimit: { limit: 100, windowMs: 3_600_000 } }],
    });
    wb = await openWorkbench({
      label: options.label,
      settings: { 'leakSearch.baseUrl': service.baseUrl, 'leakSearch.findingsTypes': ['accounts'], ...options.settings },
      ...(options.prepare ? { prepare: options.prepare } : {}),
      ...(options.workspaceTrust ? { workspaceTrust: true } : {}),
    });
  });

  afterEach(function () {
    if (this.currentTest?.state === 'failed') failed = true;
  });

  after(async () => {
    if (failed) await wb?.screenshot(`${options.label}-failure`).catch(() => undefined);
    await wb?.close(failed);
    await service?.close();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not running (use it inside a test or hook)`);
    return value;
  };
  return {
    get service() {
      return started(service, 'reference service');
    },
    get wb() {
      return started(wb, 'workbench');
    },
  };
}
