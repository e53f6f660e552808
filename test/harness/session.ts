// One code-server session: a run folder, optional fixture copy, optional .vsix installed,
// user settings, and a server started on 127.0.0.1. close() stops the process group and
// deletes the run folder, keeping its logs under test-results/<label>/ when asked to.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { installExtension, startCodeServer } from './codeServer';
import type { CodeServer } from './codeServer';
import type { Toolchain } from './install';
import { repoRoot } from './paths';
import { createRunDir, keepLogs, removeRunDir, writeUserSettings } from './runDir';
import type { RunDir } from './runDir';

export interface SessionOptions {
  readonly label: string;
  readonly toolchain: Toolchain;
  /** A folder under test/fixtures/ copied to <run>/ws. */
  readonly fixture?: string;
  /** A .vsix installed into the session's extensions folder before the server starts. */
  readonly vsix?: string;
  readonly workspaceTrust?: boolean;
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Bind mounts over system files for the server only (see codeServer.ts). */
  readonly binds?: readonly (readonly [string, string])[];
}

export interface Session {
  readonly label: string;
  readonly run: RunDir;
  readonly server: CodeServer;
  /** The copied fixture, when one was asked for. */
  readonly workspace: string | undefined;
  /** Stops the server and deletes the run folder; with keep=true its logs go to test-results/ (returned). */
  close(keep: boolean): Promise<string | undefined>;
}

const BASE_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'chat.disableAIFeatures': true,
  // code-server (VS Code for the web) defaults files.autoSave to afterDelay (1 s), unlike desktop
  // VS Code: a test that edits a file and reverts it would, on a slow run, find the edit on disk.
  'files.autoSave': 'off',
  // A remote window (code-server is one) looks for ports to forward by spawning processes on
  // the extension host's main thread every few seconds: noise in every timing the tests and
  // the host bench take, and no part of what they test.
  'remote.autoForwardPorts': false,
  // code-server registers a tunnel provider, and VS Code then looks for ports by process even
  // with autoForwardPorts off (its workbench: processFindingEnabled() is "autoForwardPorts or a
  // tunnel provider, and a source other than output"): only the output source stops the scans.
  'remote.autoForwardPortsSource': 'output',
};

export async function openSession(options: SessionOptions): Promise<Session> {
  const run = createRunDir(options.label);
  let workspace: string | undefined;
  try {
    if (options.fixture) {
      workspace = path.join(run.root, 'ws');
      fs.cpSync(path.join(repoRoot, 'test', 'fixtures', options.fixture), workspace, { recursive: true });
    }
    const trust = options.workspaceTrust
      ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.banner': 'always' }
      : {};
    writeUserSettings(run, { ...BASE_SETTINGS, ...trust, ...options.settings });
    if (options.vsix) await installExtension(options.toolchain, run, options.vsix);
    const server = await startCodeServer({ toolchain: options.toolchain, run, workspaceTrust: options.workspaceTrust ?? false, ...(options.binds ? { binds: options.binds } : {}) });
    return {
      label: options.label,
      run,
      server,
      workspace,
      async close(keep: boolean): Promise<string | undefined> {
        await server.stop();
        const kept = keep ? keepLogs(run, options.label) : undefined;
        removeRunDir(run);
        return kept;
      },
    };
  } catch (error) {
    const kept = keepLogs(run, options.label);
    removeRunDir(run);
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { keptLogs: kept });
  }
}
