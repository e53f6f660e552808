// Running git for `leak-search scan`: the program itself (no shell, no library), its output
// read as a stream of NUL- or line-separated records so a large repository is never held in
// memory, and `git cat-file --batch` to read blobs one by one. Everything a user typed goes
// after `--end-of-options` or `--` with literal pathspecs, so it can never be read as an option.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import * as path from 'node:path';
import type { PlatformPath } from 'node:path';
import { UsageError } from '../exitCodes';

/** git failed, or is not installed. */
export class GitError extends Error {
  override readonly name = 'GitError';
}

/** Most of git's stderr kept for a message. */
const MAX_STDERR = 4096;

// Every run: no pager, no prompt, paths as they are (not quoted), prefixes and colours fixed
// whatever the user's configuration says.
const BASE_ARGS = ['--no-pager', '--literal-pathspecs', '-c', 'core.quotePath=false', '-c', 'color.ui=false'];

function start(cwd: string, args: readonly string[]): ChildProcessWithoutNullStreams {
  return spawn('git', [...BASE_ARGS, ...args], { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' }, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Waits for a git run to end; a failure names the subcommand and what git said. */
function ended(child: ChildProcessWithoutNullStreams, what: string): Promise<void> {
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (s: string) => {
    if (stderr.length < MAX_STDERR) stderr += s.slice(0, MAX_STDERR - stderr.length);
  });
  return new Promise((resolve, reject) => {
    child.once('error', (e: NodeJS.ErrnoException) => reject(new GitError(e.code === 'ENOENT' ? 'git is not installed (or not on PATH).' : `git ${what} could not run: ${e.message}`)));
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new GitError(`git ${what} failed${signal ? ` (${signal})` : ''}: ${stderr.trim().split('\n').slice(-3).join(' ') || `exit code ${code}`}`));
    });
  });
}

/**
 * Records given together at most: enough that a step of the caller's loop costs little beside
 * them, few enough that each is made shortly before its turn. A piece of git's output lists
 * about a thousand files, which made at once would outlive the heap's young generation.
 */
const BATCH = 64;

/**
 * The records git prints, split at `separator` (NUL with -z, else a newline), as they come, up
 * to BATCH at a time, so that a listing of thousands of files costs a step of the caller's
 * loop per batch rather than per file. Throws GitError when git fails; stopping early ends git.
 */
export async function* gitRecordBatches(cwd: string, args: readonly string[], separator: '\0' | '\n' = '\0'): AsyncGenerator<string[]> {
  const child = start(cwd, args);
  child.stdin.end();
  const done = ended(child, args[0] ?? '');
  // Seen by `done`, which is awaited at the end: no unhandled rejection meanwhile.
  done.catch(() => undefined);
  const sep = separator.charCodeAt(0);
  // The record under way, in the pieces it came in: joined once, when it ends, so that a
  // record of any length costs its length (a diff's line of a minified file runs to megabytes).
  let open: Buffer[] = [];
  let finished = false;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let records: string[] = [];
      let from = 0;
      for (let at = chunk.indexOf(sep); at >= 0; at = chunk.indexOf(sep, from)) {
        const piece = chunk.subarray(from, at);
        if (open.length > 0) {
          open.push(piece);
          records.push(Buffer.concat(open).toString('utf8'));
          open = [];
        } else records.push(piece.toString('utf8'));
        from = at + 1;
        if (records.length === BATCH) {
          yield records;
          records = [];
        }
      }
      if (from < chunk.length) open.push(chunk.subarray(from));
      if (records.length > 0) yield records;
    }
    if (open.length > 0) yield [Buffer.concat(open).toString('utf8')];
    await done;
    finished = true;
  } finally {
    if (!finished) child.kill();
  }
}

/** The records git prints (gitRecordBatches), one at a time. */
export async function* gitRecords(cwd: string, args: readonly string[], separator: '\0' | '\n' = '\0'): AsyncGenerator<string> {
  for await (const records of gitRecordBatches(cwd, args, separator)) yield* records;
}

/** The top folder of the repository `dir` is in, or undefined when it is in none (or git is missing). */
export async function gitRoot(dir: string): Promise<string | undefined> {
  try {
    for await (const line of gitRecords(dir, ['rev-parse', '--show-toplevel'], '\n')) if (line !== '') return line;
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * A path git printed for `rev-parse --git-path` run in `dir`: relative to `dir`, or absolute.
 * On Windows git prints `C:/repo/.git/hooks` with forward slashes; `flavour` (the platform's by
 * default) gives the system's own spelling.
 */
export function gitPathIn(dir: string, printed: string, flavour: PlatformPath = path): string {
  return flavour.resolve(dir, printed);
}

/** A revision or range the user typed, refused when git could read it as an option. */
export function revisionArg(value: string, flag: string): string {
  if (value === '' || value.startsWith('-') || /[\0\n]/.test(value)) throw new UsageError(`${flag} takes a revision or range such as main or v1.0..HEAD, not "${value.replace(/\p{Cc}/gu, '?')}".`);
  return value;
}

const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** Whether `value` is a full object id (SHA-1 or SHA-256). */
export function isObjectId(value: string): boolean {
  return OBJECT_ID.test(value);
}

interface Pending {
  readonly maxBytes: number;
  resolve(content: Buffer | undefined): void;
  reject(e: Error): void;
}

/**
 * Reads blobs through one `git cat-file --batch`, in the order asked. A blob larger than the
 * limit is read through and dropped, so at most one blob under the limit is held at a time.
 */
export class BlobReader {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #queue: Pending[] = [];
  #buffer: Buffer = Buffer.alloc(0);
  /** The blob being read: bytes left (with its final newline) and its pieces when kept. */
  #current: { remaining: number; readonly pieces: Buffer[] | undefined; readonly size: number } | undefined;
  #failed: Error | undefined;

  constructor(cwd: string) {
    this.#child = start(cwd, ['cat-file', '--batch']);
    this.#child.stdout.on('data', (chunk: Buffer) => this.#take(chunk));
    ended(this.#child, 'cat-file').then(
      () => this.#fail(new GitError('git cat-file ended early.')),
      (e: Error) => this.#fail(e),
    );
    this.#child.stdin.on('error', () => undefined);
  }

  /** A blob's content, or undefined when it is missing, not a blob, or larger than `maxBytes`. */
  read(id: string, maxBytes: number): Promise<Buffer | undefined> {
    if (!isObjectId(id)) return Promise.reject(new GitError(`not an object id: ${id}`));
    if (this.#failed) return Promise.reject(this.#failed);
    return new Promise((resolve, reject) => {
      this.#queue.push({ maxBytes, resolve, reject });
      this.#child.stdin.write(`${id}\n`);
    });
  }

  close(): void {
    this.#queue.length = 0;
    this.#failed ??= new GitError('closed');
    this.#child.stdin.end();
    this.#child.kill();
  }

  #fail(e: Error): void {
    if (this.#failed) return;
    this.#failed = e;
    for (const p of this.#queue.splice(0)) p.reject(e);
  }

  #take(chunk: Buffer): void {
    this.#buffer = this.#buffer.length > 0 ? Buffer.concat([this.#buffer, chunk]) : chunk;
    for (;;) {
      const current = this.#current;
      if (current) {
        const n = Math.min(current.remaining, this.#buffer.length);
        if (n === 0) return;
        current.pieces?.push(Buffer.from(this.#buffer.subarray(0, n)));
        current.remaining -= n;
        this.#buffer = this.#buffer.subarray(n);
        if (current.remaining > 0) return;
        this.#current = undefined;
        const pending = this.#queue.shift();
        // The content without the newline cat-file puts after it.
        pending?.resolve(current.pieces ? Buffer.concat(current.pieces).subarray(0, current.size) : undefined);
        continue;
      }
      const eol = this.#buffer.indexOf(0x0a);
      if (eol < 0) return;
      const header = this.#buffer.subarray(0, eol).toString('utf8').split(' ');
      this.#buffer = this.#buffer.subarray(eol + 1);
      const pending = this.#queue[0];
      if (header.length !== 3) {
        // "<id> missing" (or ambiguous): nothing follows.
        this.#queue.shift();
        pending?.resolve(undefined);
        continue;
      }
      const size = Number(header[2]);
      const keep = header[1] === 'blob' && pending !== undefined && size <= pending.maxBytes;
      this.#current = { remaining: size + 1, pieces: keep ? [] : undefined, size };
    }
  }
}
