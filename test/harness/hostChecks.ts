// Checks that run inside the extension host, shared by the integration activation tests
// and the smoke suite of the installed .vsix.
import * as assert from 'node:assert/strict';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as FsModule from 'node:fs';
import * as vscode from 'vscode';
import { startNetworkProbe } from './networkProbe';
import type { NetworkEvent } from './networkProbe';

export const EXTENSION_ID = 'leaksearch.leak-search';

/** Network activity since the suite's files were loaded (before onStartupFinished, in practice). */
const suiteProbe = startNetworkProbe();

/** One file opened or read through node:fs in the extension host. */
export interface FileAccess {
  /** The node:fs entry point, e.g. "fs.promises.readFile". */
  readonly via: string;
  /** Absolute path (reads through a file descriptor are not listed: their open is). */
  readonly path: string;
  /** False for write-only opens ("w", "a", O_WRONLY). */
  readonly reads: boolean;
  /**
   * The extension's code is on the calling stack (async frames included, so a read through
   * vscode.workspace.fs counts); false for VS Code's own reads (e.g. its port finder's /proc scan).
   */
  readonly byExtension: boolean;
}

export interface ActivationReport {
  /** How long activate() took, or undefined when the extension was already active (activated at startup). */
  readonly durationMs: number | undefined;
  /** How long until the returned API's `ready` settled (startup work: key state, cache load). */
  readonly readyMs: number | undefined;
  /** Why `ready` rejected, if it did. */
  readonly readyError: string | undefined;
  readonly commands: readonly string[];
  /** Network activity started by the extension's code during activation. */
  readonly ownNetwork: readonly NetworkEvent[];
  /** All network activity in the extension host during activation (other extensions included). */
  readonly allNetwork: readonly NetworkEvent[];
  /**
   * Every file the extension host opened through node:fs from activate() until `ready` settled
   * (vscode.workspace.fs on file URIs included: the host serves it with node:fs in-process), or
   * undefined when the extension was already active.
   */
  readonly files: readonly FileAccess[] | undefined;
  /** Folders activation may read from: the extension's own folder, its global storage and its log folder. */
  readonly allowedFolders: readonly string[];
}

/** The parts of the API `activate` returns that the activation checks use (see src/editor/api.ts). */
interface ActivationApi {
  readonly ready?: Promise<void>;
  readonly cacheDir?: vscode.Uri;
  readonly logFile?: vscode.Uri;
}

export function ourExtension(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not loaded in this window`);
  return extension;
}

/** The command ids the manifest contributes (the list grows with the features). */
export function contributedCommands(extension: vscode.Extension<unknown>): string[] {
  const manifest = extension.packageJSON as { contributes?: { commands?: readonly { command: string }[] } };
  return (manifest.contributes?.commands ?? []).map((c) => c.command);
}

/**
 * Activates the extension while recording its duration, its network activity and the files
 * the host reads, until the returned API's `ready` settles. When the extension already
 * activated at startup (onStartupFinished), the network activity since the suite was loaded is
 * used instead, and the duration and file reads are unknown.
 */
export async function activateObserved(extension: vscode.Extension<unknown>): Promise<ActivationReport> {
  let durationMs: number | undefined;
  let readyMs: number | undefined;
  let readyError: string | undefined;
  let events: readonly NetworkEvent[];
  let files: readonly FileAccess[] | undefined;
  if (extension.isActive) {
    events = [...suiteProbe.events];
  } else {
    const fileProbe = startFileProbe(mainFile(extension));
    const probe = startNetworkProbe();
    const started = performance.now();
    try {
      const api = asActivationApi(await extension.activate());
      durationMs = performance.now() - started;
      try {
        await api.ready;
      } catch (e) {
        readyError = e instanceof Error ? e.message : String(e);
      }
      readyMs = performance.now() - started;
    } finally {
      probe.stop();
      fileProbe.stop();
    }
    events = probe.events;
    files = fileProbe.accesses;
  }
  const contributed = contributedCommands(extension);
  const commands = (await vscode.commands.getCommands(true)).filter((id) => contributed.includes(id));
  const root = extension.extensionPath;
  return {
    durationMs,
    readyMs,
    readyError,
    commands,
    ownNetwork: events.filter((event) => event.stack.includes(root)),
    allNetwork: events,
    files,
    allowedFolders: allowedFolders(extension),
  };
}

export function describeActivation(report: ActivationReport): string {
  const time =
    report.durationMs === undefined
      ? 'happened at startup, before the test (time and file reads not observable)'
      : `took ${report.durationMs.toFixed(1)} ms (ready after ${(report.readyMs ?? report.durationMs).toFixed(1)} ms)`;
  return (
    `activation ${time}; registered ${report.commands.length} command(s); ` +
    `network during activation: ${report.ownNetwork.length} by the extension, ${report.allNetwork.length} in the host` +
    (report.files === undefined ? '' : `\n      ${describeFiles(report.files)}`)
  );
}

function describeFiles(files: readonly FileAccess[]): string {
  const list = (accesses: readonly FileAccess[]): string[] => [...new Set(accesses.map((f) => `${f.path} (${f.via})`))];
  const own = list(files.filter((f) => f.reads && f.byExtension));
  const ownWrites = list(files.filter((f) => !f.reads && f.byExtension));
  // VS Code's own reads meanwhile, with process ids folded (its port finder reads /proc/<pid>/cmdline).
  const host = [...new Set(files.filter((f) => f.reads && !f.byExtension).map((f) => f.path.replace(/^\/proc\/\d+\//, '/proc/*/')))];
  const lines = (items: readonly string[]): string => (items.length === 0 ? ' none' : `\n        ${items.join('\n        ')}`);
  return (
    `files the extension read during activation:${lines(own)}` +
    (ownWrites.length > 0 ? `\n      files it opened for writing:${lines(ownWrites)}` : '') +
    `\n      files VS Code itself read meanwhile:${lines(host)}`
  );
}

/**
 * Files read during activation that it must not read: by the extension's code, anything
 * outside the allowed folders (its own folder, its global storage, its log folder); by anyone
 * in the host, any file in a workspace folder. Empty when file reads were not observable
 * (already active).
 */
export function unexpectedFileReads(report: ActivationReport): string[] {
  const workspace = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  const unexpected = (report.files ?? []).filter(
    (f) => f.reads && (isInside(f.path, workspace) || (f.byExtension && !isInside(f.path, report.allowedFolders))),
  );
  return [...new Set(unexpected.map((f) => `${f.path} (${f.via})`))];
}

/** Contributed commands that are not registered. */
export async function missingCommands(extension: vscode.Extension<unknown>): Promise<string[]> {
  const registered = new Set(await vscode.commands.getCommands(true));
  return contributedCommands(extension).filter((id) => !registered.has(id));
}

function asActivationApi(exports: unknown): ActivationApi {
  return typeof exports === 'object' && exports !== null ? (exports as ActivationApi) : {};
}

/** The extension's bundle: every frame of its code is in this file. */
function mainFile(extension: vscode.Extension<unknown>): string {
  const main = (extension.packageJSON as { main?: unknown }).main;
  return typeof main === 'string' ? path.join(extension.extensionPath, main) : extension.extensionPath;
}

function allowedFolders(extension: vscode.Extension<unknown>): string[] {
  const api = asActivationApi(extension.exports);
  const folders = [extension.extensionPath];
  if (api.cacheDir?.scheme === 'file') folders.push(api.cacheDir.fsPath);
  if (api.logFile?.scheme === 'file') folders.push(path.dirname(api.logFile.fsPath));
  return folders;
}

function isInside(file: string, folders: readonly string[]): boolean {
  return folders.some((folder) => {
    const relative = path.relative(folder, file);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  });
}

// --- file probe: wraps node:fs's read and open entry points for a while --------------------

/** The real node:fs module object (an `import * as` copy would not let us replace its functions). */
const realFs = createRequire(__filename)('node:fs') as typeof FsModule;

type AnyFunction = (...args: unknown[]) => unknown;

interface FileProbe {
  readonly accesses: readonly FileAccess[];
  stop(): void;
}

/** How each wrapped entry point names its file and open flags. */
const ENTRY_POINTS: readonly { readonly owner: 'fs' | 'fs.promises'; readonly name: string; readonly flagsAt: number | 'options' }[] = [
  { owner: 'fs', name: 'readFile', flagsAt: 'options' },
  { owner: 'fs', name: 'readFileSync', flagsAt: 'options' },
  { owner: 'fs', name: 'open', flagsAt: 1 },
  { owner: 'fs', name: 'openSync', flagsAt: 1 },
  { owner: 'fs', name: 'createReadStream', flagsAt: 'options' },
  { owner: 'fs.promises', name: 'readFile', flagsAt: 'options' },
  { owner: 'fs.promises', name: 'open', flagsAt: 1 },
];

/**
 * Records every file opened or read through node:fs until stop(), telling reads with
 * `ownCode` on the stack apart. The wrappers replace the functions on the module object and,
 * through syncBuiltinESMExports(), in the ESM namespace that VS Code's own (ESM) code imports;
 * stop() puts the originals back.
 */
function startFileProbe(ownCode: string): FileProbe {
  const accesses: FileAccess[] = [];
  const restore: (() => void)[] = [];
  // Code that copied a wrapper meanwhile (`const { readFile } = require('fs')`) keeps it: after
  // stop() it only passes the call through.
  let recording = true;
  for (const entry of ENTRY_POINTS) {
    const owner = (entry.owner === 'fs' ? realFs : realFs.promises) as unknown as Record<string, unknown>;
    const original = owner[entry.name];
    if (typeof original !== 'function') continue;
    const call = original as AnyFunction;
    const via = `${entry.owner}.${entry.name}`;
    owner[entry.name] = function (this: unknown, ...args: unknown[]): unknown {
      const flags = entry.flagsAt === 'options' ? flagOption(args[1]) : args[entry.flagsAt];
      const file = recording ? pathOf(args[0]) : undefined;
      if (file !== undefined) accesses.push({ via, path: file, reads: opensForReading(flags), byExtension: callerStack().includes(ownCode) });
      return call.apply(this, args);
    };
    restore.push(() => (owner[entry.name] = original));
  }
  syncBuiltinESMExports();
  return {
    accesses,
    stop(): void {
      recording = false;
      for (const undo of restore) undo();
      syncBuiltinESMExports();
    },
  };
}

function callerStack(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  try {
    return new Error('file access').stack ?? '';
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The file named by a path argument; undefined for a file descriptor or FileHandle. */
function pathOf(target: unknown): string | undefined {
  if (typeof target === 'string') return path.resolve(target);
  if (Buffer.isBuffer(target)) return path.resolve(target.toString());
  if (target instanceof URL) return target.protocol === 'file:' ? fileURLToPath(target) : target.href;
  return undefined;
}

function flagOption(options: unknown): unknown {
  return typeof options === 'object' && options !== null ? (options as { flag?: unknown; flags?: unknown }).flag ?? (options as { flags?: unknown }).flags : undefined;
}

function opensForReading(flags: unknown): boolean {
  if (typeof flags === 'number') return (flags & 3) !== realFs.constants.O_WRONLY;
  if (typeof flags === 'string') return flags.includes('r') || flags.includes('+');
  return true; // the default flag is "r"
}
