// `leak-search check DOMAIN…`: one search per domain and findings type, the records printed as
// a table on a terminal (passwords masked unless --show-passwords) or as JSON, JSON Lines or
// CSV; the quota left on stderr. Exit 1 when a domain has records, 3 when the service failed.
// --only-new --state FILE: only records that FILE has not seen (../files/stateFile.ts), and exit 1
// only for those; the state is brought up to date once the records are written.
import type { Command } from 'commander';
import { Option } from 'commander';
import { formatQuota } from '../../core/text/format';
import type { FindingsType } from '../../core/service/types';
import type { CheckOutcome, LeakSearchSession } from '../../engine/leakSearchSession';
import type { ResultMeta } from '../../engine/workerProtocol';
import { domainsOf } from '../environment';
import { EXIT, UsageError, exitCodeOf } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import { fileSink, streamSink } from '../output';
import type { Sink } from '../output';
import type { RunContext } from '../runContext';
import { openSession } from '../session';
import type { ServiceFlags } from '../session';
import { SeenState, STATE_KEY_PURPOSE, fingerprintsOf } from '../files/stateFile';
import { recordTable } from '../table';

interface CheckFlags extends ServiceFlags {
  readonly type?: FindingsType;
  readonly from?: string;
  readonly to?: string;
  readonly format?: 'table' | 'json' | 'jsonl' | 'csv';
  readonly output?: string;
  readonly showPasswords?: boolean;
  readonly maxRequests?: number;
  readonly limit?: number;
  readonly onlyNew?: boolean;
  readonly state?: string;
}

export function registerCheck(program: Command, run: (action: (ctx: RunContext) => Promise<ExitCode>) => Promise<void>): void {
  program
    .command('check')
    .description('Check domains for leaked credentials and print the records.')
    .argument('[domain...]', 'domains to check (default: leakSearch.domains of .vscode/settings.json)')
    .addOption(new Option('--type <type>', 'findings type').choices(['accounts', 'customers']))
    .option('--from <date>', 'first day of the date range (YYYY-MM-DD)')
    .option('--to <date>', 'last day of the date range (YYYY-MM-DD)')
    .addOption(new Option('--format <format>', 'output format (default: table on a terminal, else jsonl)').choices(['table', 'json', 'jsonl', 'csv']))
    .option('-o, --output <file>', 'write the records to this file (written whole or not at all)')
    .option('--show-passwords', 'show leaked passwords instead of masking them')
    .option('--max-requests <n>', 'send at most this many searches', positiveInt)
    .option('--limit <n>', 'records per result in the table (default 50)', positiveInt)
    .option('--only-new', 'only records the --state file has not seen (exit 1 only for those)')
    .option('--state <file>', 'what earlier runs saw (keyed fingerprints, no records); updated after the run')
    .addHelpText('after', `
Examples:
  $ LEAK_SEARCH_API_KEY=… leak-search check example.com
  $ leak-search check example.com example.org --type customers --format csv -o leaks.csv
  $ leak-search check --from 2026-01-01 --to 2026-06-30 --format jsonl | jq .username
  $ leak-search check example.com --only-new --state .leak-search-state.json`)
    .action((domains: string[], _flags: CheckFlags, command: Command) => run((ctx) => check(ctx, domains, command.optsWithGlobals<CheckFlags>())));
}

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`"${v}" is not a whole number of at least 1.`);
  return n;
}

async function check(ctx: RunContext, args: readonly string[], flags: CheckFlags): Promise<ExitCode> {
  const { domains, from } = domainsOf(args, ctx.cwd);
  if (domains.length === 0) throw new UsageError(`No domains: name them (leak-search check example.com) or set leakSearch.domains in ${from}.`);
  if ((flags.from === undefined) !== (flags.to === undefined)) throw new UsageError('Give both --from and --to, or neither.');
  if (flags.onlyNew && flags.state === undefined) throw new UsageError('--only-new needs --state FILE: where the records already seen are remembered.');
  const format = flags.format ?? (flags.output === undefined && ctx.stdout.isTTY ? 'table' : 'jsonl');
  const session = await openSession(flags, ctx, ctx.reporter);
  ctx.onInterrupt(() => void session.close());
  try {
    // Read before any search, so a damaged state costs no quota.
    const stateKey = flags.state !== undefined ? session.derivedKey(STATE_KEY_PURPOSE) : undefined;
    const state = flags.state !== undefined && stateKey ? SeenState.read(flags.state, stateKey, (m) => ctx.reporter.warn(m)) : undefined;
    const range = flags.from !== undefined && flags.to !== undefined ? { start: flags.from, end: flags.to } : null;
    const targets = domains.map((domain) => ({ domain, ...(flags.type ? { type: flags.type } : {}), range }));
    const outcomes: CheckOutcome[] = [];
    let sent = 0;
    for (const target of targets) {
      if (flags.maxRequests !== undefined && sent >= flags.maxRequests) {
        ctx.reporter.warn(`${target.domain} was not checked: --max-requests ${flags.maxRequests} reached.`);
        continue;
      }
      ctx.reporter.progress(`Checking ${target.domain}…`);
      const done = await session.check([target], { signal: ctx.signal });
      sent += done.filter((o) => o.result || (o.error && o.error.kind !== 'invalid-input' && o.error.kind !== 'rate-limited')).length;
      outcomes.push(...done);
    }
    ctx.reporter.done();
    const results = outcomes.flatMap((o) => (o.result ? [o.result] : []));
    // With a state: each result's fingerprints, and (--only-new) its rows the state has not seen.
    const only = new Map<string, Uint32Array>();
    if (state && stateKey) {
      for (const r of results) {
        const prints = fingerprintsOf(stateKey, await session.recordIdentities(r.key));
        if (flags.onlyNew) only.set(r.key, state.unseenRows(r.key, prints));
        state.remember(r.key, prints);
      }
    }
    const sink: Sink = flags.output !== undefined ? fileSink(flags.output) : streamSink(ctx.stdout);
    try {
      await writeResults(session, results, format, sink, flags, ctx, only);
      await sink.end();
    } catch (e) {
      sink.abort();
      throw e;
    }
    // Only now: a run that failed to write its records must report them again next time.
    if (state && flags.state !== undefined) await state.write(flags.state);
    let code: ExitCode = EXIT.ok;
    for (const o of outcomes) {
      if (o.error) {
        ctx.reporter.error(`${o.domain}: ${o.error.message}`);
        code = Math.max(code, exitCodeOf(o.error)) as ExitCode;
      } else if ((only.get(o.result.key)?.length ?? o.result.records) > 0 && code === EXIT.ok) {
        code = EXIT.findings;
      }
    }
    const quota = session.quota();
    if (quota) ctx.reporter.info(`Quota: ${formatQuota(quota, Date.now()).tooltip}`);
    return code;
  } finally {
    await session.close();
  }
}

/** `only`: per result key, the rows to write (the new ones); a result not in it is written whole. */
async function writeResults(session: LeakSearchSession, results: readonly ResultMeta[], format: NonNullable<CheckFlags['format']>, sink: Sink, flags: CheckFlags, ctx: RunContext, only: ReadonlyMap<string, Uint32Array>): Promise<void> {
  const includeSecrets = flags.showPasswords === true;
  const rowsOf = (r: ResultMeta): { rows?: Uint32Array } => {
    const rows = only.get(r.key);
    return rows ? { rows } : {};
  };
  if (format === 'table') {
    for (const r of results) {
      const rows = only.get(r.key);
      for await (const piece of recordTable(session, r, { showPasswords: includeSecrets, limit: flags.limit ?? 50, style: ctx.stdoutStyle, ...(rows ? { only: rows } : {}) })) await sink.write(piece);
    }
    return;
  }
  if (format === 'json') {
    await sink.write('[');
    for (const [i, r] of results.entries()) {
      await sink.write(`${i === 0 ? '\n' : ',\n'}{"domain":${JSON.stringify(r.query.domain)},"type":${JSON.stringify(r.query.type)},"count":${r.count},"records":`);
      for await (const piece of session.recordPieces(r.key, 'json', { includeSecrets, ...rowsOf(r) })) await sink.write(piece.replace(/\n$/, ''));
      await sink.write('}');
    }
    await sink.write(results.length > 0 ? '\n]\n' : ']\n');
    return;
  }
  for (const [i, r] of results.entries()) {
    if (format === 'csv' && i > 0) ctx.reporter.warn('CSV holds one result; use --format jsonl for several domains or types.');
    if (format === 'csv' && i > 0) break;
    const lead = `"domain":${JSON.stringify(r.query.domain)},"type":${JSON.stringify(r.query.type)}`;
    for await (const piece of session.recordPieces(r.key, format, { includeSecrets, lead, ...rowsOf(r) })) await sink.write(piece);
  }
}
