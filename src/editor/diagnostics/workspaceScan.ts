// "Leak Search: Scan Workspace": every text file of the workspace folders, respecting
// `leakSearch.exclude`, the size limit, binary files and git-ignored files (but a
// secret-bearing file such as `.env.local` is scanned even then: see src/core/scan/files/secretFiles.ts),
// never this extension's own exports, with cancellable progress. What it skipped for git or
// as an export is counted, so the end message can say so (src/core/export/scanReport.ts). Files open in an editor are scanned as documents (their live
// diagnostics); the others get diagnostics from their text on disk. The first files listed
// are matched while the rest are being listed.
import * as vscode from 'vscode';
import { visibleMatches } from '../../core/scan/files/docFiles';
import { placeMatches, unplaced } from '../../core/scan/files/placedMatches';
import type { Placed } from '../../core/scan/files/placedMatches';
import { scannableText } from '../../core/scan/files/binaryText';
import { GrowingList, eachConcurrently, eachYielding } from '../../core/scan/files/eachConcurrently';
import { readDiagnosticSettings } from './diagnosticSettings';
import type { DiagnosticSettings } from './diagnosticSettings';
import type { DiagnosticsController, ShownMatch } from './diagnosticsController';
import type { ExportedFileList } from './fileFilter';
import type { GitIgnored } from './gitIgnored';
import type { IgnoreStore } from './ignoreStore';
import { toDiagnostic } from './matchDiagnostic';
import type { LeakIndexHolder } from './leakIndexHolder';
import type { WireMatch } from '../../engine/workerProtocol';
import { flatString } from '../../core/scan/files/flatString';
import { folderFilesInParts } from '../../core/scan/files/folderFiles';
import { scannedFileBytes } from './scannedFileBytes';
import { shownDocuments } from './shownDocuments';

export interface WorkspaceScanSummary {
  readonly files: number;
  readonly scanned: number;
  readonly skipped: number;
  /** Of `skipped`: files git ignores (secret-bearing ones are scanned, not counted here). */
  readonly gitIgnored: number;
  /** Of `skipped`: this extension's own exports. */
  readonly exports: number;
  readonly matches: number;
  /** Of `matches`: hints, which the Problems panel does not list. */
  readonly hints: number;
  readonly filesWithMatches: number;
  readonly cancelled: boolean;
  /** Workspace folders of more than MAX_FILES_PER_FOLDER files: only that many of each were listed. */
  readonly truncated: { readonly folders: readonly string[]; readonly max: number };
}

export interface WorkspaceScanDeps {
  readonly holder: LeakIndexHolder;
  readonly ignores: IgnoreStore;
  readonly git: GitIgnored;
  readonly controller: DiagnosticsController;
  readonly exported: ExportedFileList;
}

export interface WorkspaceScanOptions {
  /** Scan git-ignored files too, this once ("Include Them" after a scan that skipped some). */
  readonly includeGitIgnored?: boolean;
  /** Told every file the scan listed, once it ends (not when it is cancelled). */
  readonly listed?: (uris: readonly vscode.Uri[]) => void;
}

/** Files listed per folder at most (a safety net for huge trees). */
export const MAX_FILES_PER_FOLDER = 50_000;

/**
 * Files asked about at once by Scan Workspace: on disk, enough for two batches of the engine's
 * calls (LeakIndexHolder.matchFile), one matched while the other's answers are handled here;
 * otherwise (a virtual workspace, whose files are read here) a few.
 */
const SCAN_CONCURRENCY = { disk: 256, other: 8 };
/** The longest Scan Workspace keeps the extension host's thread before letting it turn. */
const TURN_MS = 15;
/**
 * How often the progress notification is told how far the scan is: each report is a message
 * to the workbench, which draws it again, and thousands of small files are scanned a second.
 */
const PROGRESS_MS = 100;

export function scanWorkspaceFiles(
  deps: WorkspaceScanDeps,
  progress: vscode.Progress<{ message?: string; increment?: number }>,
  token: vscode.CancellationToken,
  options: WorkspaceScanOptions = {},
): Promise<WorkspaceScanSummary> {
  // The files' diagnostics go to the workbench a batch at a time (diagnosticsController.ts), all of them before the summary.
  return deps.controller.batchDiskScans(() => scanAll(deps, progress, token, options));
}

async function scanAll(
  deps: WorkspaceScanDeps,
  progress: vscode.Progress<{ message?: string; increment?: number }>,
  token: vscode.CancellationToken,
  options: WorkspaceScanOptions,
): Promise<WorkspaceScanSummary> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const folderSettings = new Map(folders.map((f) => [f.uri.toString(), readDiagnosticSettings(f.uri)]));
  const settingsOf = settingsByDirectory(folderSettings);
  // A failure of the listing or of a file's scan ends the other side too.
  let failed = false;
  const stopped = (): boolean => failed || token.isCancellationRequested;
  const fail = (e: unknown): never => {
    failed = true;
    throw e;
  };
  const counts = { scanned: 0, skipped: 0, gitIgnored: 0, exports: 0, matches: 0, hints: 0, filesWithMatches: 0 };
  // Files are matched while the rest are listed: a part joins the list once git has said
  // which of its files it ignores.
  const listing = new GrowingList<vscode.Uri>();
  const gitIgnored = new Set<string>();
  const truncated: string[] = [];
  const listed = (async () => {
    const toGit = new GitParts(deps.git, gitIgnored, listing, (u) => {
      if (options.includeGitIgnored) return false;
      // Asked of git: files whose folder skips git-ignored files, and whose name is not a secret-bearing one.
      const s = settingsOf(u);
      return !s || (!s.includeGitIgnored && !s.secretFiles.matches(u.path));
    }, stopped);
    for (const folder of folders) {
      const settings = folderSettings.get(folder.uri.toString()) ?? readDiagnosticSettings(folder.uri);
      if (await listFolder(folder, settings.exclude, token, stopped, (part) => toGit.take(part))) truncated.push(folder.name);
      if (stopped()) break;
    }
    if (!stopped()) await toGit.flush();
  })().finally(() => listing.end());
  // Shown documents are scanned as they are in the editor (unsaved edits included); other files from disk.
  const open = new Map(shownDocuments().map((d) => [d.uri.toString(), d]));
  let done = 0;
  let reported = 0;
  let reportedAt = performance.now();
  // Many files at once: the engine reads and matches them in batches, one file at a time on
  // its thread, while this thread handles the answers of the batch before. The loop yields
  // every TURN_MS all the same (a virtual workspace's files are read on this thread).
  const scanOne = async (uri: vscode.Uri): Promise<void> => {
    const found = await scanListed(uri);
    done++;
    const total = listing.items.length;
    if ((listing.ended && done === total) || performance.now() - reportedAt >= PROGRESS_MS) {
      // The bar moves once the listing is complete; until then the count listed so far is shown.
      if (listing.ended) {
        progress.report({ message: vscode.l10n.t('{0} of {1} files', done, total), increment: (100 * (done - reported)) / total });
        reported = done;
      } else progress.report({ message: vscode.l10n.t('{0} files scanned, {1} listed so far', done, total) });
      reportedAt = performance.now();
    }
    if (found === undefined) return;
    counts.scanned++;
    counts.matches += found.matches;
    counts.hints += found.hints;
    if (found.matches > 0) counts.filesWithMatches++;
  };
  const scanListed = async (uri: vscode.Uri): Promise<FileScanCounts | undefined> => {
    if (gitIgnored.has(uri.toString())) {
      counts.skipped++;
      counts.gitIgnored++;
      return undefined;
    }
    if (deps.exported.has(uri)) {
      counts.skipped++;
      counts.exports++;
      return undefined;
    }
    const document = open.get(uri.toString());
    const settings = settingsOf(uri) ?? readDiagnosticSettings(uri);
    const found = document ? await deps.controller.scan(document).then((o) => (o?.skipped ? undefined : { matches: o?.matches ?? 0, hints: o?.hints ?? 0 })) : await scanFile(deps, uri, settings);
    if (found === undefined) counts.skipped++;
    return found;
  };
  const concurrency = folders.every((f) => f.uri.scheme === 'file') ? SCAN_CONCURRENCY.disk : SCAN_CONCURRENCY.other;
  await Promise.all([listed.catch(fail), eachConcurrently(listing.items, { concurrency, turnMs: TURN_MS, stopped, more: () => listing.more() }, scanOne).catch(fail)]);
  // Every file may have been scanned before the listing ended: the bar is filled now.
  if (done > reported && !stopped()) progress.report({ message: vscode.l10n.t('{0} of {1} files', done, listing.items.length), increment: (100 * (done - reported)) / listing.items.length });
  if (!stopped()) options.listed?.(listing.items);
  return { files: listing.items.length, ...counts, cancelled: stopped(), truncated: { folders: truncated, max: MAX_FILES_PER_FOLDER } };
}

/** Files listed at least before git is asked which it ignores: one git process per part would cost more than the asking. */
const GIT_PART = 2048;

/**
 * The listed files on their way to the scan, through git: the first part at once (the scan
 * starts), then in parts of GIT_PART files at least; the files git ignores are added to
 * `ignored` before their part joins `listing`.
 */
class GitParts {
  #held: vscode.Uri[] = [];
  #first = true;

  constructor(
    private readonly git: GitIgnored,
    private readonly ignored: Set<string>,
    private readonly listing: GrowingList<vscode.Uri>,
    private readonly asked: (uri: vscode.Uri) => boolean,
    private readonly stopped: () => boolean,
  ) {}

  async take(part: readonly vscode.Uri[]): Promise<void> {
    if (this.stopped()) return;
    for (const uri of part) this.#held.push(uri);
    if (this.#first || this.#held.length >= GIT_PART) await this.flush();
  }

  async flush(): Promise<void> {
    const part = this.#held;
    if (part.length === 0) return;
    this.#held = [];
    this.#first = false;
    const ask: vscode.Uri[] = [];
    await eachYielding(part, TURN_MS, (u) => {
      if (this.asked(u)) ask.push(u);
    });
    if (ask.length > 0) for (const key of await this.git.ignored(ask)) this.ignored.add(key);
    this.listing.push(part);
  }
}

/**
 * The settings of a file's workspace folder (undefined outside every folder), looked up once
 * per directory: the files of one directory share their folder, and a tree has far fewer
 * directories than files.
 */
function settingsByDirectory(folderSettings: ReadonlyMap<string, DiagnosticSettings>): (uri: vscode.Uri) => DiagnosticSettings | undefined {
  const byDirectory = new Map<string, DiagnosticSettings | undefined>();
  return (uri) => {
    const directory = `${uri.scheme}://${uri.authority}${uri.path.slice(0, uri.path.lastIndexOf('/'))}`;
    if (byDirectory.has(directory)) return byDirectory.get(directory);
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const settings = folder ? folderSettings.get(folder.uri.toString()) : undefined;
    byDirectory.set(directory, settings);
    return settings;
  };
}

/** What one file's scan marked: findings, and of them hints. */
export interface FileScanCounts {
  readonly matches: number;
  readonly hints: number;
}

/** Scans one file from disk; undefined when it is skipped (an export of ours, size, binary, unreadable). */
export async function scanFile(deps: WorkspaceScanDeps, uri: vscode.Uri, settings: DiagnosticSettings = readDiagnosticSettings(uri)): Promise<FileScanCounts | undefined> {
  if (deps.exported.has(uri)) return undefined;
  const ticket = deps.controller.beginDiskScan(uri);
  try {
    // A file on this machine's disk is read, decoded and matched on the engine's thread: this
    // thread only gets its matches. Another scheme (a virtual workspace) is read here.
    const placed = uri.scheme === 'file' ? await deps.holder.matchFile(uri.fsPath, settings.maxFileSize, settings.hostsInDocumentation) : await matchRead(deps, uri, settings.maxFileSize);
    if (placed === undefined) return undefined;
    const matches = visibleMatches(uri.path, deps.ignores.list.filterFound(placed), settings.hostsInDocumentation);
    const shown: ShownMatch[] = matches.map((m) => {
      const range = new vscode.Range(m.startLine, m.startCharacter, m.endLine, m.endCharacter);
      const match = unplaced(m);
      return { match, range, diagnostic: toDiagnostic(match, range, settings.severity) };
    });
    deps.controller.setForFile(uri, shown, ticket);
    return { matches: shown.length, hints: shown.filter((m) => m.diagnostic.severity === vscode.DiagnosticSeverity.Hint).length };
  } catch {
    return undefined;
  } finally {
    deps.controller.endDiskScan(uri);
  }
}

/** A file read through VS Code's file system, matched, its matches placed; undefined when it is skipped. */
async function matchRead(deps: WorkspaceScanDeps, uri: vscode.Uri, maxBytes: number): Promise<readonly Placed<WireMatch>[] | undefined> {
  const bytes = await scannedFileBytes(uri, maxBytes);
  const text = bytes === undefined ? undefined : scannableText(bytes, maxBytes);
  if (text === undefined) return undefined;
  return placeMatches(text, deps.holder.snapshot.isEmpty ? [] : (await deps.holder.match(text)).matches);
}

/**
 * The files of a workspace folder, but those `leakSearch.exclude` or `files.exclude` exclude
 * (as VS Code's findFiles does when given an exclude), handed to `take` in parts as they are
 * listed: true when there were more than MAX_FILES_PER_FOLDER. A folder on this machine's
 * disk is listed with Node's file system (core/scan/files/folderFiles.ts): findFiles sends
 * every file back through the workbench as a URI, which for a tree of thousands of files costs
 * seconds. Another scheme (a virtual workspace) is asked of VS Code.
 */
async function listFolder(folder: vscode.WorkspaceFolder, exclude: readonly string[], token: vscode.CancellationToken, stopped: () => boolean, take: (uris: vscode.Uri[]) => Promise<void>): Promise<boolean> {
  if (folder.uri.scheme === 'file') return (await filesOnDisk(folder.uri, '', exclude, take, stopped)).truncated;
  // One more than the cap: findFiles does not say whether it stopped at its limit.
  const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*'), exclude.length > 0 ? `{${exclude.join(',')}}` : null, MAX_FILES_PER_FOLDER + 1, token);
  const truncated = found.length > MAX_FILES_PER_FOLDER;
  if (truncated) found.length = MAX_FILES_PER_FOLDER;
  await eachYielding(found, TURN_MS, withFlatString, stopped);
  if (!stopped()) await take(found);
  return truncated;
}

/**
 * The files Scan Workspace would list under `dir`, a folder inside a workspace folder (the
 * follower: a folder moved or copied in).
 */
export async function filesUnder(dir: vscode.Uri): Promise<vscode.Uri[]> {
  const folder = vscode.workspace.getWorkspaceFolder(dir);
  const exclude = readDiagnosticSettings(folder?.uri ?? dir).exclude;
  if (dir.scheme !== 'file') return vscode.workspace.findFiles(new vscode.RelativePattern(dir, '**/*'), exclude.length > 0 ? `{${exclude.join(',')}}` : null, MAX_FILES_PER_FOLDER);
  const within = folder ? dir.path.slice(folder.uri.path.replace(/\/$/, '').length + 1).replace(/\/$/, '') : '';
  const uris: vscode.Uri[] = [];
  await filesOnDisk(dir, within, exclude, async (part) => {
    for (const uri of part) uris.push(uri);
  });
  return uris;
}

/** The files of a folder on disk, as URIs (their strings made and flat), handed to `take` in parts. */
function filesOnDisk(dir: vscode.Uri, within: string, exclude: readonly string[], take: (uris: vscode.Uri[]) => Promise<void>, stopped: () => boolean = () => false): Promise<{ readonly truncated: boolean }> {
  const globs = [...exclude, ...filesExclude(dir)];
  return folderFilesInParts(dir.fsPath, globs, { max: MAX_FILES_PER_FOLDER, within, stopped }, async (paths) => {
    const uris: vscode.Uri[] = [];
    await eachYielding(paths, TURN_MS, (p) => uris.push(withFlatString(vscode.Uri.file(p))), stopped);
    await take(uris);
  });
}

/**
 * `uri`, its string form (what the diagnostics keep a file by) made now, and flat
 * (core/scan/files/flatString.ts): a scan holds every file it listed until it ends.
 */
function withFlatString(uri: vscode.Uri): vscode.Uri {
  flatString(uri.toString());
  return uri;
}

/** The globs `files.exclude` turns on for a folder (one with a `when` clause about its siblings is left to scan). */
function filesExclude(folder: vscode.Uri): string[] {
  const setting = vscode.workspace.getConfiguration('files', folder).get<Record<string, unknown>>('exclude') ?? {};
  return Object.entries(setting).flatMap(([glob, on]) => (on === true ? [glob] : []));
}
