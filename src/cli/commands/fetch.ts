// `leak-search fetch DOMAIN… --out FILE`: checks the domains once and writes their results to
// one file sealed under LEAK_SEARCH_RESULTS_KEY (see ../files/resultsFile.ts), for other CI jobs to
// scan against with `scan --results FILE` without the API key. The file is written only when
// every check succeeded: a file missing a domain would let scans pass that should fail.
// Exit 0 when written, 2 for usage (no key, no domains), 3 when the service failed.
import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { Option } from 'commander';
import { CACHE_KEY_BYTES } from '../../core/cache/sealed';
import type { FindingsType } from '../../core/service/types';
import { formatQuota } from '../../core/text/format';
import { domainsOf } from '../environment';
import { EXIT, UsageError, exitCodeOf } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import type { RunContext } from '../runContext';
import { RESULTS_KEY_VARIABLE, resultsKeyOf, writeResultsFile } from '../files/resultsFile';
import { openSession } from '../session';
import type { ServiceFlags } from '../session';

interface FetchFlags extends ServiceFlags {
  readonly out?: string;
  readonly type?: FindingsType;
  readonly from?: string;
  readonly to?: string;
  readonly newKey?: boolean;
}

export function registerFetch(program: Command, run: (action: (ctx: RunContext) => Promise<ExitCode>) => Promise<void>): void {
  program
    .command('fetch')
    .description('Check domains and write their results to one encrypted file for other jobs to scan against.')
    .argument('[domain...]', 'domains to check (default: leakSearch.domains of .vscode/settings.json)')
    .option('--out <file>', 'the results file to write (written whole or not at all)')
    .addOption(new Option('--type <type>', 'findings type').choices(['accounts', 'customers']))
    .option('--from <date>', 'first day of the date range (YYYY-MM-DD)')
    .option('--to <date>', 'last day of the date range (YYYY-MM-DD)')
    .option('--new-key', `print a new random results key for ${RESULTS_KEY_VARIABLE} and exit`)
    .addHelpText('after', `
The file is encrypted and authenticated (AES-256-GCM) with ${RESULTS_KEY_VARIABLE}: 32 bytes
as base64 or 64 hex digits, kept as a CI secret. It never holds the API key; whoever has the
results key can read the records, passwords included, so keep it as secret as they are.

Examples:
  $ leak-search fetch --new-key                      # once; store it as a CI secret
  $ LEAK_SEARCH_API_KEY=… LEAK_SEARCH_RESULTS_KEY=… leak-search fetch example.com --out leaks.bin
  $ leak-search scan --results leaks.bin             # in another job, with the results key only`)
    .action((domains: string[], _flags: FetchFlags, command: Command) => run((ctx) => fetchResults(ctx, domains, command.optsWithGlobals<FetchFlags>())));
}

async function fetchResults(ctx: RunContext, args: readonly string[], flags: FetchFlags): Promise<ExitCode> {
  if (flags.newKey) {
    ctx.stdout.write(`${randomBytes(CACHE_KEY_BYTES).toString('base64')}\n`);
    return EXIT.ok;
  }
  if (flags.out === undefined) throw new UsageError('Name the results file: --out FILE.');
  // Before any search: a run that could not write its file would spend the quota for nothing.
  const secret = resultsKeyOf(ctx.env);
  const { domains, from } = domainsOf(args, ctx.cwd);
  if (domains.length === 0) throw new UsageError(`No domains: name them (leak-search fetch example.com --out FILE) or set leakSearch.domains in ${from}.`);
  if ((flags.from === undefined) !== (flags.to === undefined)) throw new UsageError('Give both --from and --to, or neither.');
  const session = await openSession(flags, ctx, ctx.reporter);
  ctx.onInterrupt(() => void session.close());
  try {
    const range = flags.from !== undefined && flags.to !== undefined ? { start: flags.from, end: flags.to } : null;
    ctx.reporter.progress(`Checking ${domains.length} domain(s)…`);
    const outcomes = await session.check(
      domains.map((domain) => ({ domain, ...(flags.type ? { type: flags.type } : {}), range })),
      { signal: ctx.signal },
    );
    ctx.reporter.done();
    let code: ExitCode = EXIT.ok;
    for (const o of outcomes) {
      if (!o.error) continue;
      ctx.reporter.error(`${o.domain}: ${o.error.message}`);
      code = Math.max(code, exitCodeOf(o.error)) as ExitCode;
    }
    const quota = session.quota();
    if (quota) ctx.reporter.info(`Quota: ${formatQuota(quota, Date.now()).tooltip}`);
    if (code !== EXIT.ok) {
      ctx.reporter.error(`${flags.out} was not written: not every check succeeded.`);
      return code;
    }
    const written = await writeResultsFile(session, outcomes.flatMap((o) => (o.result ? [o.result.key] : [])), flags.out, secret);
    ctx.reporter.info(`Wrote ${written.results} result(s), ${written.records.toLocaleString('en-US')} records, to ${flags.out}.`);
    return EXIT.ok;
  } finally {
    await session.close();
  }
}
