// Where the command line's inputs come from. The API key only from LEAK_SEARCH_API_KEY, stdin
// (--api-key-stdin) or a prompt that does not echo: never a flag, which process lists show.
// The service address only from --base-url or LEAK_SEARCH_BASE_URL: a file in the scanned
// repository could otherwise send the key to another host. Domains from flags, else the
// repository's .vscode/settings.json (leakSearch.domains), so editor and CI share one list.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';
import { configuredDomains } from '../core/domains/domainList';
import { normalizeApiKey, normalizeBaseUrl } from '../core/service/validate';
import { UsageError } from './exitCodes';

export const DEFAULT_BASE_URL = 'https://leakjar.com/api';
export const API_KEY_VARIABLE = 'LEAK_SEARCH_API_KEY';
export const BASE_URL_VARIABLE = 'LEAK_SEARCH_BASE_URL';

/** The service address: the flag, else the environment, else LeakJar. */
export function baseUrlOf(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const raw = flag ?? env[BASE_URL_VARIABLE] ?? DEFAULT_BASE_URL;
  try {
    return normalizeBaseUrl(raw);
  } catch (e) {
    throw new UsageError(`The service address is not valid: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Reads all of stdin (for --api-key-stdin), bounded. */
async function readStdin(stdin: NodeJS.ReadableStream, maxBytes = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += b.length;
    if (size > maxBytes) throw new UsageError('The API key on stdin is longer than any API key.');
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks for the key on a terminal without echoing it. */
async function prompt(input: NodeJS.ReadStream, output: NodeJS.WriteStream): Promise<string> {
  output.write('API key (not shown): ');
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  try {
    let typed = '';
    for await (const chunk of input) {
      for (const ch of String(chunk)) {
        if (ch === '\r' || ch === '\n') return typed;
        if (ch === '\u0003') throw new UsageError('Cancelled.');
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    }
    return typed;
  } finally {
    input.setRawMode(false);
    input.pause();
    output.write('\n');
  }
}

export interface KeySources {
  readonly env: NodeJS.ProcessEnv;
  readonly fromStdin: boolean;
  readonly stdin: NodeJS.ReadStream;
  readonly stderr: NodeJS.WriteStream;
}

/** The API key, validated; a clear usage error when there is none. */
export async function apiKeyOf(sources: KeySources): Promise<string> {
  let raw: string | undefined;
  if (sources.fromStdin) raw = (await readStdin(sources.stdin)).trim();
  else if (sources.env[API_KEY_VARIABLE]) raw = sources.env[API_KEY_VARIABLE];
  else if (sources.stdin.isTTY && sources.stderr.isTTY) raw = await prompt(sources.stdin, sources.stderr);
  if (raw === undefined || raw.trim() === '') {
    throw new UsageError(`No API key: set ${API_KEY_VARIABLE}, or pass it on stdin with --api-key-stdin.`);
  }
  try {
    return normalizeApiKey(raw);
  } catch (e) {
    throw new UsageError(`The API key is not valid: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The domains to check: the flags', else `leakSearch.domains` of `<dir>/.vscode/settings.json`. */
export function domainsOf(flags: readonly string[], dir: string): { readonly domains: string[]; readonly from: string } {
  if (flags.length > 0) return { domains: configuredDomains([flags]), from: 'the command line' };
  const file = path.join(dir, '.vscode', 'settings.json');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { domains: [], from: file };
  }
  const errors: ParseError[] = [];
  const settings = parseJsonc(text, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length > 0 || typeof settings !== 'object' || settings === null) throw new UsageError(`${file} is not valid JSON with comments.`);
  const raw = (settings as Record<string, unknown>)['leakSearch.domains'];
  if (raw === undefined) return { domains: [], from: file };
  if (!Array.isArray(raw) || raw.some((d) => typeof d !== 'string')) throw new UsageError(`leakSearch.domains in ${file} is not a list of domains.`);
  return { domains: configuredDomains([raw as string[]]), from: file };
}
