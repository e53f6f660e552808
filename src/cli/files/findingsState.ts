// What `merge --only-new --state FILE` remembers between runs: the fingerprints of the findings
// the last run reported (core/export/findingFingerprint.ts: a hash of the rule, the account and
// the file, never the matched text), so a nightly job alerts only on findings that were not
// there the night before. No key is needed: the fingerprints are those every report already
// holds. Layout (JSON): { "format": "leak-search findings state", "version": 1,
// "fingerprints": [32 hex digits, ascending] }. Read bounded; written beside and renamed.
import * as fs from 'node:fs';
import { UsageError } from '../exitCodes';
import { fileSink } from '../output';

const FORMAT = 'leak-search findings state';
const VERSION = 1;
const FINGERPRINT = /^[0-9a-f]{32}$/;
/** Millions of findings; far below what would strain memory. */
const MAX_STATE_BYTES = 128 * 1024 * 1024;

/** The fingerprints an earlier run saw; an absent file is an empty state (the first run). */
export function readFindingsState(file: string): Set<string> {
  let text: string;
  try {
    if (fs.statSync(file).size > MAX_STATE_BYTES) throw new UsageError(`The state file ${file} is larger than ${MAX_STATE_BYTES / 1024 / 1024} MB.`);
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw new UsageError(`The state file ${file} cannot be read: ${(e as NodeJS.ErrnoException).code ?? String(e)}.`);
  }
  let value: { format?: unknown; version?: unknown; fingerprints?: unknown } | null;
  try {
    value = JSON.parse(text) as typeof value;
  } catch {
    value = null;
  }
  if (value?.format !== FORMAT || !Array.isArray(value.fingerprints)) throw new UsageError(`${file} is not a state file of leak-search merge: give a new path, or remove it to start over.`);
  if (value.version !== VERSION) throw new UsageError(`The state file ${file} is of version ${String(value.version)}; this leak-search reads version ${VERSION}.`);
  const out = new Set<string>();
  for (const f of value.fingerprints as unknown[]) {
    if (typeof f !== 'string' || !FINGERPRINT.test(f)) throw new UsageError(`The state file ${file} holds something that is not a fingerprint: remove it to start over.`);
    out.add(f);
  }
  return out;
}

/** Writes the fingerprints whole or not at all. */
export async function writeFindingsState(file: string, fingerprints: Iterable<string>): Promise<void> {
  const sink = fileSink(file);
  try {
    await sink.write(`${JSON.stringify({ format: FORMAT, version: VERSION, fingerprints: [...new Set(fingerprints)].sort() })}\n`);
    await sink.end();
  } catch (e) {
    sink.abort();
    throw e;
  }
}
