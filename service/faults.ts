// Fault modes for tests, chosen per tenant (and optionally per domain / findings type) by
// configuration: `TenantConfig.faults` or `RunningService.setFaults`. A fault applies only
// to a request that passed every check (it would otherwise have been a 200).
import { drained } from './drained';
import type { ServerResponse } from 'node:http';
import type { WireFindingsType } from './wire';
import type { FaultKind, FaultRule } from './types';
import type { Timers } from './timers';
import { MESSAGES } from './validate';

export const FAULT_KINDS: readonly FaultKind[] = [
  'delay', 'slow-body', 'truncated', 'invalid-json', 'wrong-types', 'reset', 'error-500', 'error-502', 'error-503', 'huge', 'custom',
];

export const DEFAULT_DELAY_MS = 2000;
export const DEFAULT_HUGE_BYTES = 64 * 1024 * 1024;

interface ArmedRule {
  readonly rule: FaultRule;
  left: number; // Infinity when the rule has no `times`
}

/** The fault rules of every tenant, by API key, with what is left of their `times`. */
export class FaultBook {
  private readonly rules = new Map<string, ArmedRule[]>();

  set(apiKey: string, faults: readonly FaultRule[]): void {
    for (const f of faults) {
      if (!FAULT_KINDS.includes(f.fault)) throw new Error(`Unknown fault kind: ${String(f.fault)}`);
    }
    this.rules.set(apiKey, faults.map((rule) => ({ rule, left: rule.times ?? Infinity })));
  }

  /** The first rule that matches and has uses left (one use is spent). */
  take(apiKey: string, domain: string, type: WireFindingsType): FaultRule | undefined {
    for (const armed of this.rules.get(apiKey) ?? []) {
      const { rule } = armed;
      if (armed.left <= 0) continue;
      if (rule.domain !== undefined && rule.domain.toLowerCase() !== domain) continue;
      if (rule.type !== undefined && rule.type !== type) continue;
      armed.left--;
      return rule;
    }
    return undefined;
  }
}

/** Validates fault rules read from JSON (the CLI's --faults file). */
export function parseFaultRules(value: unknown, source: string): FaultRule[] {
  if (!Array.isArray(value)) throw new Error(`${source}: expected an array of fault rules`);
  return value.map((v: unknown, i) => {
    const where = `${source}[${i}]`;
    if (typeof v !== 'object' || v === null) throw new Error(`${where}: expected an object`);
    const r = v as Record<string, unknown>;
    if (!FAULT_KINDS.includes(r['fault'] as FaultKind)) throw new Error(`${where}: "fault" must be one of ${FAULT_KINDS.join(', ')}`);
    for (const k of ['times', 'delayMs', 'sizeBytes']) {
      if (r[k] !== undefined && (typeof r[k] !== 'number' || !Number.isInteger(r[k]) || (r[k] as number) < 0)) {
        throw new Error(`${where}: "${k}" must be a non-negative integer`);
      }
    }
    if (r['domain'] !== undefined && typeof r['domain'] !== 'string') throw new Error(`${where}: "domain" must be a string`);
    if (r['type'] !== undefined && r['type'] !== 'accounts' && r['type'] !== 'customers') throw new Error(`${where}: "type" must be accounts or customers`);
    if (r['status'] !== undefined && (typeof r['status'] !== 'number' || !Number.isInteger(r['status']) || (r['status'] as number) < 100 || (r['status'] as number) > 599)) {
      throw new Error(`${where}: "status" must be an HTTP status`);
    }
    if (r['body'] !== undefined && typeof r['body'] !== 'string') throw new Error(`${where}: "body" must be a string`);
    const h = r['headers'];
    if (h !== undefined && (typeof h !== 'object' || h === null || Object.values(h).some((v) => typeof v !== 'string'))) {
      throw new Error(`${where}: "headers" must map header names to strings`);
    }
    return r as unknown as FaultRule;
  });
}

export interface FaultContext {
  readonly res: ServerResponse;
  readonly headers: Record<string, string>;
  /** The body a normal 200 would have had. */
  readonly body: string;
  /** One record of the answer, for `huge` (undefined when there were none). */
  readonly sample: object | undefined;
  readonly timers: Timers;
  /** Sends the normal answer. */
  readonly sendNormal: () => void;
  /** Sends `{"error": message}` with this status. */
  readonly sendError: (status: number, message: string) => void;
}

export async function applyFault(rule: FaultRule, ctx: FaultContext): Promise<void> {
  const { res, headers } = ctx;
  switch (rule.fault) {
    case 'delay':
      await ctx.timers.sleep(rule.delayMs ?? DEFAULT_DELAY_MS);
      if (!res.destroyed) ctx.sendNormal();
      return;
    case 'slow-body':
      return slowBody(ctx, rule.delayMs ?? DEFAULT_DELAY_MS);
    case 'truncated': {
      const buf = Buffer.from(ctx.body, 'utf8');
      res.writeHead(200, { ...headers, 'Content-Length': String(buf.length) });
      res.write(buf.subarray(0, Math.floor(buf.length / 2)), () => res.socket?.destroy());
      return;
    }
    case 'invalid-json':
      return sendRaw(res, 200, headers, '{"count": 3, "results": [ {"date": 2024-09-20, oops } ]');
    case 'wrong-types':
      return sendRaw(res, 200, headers, JSON.stringify({ count: '3', results: { 0: { date: 20240920, status: true, url: null } } }));
    case 'reset':
      res.socket?.resetAndDestroy();
      return;
    case 'error-500':
      return ctx.sendError(500, MESSAGES.internal);
    case 'error-502':
      return ctx.sendError(502, MESSAGES.badGateway);
    case 'error-503':
      return ctx.sendError(503, MESSAGES.unavailable);
    case 'huge':
      return huge(ctx, rule.sizeBytes ?? DEFAULT_HUGE_BYTES);
    case 'custom':
      // The rate-limit headers of a normal answer, overridden by the rule's own.
      return sendRaw(res, rule.status ?? 200, { ...headers, ...rule.headers }, rule.body ?? ctx.body);
  }
}

function sendRaw(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  const buf = Buffer.from(body, 'utf8');
  res.writeHead(status, { ...headers, 'Content-Length': String(buf.length) });
  res.end(buf);
}

async function slowBody(ctx: FaultContext, totalMs: number): Promise<void> {
  const { res } = ctx;
  const buf = Buffer.from(ctx.body, 'utf8');
  res.writeHead(200, { ...ctx.headers, 'Content-Length': String(buf.length) });
  res.flushHeaders();
  const chunks = Math.max(1, Math.min(20, buf.length));
  const size = Math.ceil(buf.length / chunks);
  for (let off = 0; off < buf.length; off += size) {
    await ctx.timers.sleep(totalMs / chunks);
    if (res.destroyed) return;
    res.write(buf.subarray(off, off + size));
  }
  res.end();
}

/** A valid 200 body of about `sizeBytes`, streamed with backpressure; count matches the records sent. */
async function huge(ctx: FaultContext, sizeBytes: number): Promise<void> {
  const { res } = ctx;
  const record = JSON.stringify(ctx.sample ?? { date: '2024-09-20T08:11:00.000Z', browser: 'Google Chrome', status: 'show', url: 'https://vdi.example.com/portal/webclient/', ip: '68.0.2.248', country: 'US', username: 'sampleuser@example.com', password: 'Samplepassword000' });
  const recordBytes = Buffer.byteLength(record, 'utf8');
  const tail = ']}';
  // n records take n * (recordBytes + 1) - 1 bytes; the head's length depends on n's digits.
  const fit = (headBytes: number): number => Math.max(1, Math.floor((sizeBytes - headBytes - tail.length + 1) / (recordBytes + 1)));
  let n = fit(`{"count":${Math.floor(sizeBytes / (recordBytes + 1))},"results":[`.length);
  n = fit(`{"count":${n},"results":[`.length);
  const head = `{"count":${n},"results":[`;
  const total = Buffer.byteLength(head) + n * recordBytes + (n - 1) + tail.length;
  res.writeHead(200, { ...ctx.headers, 'Content-Length': String(total) });
  const perChunk = Math.max(1, Math.floor(65_536 / (recordBytes + 1)));
  let sent = 0;
  let first = true;
  res.write(head);
  while (sent < n) {
    if (res.destroyed) return;
    const k = Math.min(perChunk, n - sent);
    const piece = (first ? '' : ',') + new Array<string>(k).fill(record).join(',');
    first = false;
    sent += k;
    if (!res.write(piece)) await drained(res);
  }
  res.end(tail);
}
