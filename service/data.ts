// The reference service's data: generated deterministically from a seed (never Math.random),
// or loaded from a JSON / JSONL file.
import { readFileSync } from 'node:fs';
import { WIRE_ACCOUNT_FIELDS } from './wire';
import type { WireAccountRecord, WireOpenRecord, WireValue } from './wire';
import type { Dataset } from './types';
import { Prng, hashSeed, weightedTable } from './prng';
import {
  BROWSERS, COMMON_PASSWORDS, CORPORATE_SITES, COUNTRIES, CUSTOMER_SITES, FIRST_NAMES, FREE_MAIL, HOSTILE_STRINGS,
  LAST_NAMES, LONG_FIELD_LENGTH, OTHER_SITES, PASSWORD_ALPHABET, PASSWORD_SYMBOLS, PASSWORD_WORDS, PLAIN_USERNAMES,
  UNICODE_STRINGS,
} from './dataVocab';

export interface GenerateOptions {
  /** Accounts records per domain (default 300). */
  readonly accountsPerDomain?: number;
  /** Customers records per domain (default 60). */
  readonly customersPerDomain?: number;
}

type Kind = 'accounts' | 'customers';
type MutableDomainData = { accounts: WireAccountRecord[]; customers: WireOpenRecord[] };

/** Leak dates span about three years, ending with October 2026 (UTC). */
export const DATA_FIRST_MS = Date.UTC(2023, 10, 1);
export const DATA_LAST_MS = Date.UTC(2026, 9, 31, 23, 59, 59);
const DAY_MS = 86_400_000;

/**
 * Records for each domain, the same for the same seed and domain (each domain draws from
 * its own stream, so adding a domain leaves the others unchanged). Every domain gets, among
 * its records, hostile strings, 5,000-character fields, Unicode, and clusters of records
 * from one infected machine (same IP, browser, country and day, many sites).
 */
export function generateDataset(seed: number, domains: readonly string[], opts: GenerateOptions = {}): Dataset {
  const accountsCount = opts.accountsPerDomain ?? 300;
  const customersCount = opts.customersPerDomain ?? 60;
  const out: Record<string, MutableDomainData> = {};
  for (const raw of domains) {
    const domain = raw.toLowerCase();
    out[domain] = {
      accounts: generateRecords(new Prng(hashSeed(seed, `${domain}|accounts`)), domain, 'accounts', accountsCount),
      customers: generateRecords(new Prng(hashSeed(seed, `${domain}|customers`)), domain, 'customers', customersCount),
    };
  }
  return out;
}

/**
 * A generated record: the eight accounts fields, all strings. It is both a WireAccountRecord
 * and a WireOpenRecord: customers records have the same fields (decision 4).
 */
type Row = { date: string; browser: string; status: string; url: string; ip: string; country: string; username: string; password: string };

function generateRecords(rng: Prng, domain: string, kind: Kind, count: number): Row[] {
  const records = specialRecords(rng, domain, kind).slice(0, count);
  while (records.length < count) {
    const left = count - records.length;
    if (left >= 4 && rng.chance(0.03)) records.push(...cluster(rng, domain, kind, Math.min(left, rng.int(4, 12))));
    else records.push(single(rng, domain, kind));
  }
  return records;
}

interface Machine {
  readonly ip: string;
  readonly browser: string;
  readonly country: string;
}

const BROWSER_TABLE = weightedTable(BROWSERS);
const COUNTRY_TABLE = weightedTable(COUNTRIES);

function machine(rng: Prng): Machine {
  return { ip: publicIpv4(rng), browser: rng.fromTable(BROWSER_TABLE), country: rng.fromTable(COUNTRY_TABLE) };
}

const RESERVED_FIRST_OCTETS = new Set([0, 10, 100, 127, 169, 172, 192, 198]);

function publicIpv4(rng: Prng): string {
  let a = rng.int(1, 223);
  while (RESERVED_FIRST_OCTETS.has(a)) a = rng.int(1, 223);
  return `${a}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
}

function randomDateMs(rng: Prng): number {
  const seconds = rng.int(0, Math.floor((DATA_LAST_MS - DATA_FIRST_MS) / 1000));
  return DATA_FIRST_MS + seconds * 1000;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function person(rng: Prng): { first: string; last: string } {
  return { first: rng.pick(FIRST_NAMES), last: rng.pick(LAST_NAMES) };
}

function workEmail(rng: Prng, domain: string, p: { first: string; last: string }): string {
  const roll = rng.next();
  const local = roll < 0.55 ? `${p.first}.${p.last}` : roll < 0.88 ? `${p.first[0] ?? ''}${p.last}` : `${p.first}${rng.int(1, 99)}`;
  return `${local}@${domain}`;
}

function personalEmail(rng: Prng, p: { first: string; last: string }): string {
  const roll = rng.next();
  const local = roll < 0.43 ? `${p.first}.${p.last}` : roll < 0.86 ? `${p.first}${p.last}${rng.int(1, 2005)}` : `${p.first}_${rng.int(70, 99)}`;
  return `${local}@${rng.pick(FREE_MAIL)}`;
}

const PASSWORD_STYLE = weightedTable<number>([[0, 35], [1, 20], [2, 20], [3, 15], [4, 10]]);

function password(rng: Prng): string {
  switch (rng.fromTable(PASSWORD_STYLE)) {
    case 0:
      return `${rng.pick(PASSWORD_WORDS)}${rng.int(2015, 2026)}${rng.pick(PASSWORD_SYMBOLS)}`;
    case 1:
      return rng.pick(COMMON_PASSWORDS);
    case 2: {
      let s = '';
      const n = rng.int(8, 16);
      for (let i = 0; i < n; i++) s += PASSWORD_ALPHABET[rng.int(0, PASSWORD_ALPHABET.length - 1)];
      return s;
    }
    case 3:
      return `${rng.pick(FIRST_NAMES)}${rng.int(1960, 2010)}`;
    default:
      return `${rng.pick(PASSWORD_WORDS).toLowerCase()}${rng.int(1, 999)}`;
  }
}

function siteUrl(domain: string, site: readonly [string, string]): string {
  return `https://${site[0]}.${domain}${site[1]}`;
}

function status(rng: Prng): string {
  return rng.chance(0.85) ? 'show' : 'hide';
}

function single(rng: Prng, domain: string, kind: Kind): Row {
  const m = machine(rng);
  const p = person(rng);
  let username: string;
  let url: string;
  if (kind === 'accounts') {
    const roll = rng.next();
    username = roll < 0.7 ? workEmail(rng, domain, p) : roll < 0.85 ? personalEmail(rng, p) : rng.pick(PLAIN_USERNAMES);
    url = rng.chance(0.75) ? siteUrl(domain, rng.pick(CORPORATE_SITES)) : rng.pick(OTHER_SITES);
  } else {
    username = rng.chance(0.8) ? personalEmail(rng, p) : `${p.first}${rng.int(1, 99)}`;
    url = siteUrl(domain, rng.pick(CUSTOMER_SITES));
  }
  return { date: iso(randomDateMs(rng)), browser: m.browser, status: status(rng), url, ip: m.ip, country: m.country, username, password: password(rng) };
}

/** One infected machine: the same IP, browser, country and day; many sites, one victim. */
function cluster(rng: Prng, domain: string, kind: Kind, size: number): Row[] {
  const m = machine(rng);
  const p = person(rng);
  const work = workEmail(rng, domain, p);
  const personal = personalEmail(rng, p);
  const day = Math.floor(randomDateMs(rng) / DAY_MS) * DAY_MS;
  let t = day + rng.int(0, 20 * 3600) * 1000;
  const urls = kind === 'accounts' ? [...CORPORATE_SITES.map((s) => siteUrl(domain, s)), ...OTHER_SITES] : CUSTOMER_SITES.map((s) => siteUrl(domain, s));
  const out: Row[] = [];
  const used = new Set<string>();
  for (let i = 0; i < size; i++) {
    let url = rng.pick(urls);
    for (let tries = 0; used.has(url) && tries < 20; tries++) url = rng.pick(urls);
    used.add(url);
    t += rng.int(1, 90) * 1000;
    const onDomain = url.includes(`.${domain}/`);
    const username = kind === 'customers' ? personal : onDomain ? work : rng.chance(0.5) ? work : personal;
    out.push({ date: iso(t), browser: m.browser, status: status(rng), url, ip: m.ip, country: m.country, username, password: password(rng) });
  }
  return out;
}

/** Hostile strings, 5,000-character fields and Unicode, in every domain's data. */
function specialRecords(rng: Prng, domain: string, kind: Kind): Row[] {
  const base = (): Row => single(rng, domain, kind);
  const [script = '', img = '', quotes = ''] = HOSTILE_STRINGS;
  const [german = '', japanese = '', emoji = '', arabic = '', hebrew = ''] = UNICODE_STRINGS;
  const longPassword = Array.from({ length: LONG_FIELD_LENGTH }, () => PASSWORD_ALPHABET[rng.int(0, PASSWORD_ALPHABET.length - 1)]).join('');
  const longUrlHead = `https://portal.${domain}/session/`;
  const longUrl = longUrlHead + 'x'.repeat(LONG_FIELD_LENGTH - longUrlHead.length);
  return [
    { ...base(), password: script, url: `https://portal.${domain}/search?q=${script}` },
    { ...base(), username: img, browser: img },
    { ...base(), password: quotes, url: `https://www.${domain}/search?q="quotes'&x=1` },
    { ...base(), password: longPassword },
    { ...base(), url: longUrl },
    { ...base(), username: `jürgen.${german.toLowerCase()}@${domain}`, password: japanese },
    { ...base(), username: `yūki.tanaka@${domain}`, password: emoji },
    { ...base(), password: arabic },
    { ...base(), username: `דני.כהן@${domain}`, password: hebrew },
  ];
}

// ---------------------------------------------------------------------------------------
// Loading

/**
 * Reads a dataset file. `.jsonl` / `.ndjson`: one record a line, each with `domain` and
 * `type` (accounts|a|customers|c) beside its own fields. Otherwise JSON: either an array of
 * such records or a `Dataset` object `{ "<domain>": { "accounts": [...], "customers": [...] } }`.
 * Throws an Error naming the file and line (or index) of the first bad record.
 */
export function loadDataset(file: string): Dataset {
  const text = readFileSync(file, 'utf8');
  if (/\.(jsonl|ndjson)$/i.test(file)) return parseJsonl(text, file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: not valid JSON (${(e as Error).message})`, { cause: e });
  }
  return parseDatasetJson(value, file);
}

export function parseJsonl(text: string, source = 'data'): Dataset {
  const out: Record<string, MutableDomainData> = {};
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const where = `${source} line ${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      throw new Error(`${where}: not valid JSON (${(e as Error).message})`, { cause: e });
    }
    addTaggedRecord(out, value, where);
  });
  return out;
}

export function parseDatasetJson(value: unknown, source = 'data'): Dataset {
  const out: Record<string, MutableDomainData> = {};
  if (Array.isArray(value)) {
    value.forEach((v, i) => addTaggedRecord(out, v, `${source} [${i}]`));
    return out;
  }
  if (!isObject(value)) throw new Error(`${source}: expected an array of records or an object keyed by domain`);
  for (const [rawDomain, entry] of Object.entries(value)) {
    const domain = rawDomain.toLowerCase();
    if (!isObject(entry)) throw new Error(`${source} ${rawDomain}: expected { "accounts": [...], "customers": [...] }`);
    const data = slot(out, domain);
    for (const kind of ['accounts', 'customers'] as const) {
      const list = entry[kind] ?? [];
      if (!Array.isArray(list)) throw new Error(`${source} ${rawDomain}.${kind}: expected an array`);
      list.forEach((r, i) => {
        const where = `${source} ${rawDomain}.${kind}[${i}]`;
        if (kind === 'accounts') data.accounts.push(toAccountRecord(r, where));
        else data.customers.push(toOpenRecord(r, where));
      });
    }
  }
  return out;
}

function addTaggedRecord(out: Record<string, MutableDomainData>, value: unknown, where: string): void {
  if (!isObject(value)) throw new Error(`${where}: expected a JSON object`);
  const { domain, type, ...fields } = value;
  if (typeof domain !== 'string' || domain === '') throw new Error(`${where}: "domain" must be a non-empty string`);
  const kind = type === 'accounts' || type === 'a' ? 'accounts' : type === 'customers' || type === 'c' ? 'customers' : undefined;
  if (!kind) throw new Error(`${where}: "type" must be accounts, a, customers or c`);
  const data = slot(out, domain.toLowerCase());
  if (kind === 'accounts') data.accounts.push(toAccountRecord(fields, where));
  else data.customers.push(toOpenRecord(fields, where));
}

function slot(out: Record<string, MutableDomainData>, domain: string): MutableDomainData {
  return (out[domain] ??= { accounts: [], customers: [] });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isScalar(v: unknown): v is WireValue {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function toOpenRecord(value: unknown, where: string): WireOpenRecord {
  if (!isObject(value)) throw new Error(`${where}: expected a JSON object`);
  for (const [k, v] of Object.entries(value)) {
    if (!isScalar(v)) throw new Error(`${where}: field "${k}" must be a string, number, boolean or null`);
  }
  return value as WireOpenRecord;
}

/** The eight fields first ('' when missing), then the record's further fields, flat, as sent. */
function toAccountRecord(value: unknown, where: string): WireAccountRecord {
  const open = toOpenRecord(value, where);
  const record: Record<string, WireValue> = {};
  for (const f of WIRE_ACCOUNT_FIELDS) {
    const v = open[f];
    if (v !== undefined && typeof v !== 'string') throw new Error(`${where}: field "${f}" must be a string`);
    record[f] = v ?? '';
  }
  if (Number.isNaN(Date.parse(String(record['date'])))) throw new Error(`${where}: "date" must be an ISO 8601 date and time`);
  for (const [k, v] of Object.entries(open)) if (!(k in record)) record[k] = v;
  return record as WireAccountRecord;
}
