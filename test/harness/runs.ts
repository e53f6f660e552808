// The integration runs: each is a fresh code-server window of one kind, and runs the test
// files whose names end in its suffix. Feature authors put a test in the run it needs:
//
//   test/integration/foo.test.ts            -> "folder":     a copy of test/fixtures/workspace (the default)
//   test/integration/foo.nofolder.test.ts   -> "no-folder":  an empty window, no workspace folder
//   test/integration/foo.multiroot.test.ts  -> "multi-root": test/fixtures/multi-root/leak-search.code-workspace (two folders)
//   test/integration/foo.restricted.test.ts -> "restricted": the workspace copy, workspace trust on, folder untrusted
//   test/integration/foo.scale.test.ts      -> "scale":      the workspace copy, and a service with 100k and 1M records
//   test/integration/foo.network.test.ts    -> "network":    the workspace copy, code-server in its own mount namespace
//                                              whose system CA bundle trusts a test CA and whose /etc/hosts maps
//                                              the test host names (see networkRun.ts); Linux, root, unshare
//
// Runs execute one after another; a run with no test files is skipped.

export type RunName = 'folder' | 'no-folder' | 'multi-root' | 'restricted' | 'scale' | 'network';

export interface RunSpec {
  readonly name: RunName;
  /** Compiled test files ending in this suffix belong to the run ("folder" takes the rest). */
  readonly suffix: string;
  readonly window: 'folder' | 'empty' | 'workspace';
  /** Fixture copied into the run folder (under test/fixtures/). */
  readonly fixture?: string;
  /** The .code-workspace file inside the fixture, for window "workspace". */
  readonly workspaceFile?: string;
  /** Workspace trust enabled (Restricted Mode): the server runs without --disable-workspace-trust. */
  readonly workspaceTrust: boolean;
  /** The reference service: the demo configuration, or test/harness/scaleService.ts. */
  readonly service?: 'scale';
  /** The run's own time limit (default RUN_TIMEOUT_MS of integration.ts). */
  readonly timeoutMs?: number;
  /** A corporate network made up for the run (test/harness/networkRun.ts). */
  readonly network?: boolean;
  /** User settings of the run, over the harness's own (test/harness/session.ts). */
  readonly settings?: Readonly<Record<string, unknown>>;
}

export const RUNS: readonly RunSpec[] = [
  { name: 'folder', suffix: '.test.js', window: 'folder', fixture: 'workspace', workspaceTrust: false },
  { name: 'no-folder', suffix: '.nofolder.test.js', window: 'empty', workspaceTrust: false },
  {
    name: 'multi-root',
    suffix: '.multiroot.test.js',
    window: 'workspace',
    fixture: 'multi-root',
    workspaceFile: 'leak-search.code-workspace',
    workspaceTrust: false,
  },
  { name: 'restricted', suffix: '.restricted.test.js', window: 'folder', fixture: 'workspace', workspaceTrust: true },
  // A million records: fetched, stored, indexed and reloaded in real VS Code (minutes, not seconds).
  // Its figures are the extension host's longest blocks: the built-in git extension, which
  // spawns git on that thread for every file opened and this run does not need, is off.
  { name: 'scale', suffix: '.scale.test.js', window: 'folder', fixture: 'workspace', workspaceTrust: false, service: 'scale', timeoutMs: 600_000, settings: { 'git.enabled': false } },
  { name: 'network', suffix: '.network.test.js', window: 'folder', fixture: 'workspace', workspaceTrust: false, network: true },
];

/** Only the tests whose full title matches this pattern (for a developer's quick run). */
export const GREP_ENV = 'LEAK_SEARCH_TEST_GREP';

/** Environment variable telling test/integration/index.ts which run it is in. */
export const RUN_ENV = 'LEAK_SEARCH_TEST_RUN';

/** The run a compiled test file belongs to (by its name), or undefined for a non-test file. */
export function runOfTestFile(fileName: string): RunName | undefined {
  if (!fileName.endsWith('.test.js')) return undefined;
  const special = RUNS.find((spec) => spec.name !== 'folder' && fileName.endsWith(spec.suffix));
  return special ? special.name : 'folder';
}

export function isRunName(value: string): value is RunName {
  return RUNS.some((spec) => spec.name === value);
}
