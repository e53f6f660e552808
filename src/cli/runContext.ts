// What a subcommand runs with: the process's streams, environment and folder, how people are
// told things, and the signal that Ctrl-C aborts. Tests give their own.
import type { Reporter, Style } from './output';

export interface RunContext {
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly reporter: Reporter;
  /** Colours for stdout (a terminal, unless NO_COLOR). */
  readonly stdoutStyle: (style: Style, text: string) => string;
  /** Aborted on Ctrl-C. */
  readonly signal: AbortSignal;
  /** Runs `f` on Ctrl-C, before the process exits. */
  onInterrupt(f: () => void): void;
}
