// Where the command line writes. Data goes to stdout or to --output; people's words (progress,
// quota, warnings) to stderr, progress only when stderr is a terminal. An output file is
// written beside its place and renamed into it when complete, so Ctrl-C or a failure never
// leaves half a file. A closed pipe (`| head`) ends the run quietly.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { UsageError } from './exitCodes';

/** Text that will be written in pieces, to stdout or to a file. */
export interface Sink {
  write(piece: string): Promise<void>;
  /** Completes the output (renames the file into place). */
  end(): Promise<void>;
  /** Drops what was written (a file's temporary is removed). */
  abort(): void;
}

/**
 * Lets the event loop turn once. Records come from synchronous generators and a file or a
 * terminal takes a write at once, so without this a long write never lets Ctrl-C's handler
 * run: the run would finish (exit 1) instead of stopping (exit 130).
 */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Text a file sink gathers before it writes: a scan hands over the findings of each file as
 * they come, and a write call and a turn of the event loop for each cost more than the text
 * (the scan lets the loop turn on its own). Under 128 KiB, so that the gathered string stays
 * in V8's young generation (see src/engine/views/exports.ts).
 */
const GATHER_CHARS = 32 * 1024;

/** Files being written now: removed if the process is interrupted. */
const pending = new Set<string>();

/** Removes every temporary of a file being written (on Ctrl-C). */
export function removePending(): void {
  for (const file of pending) {
    try {
      fs.rmSync(file, { force: true });
    } catch {
      // nothing more to do on the way out
    }
  }
  pending.clear();
}

/** A file being written: text, or bytes, also at a position already written (a header known last). */
export interface FileSink extends Sink {
  writeBytes(bytes: Uint8Array, position?: number): void;
}

/** Writes to `file` through a temporary beside it, renamed on `end`; its folder is made when missing (CI paths such as reports/x.sarif). */
export function fileSink(file: string): FileSink {
  const target = path.resolve(file);
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.partial`);
  let fd: number;
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fd = fs.openSync(temp, 'wx', 0o600);
  } catch (e) {
    throw new UsageError(`${file} cannot be written: ${(e as NodeJS.ErrnoException).code ?? String(e)}.`);
  }
  pending.add(temp);
  let closed = false;
  const close = (): void => {
    if (!closed) fs.closeSync(fd);
    closed = true;
  };
  let gathered = '';
  const flush = (): void => {
    if (gathered !== '') fs.writeSync(fd, gathered);
    gathered = '';
  };
  return {
    write: async (piece) => {
      gathered += piece;
      if (gathered.length < GATHER_CHARS) return;
      flush();
      await turn();
    },
    writeBytes: (bytes, position) => {
      flush();
      for (let at = 0; at < bytes.byteLength; ) at += fs.writeSync(fd, bytes, at, bytes.byteLength - at, position === undefined ? null : position + at);
    },
    end: async () => {
      flush();
      close();
      fs.renameSync(temp, target);
      pending.delete(temp);
    },
    abort: () => {
      gathered = '';
      close();
      fs.rmSync(temp, { force: true });
      pending.delete(temp);
    },
  };
}

/** The end of output the reader no longer wants (EPIPE): the run stops quietly. */
export class ClosedPipe extends Error {
  override readonly name = 'ClosedPipe';
}

/** Writes to a stream, waiting for it to drain; a closed pipe becomes `ClosedPipe`. */
export function streamSink(stream: NodeJS.WritableStream): Sink {
  let broken = false;
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') broken = true;
  });
  return {
    write: (piece) =>
      new Promise<void>((resolve, reject) => {
        if (broken) return reject(new ClosedPipe());
        const ok = stream.write(piece, (e) => {
          if (e && (e as NodeJS.ErrnoException).code === 'EPIPE') broken = true;
        });
        if (ok) return void turn().then(resolve);
        stream.once('drain', () => resolve());
        stream.once('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' ? reject(new ClosedPipe()) : reject(e)));
      }),
    end: async () => undefined,
    abort: () => undefined,
  };
}

/** Whether to colour: NO_COLOR wins, then FORCE_COLOR, then whether the stream is a terminal. */
export function useColour(env: NodeJS.ProcessEnv, stream: { readonly isTTY?: boolean }): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return stream.isTTY === true;
}

export type Style = 'bold' | 'dim' | 'red' | 'yellow' | 'green' | 'cyan';

const CODES: Readonly<Record<Style, readonly [number, number]>> = { bold: [1, 22], dim: [2, 22], red: [31, 39], yellow: [33, 39], green: [32, 39], cyan: [36, 39] };

/** A styler that colours only when told to. */
export function styler(colour: boolean): (style: Style, text: string) => string {
  return (style, text) => (colour ? `\u001b[${CODES[style][0]}m${text}\u001b[${CODES[style][1]}m` : text);
}

/** People's words on stderr: messages always (unless quiet), progress only on a terminal. */
export class Reporter {
  #progressShown = false;
  readonly style: (style: Style, text: string) => string;

  constructor(
    private readonly stderr: NodeJS.WriteStream,
    private readonly quiet: boolean,
    env: NodeJS.ProcessEnv,
  ) {
    this.style = styler(useColour(env, stderr));
  }

  /** A line for people (suppressed by --quiet). */
  info(line: string): void {
    if (this.quiet) return;
    this.#clearProgress();
    this.stderr.write(`${line}\n`);
  }

  /** A warning or error: shown even with --quiet. */
  error(line: string): void {
    this.#clearProgress();
    this.stderr.write(`${this.style('red', 'leak-search:')} ${line}\n`);
  }

  warn(line: string): void {
    this.#clearProgress();
    this.stderr.write(`${this.style('yellow', 'leak-search:')} ${line}\n`);
  }

  /** A progress line, rewritten in place; only on a terminal. */
  progress(line: string): void {
    if (this.quiet || !this.stderr.isTTY) return;
    this.stderr.write(`\r\u001b[2K${line}`);
    this.#progressShown = true;
  }

  #clearProgress(): void {
    if (!this.#progressShown) return;
    this.stderr.write('\r\u001b[2K');
    this.#progressShown = false;
  }

  done(): void {
    this.#clearProgress();
  }
}
