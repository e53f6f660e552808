// `leak-search`: the command line over the same core and engine as the editor (see
// docs/ARCHITECTURE.md, "Two front ends, one engine"). Subcommands live in commands/; this
// file parses, runs one, and turns what happened into an exit code (exitCodes.ts): a clear
// message on stderr for every error, never a stack trace; Ctrl-C exits 130 and removes any
// half-written output; a closed pipe ends quietly.
import { Command, CommanderError } from 'commander';
import { LeakSearchError } from '../core/service/errors';
import { registerCheck } from './commands/check';
import { registerFetch } from './commands/fetch';
import { registerInstallHook } from './commands/installHook';
import { registerMerge } from './commands/merge';
import { registerScan } from './commands/scan';
import { EXIT, Reported, UsageError, exitCodeOf } from './exitCodes';
import { packageVersion } from './packageVersion';
import type { ExitCode } from './exitCodes';
import { ClosedPipe, Reporter, removePending, styler, useColour } from './output';
import type { RunContext } from './runContext';

export async function main(argv: readonly string[], io: Pick<RunContext, 'env' | 'cwd' | 'stdin' | 'stdout' | 'stderr'>): Promise<ExitCode> {
  const controller = new AbortController();
  const interrupts: (() => void)[] = [];
  const onSigint = (): void => {
    controller.abort();
    for (const f of interrupts) f();
    removePending();
    process.exit(EXIT.interrupted);
  };
  process.once('SIGINT', onSigint);
  let code: ExitCode = EXIT.ok;
  const program = new Command('leak-search')
    .description('Find your company’s accounts and sites in leaked credential data (stealer logs).')
    .version(packageVersion(), '-V, --version')
    .option('--base-url <url>', 'the service address (default: LEAK_SEARCH_BASE_URL, else https://leakjar.com/api)')
    .option('--api-key-stdin', 'read the API key from stdin (default: LEAK_SEARCH_API_KEY)')
    .option('--allow-http', 'allow plain http:// to a service that is not on this machine')
    .option('--timeout <seconds>', 'longest wait for an answer', Number)
    .option('-q, --quiet', 'print no progress or summary on stderr')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .addHelpText('after', `
The API key comes from LEAK_SEARCH_API_KEY, from stdin (--api-key-stdin) or a prompt on a
terminal; never from a flag. Exit codes: 0 nothing found at or above --fail-on, 1 findings,
2 usage or configuration error, 3 service, network or quota error, 130 interrupted.`);
  const run = async (action: (ctx: RunContext) => Promise<ExitCode>): Promise<void> => {
    const globals = program.opts<{ quiet?: boolean }>();
    const reporter = new Reporter(io.stderr, globals.quiet === true, io.env);
    const ctx: RunContext = {
      ...io,
      reporter,
      stdoutStyle: styler(useColour(io.env, io.stdout)),
      signal: controller.signal,
      onInterrupt: (f) => interrupts.push(f),
    };
    try {
      code = await action(ctx);
    } catch (e) {
      code = report(e, reporter);
    }
  };
  registerCheck(program, run);
  registerScan(program, run);
  registerFetch(program, run);
  registerMerge(program, run);
  registerInstallHook(program, run);
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version end with code 0; a usage mistake with 2.
      code = e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    } else {
      code = report(e, new Reporter(io.stderr, false, io.env));
    }
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
  return code;
}

function report(e: unknown, reporter: Reporter): ExitCode {
  if (e instanceof ClosedPipe) return EXIT.ok;
  if (e instanceof Reported) return e.code;
  if (e instanceof UsageError) {
    reporter.error(e.message);
    return EXIT.usage;
  }
  if (e instanceof LeakSearchError) {
    reporter.error(e.message);
    return exitCodeOf(e);
  }
  reporter.error(`an unexpected error: ${e instanceof Error ? e.message : String(e)}. Please report it.`);
  return EXIT.service;
}
