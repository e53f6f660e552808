// The request pipeline of the reference service. Checks run in this order, and the first
// that fails answers:
//   1. shape  — not `GET /search/{key}/{domain}/{type}[/{start}[/{end}]]` → 404
//   2. key    — no tenant has this key → 401 (counted in the caller IP's anonymous window)
//   3. limit  — the key's fixed window is spent → 429 + Retry-After
//   4. IP     — the tenant has an allow-list without the caller's IP → 403 (IP message)
//   5. input  — query string, bad encoding, bad domain, bad type, one date, bad date,
//               start after end → 400
//   6. subscription — the domain is not the tenant's → 403 (subscription message)
//   7. fault  — a matching fault rule of the tenant, if any; otherwise 200.
// Every request counts in exactly one window (the key's, or the IP's anonymous one), and
// every response carries that window's X-RateLimit-* headers; a spent anonymous window
// answers 429 in place of 401 / 404.
import { answerPieces } from './answerBody';
import { drained } from './drained';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultKind, RequestLogEntry, TenantConfig } from './types';
import type { FixedWindowLimiter, RateLimitConfig, RateLimitVerdict } from './rateLimit';
import { DEFAULT_RATE_LIMIT, rateLimitHeaders } from './rateLimit';
import type { TenantDirectory } from './tenants';
import type { FaultBook } from './faults';
import { applyFault } from './faults';
import type { SearchIndex } from './search';
import type { Timers } from './timers';
import { MESSAGES, validateDomain, validateRange, validateType } from './validate';
import type { WireError, WireSearchResult } from './wire';

export interface ServiceState {
  readonly directory: TenantDirectory;
  readonly limiter: FixedWindowLimiter;
  readonly anonymousRateLimit: RateLimitConfig;
  readonly faults: FaultBook;
  readonly index: SearchIndex;
  readonly timers: Timers;
  readonly requests: RequestLogEntry[];
}

export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

export function clientIp(remote: string | undefined): string {
  const ip = remote ?? '';
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}

function sendJson(res: ServerResponse, status: number, headers: Record<string, string>, body: unknown): void {
  const buf = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, { ...BASE_HEADERS, ...headers, 'Content-Length': String(buf.length) });
  res.end(buf);
}

/**
 * A search answer, streamed: its pieces one at a time (answerPieces, or kept serialised by
 * search.ts), waiting when the socket is full.
 */
export async function sendResults(res: ServerResponse, headers: Record<string, string>, body: Iterable<string | Buffer>): Promise<void> {
  const pieces = body[Symbol.iterator]();
  // The first piece is serialised before the head goes out, so data that breaks there is still
  // a clean 500 (the caller's catch). A later break can only cut the connection, which a client
  // sees as a truncated answer, never as a complete one.
  const first = pieces.next();
  res.writeHead(200, { ...BASE_HEADERS, ...headers });
  if (first.done !== true) res.write(first.value);
  try {
    for (let next = pieces.next(); next.done !== true; next = pieces.next()) {
      if (res.destroyed) return;
      if (!res.write(next.value)) await drained(res);
    }
  } catch {
    res.destroy();
    return;
  }
  res.end();
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

class Exchange {
  private headers: Record<string, string> = {};
  apiKey: string | undefined;
  readonly ip: string;

  constructor(
    private readonly state: ServiceState,
    private readonly req: IncomingMessage,
    readonly res: ServerResponse,
  ) {
    this.ip = clientIp(req.socket.remoteAddress);
  }

  count(verdict: RateLimitVerdict): boolean {
    this.headers = rateLimitHeaders(verdict, Date.now());
    return verdict.allowed;
  }

  countAnonymous(): boolean {
    return this.count(this.state.limiter.take(`ip:${this.ip}`, this.state.anonymousRateLimit));
  }

  get rateHeaders(): Record<string, string> {
    return this.headers;
  }

  log(status: number, fault?: FaultKind): void {
    const entry: RequestLogEntry = { method: this.req.method ?? '', path: this.req.url ?? '', status, at: Date.now(), ip: this.ip, ...(this.apiKey !== undefined ? { apiKey: this.apiKey } : {}), ...(fault ? { fault } : {}) };
    this.state.requests.push(entry);
  }

  error(status: number, message: string, fault?: FaultKind): void {
    this.log(status, fault);
    sendJson(this.res, status, this.headers, { error: message } satisfies WireError);
  }

  ok(body: Iterable<string | Buffer>): Promise<void> {
    this.log(200);
    return sendResults(this.res, this.headers, body);
  }
}

export async function handle(state: ServiceState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const ex = new Exchange(state, req, res);
  try {
    await route(state, req, ex);
  } catch {
    // Never leak internals: no stack, no message.
    if (!res.headersSent) {
      if (Object.keys(ex.rateHeaders).length === 0) ex.countAnonymous();
      ex.error(500, MESSAGES.internal);
    } else {
      res.destroy();
    }
  }
}

async function route(state: ServiceState, req: IncomingMessage, ex: Exchange): Promise<void> {
  const raw = req.url ?? '';
  const q = raw.indexOf('?');
  const path = q === -1 ? raw : raw.slice(0, q);
  const segments = path.split('/');
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop(); // one trailing slash is tolerated
  const [lead, head, ...params] = segments;
  if (head === 'search' && params.length > 0) ex.apiKey = decode(params[0] ?? '') ?? params[0];

  // 1. shape
  if (req.method !== 'GET' || lead !== '' || head !== 'search' || params.length < 3 || params.length > 5 || params.some((p) => p === '')) {
    return ex.countAnonymous() ? ex.error(404, MESSAGES.notFound) : ex.error(429, MESSAGES.rateLimited);
  }

  // 2. key
  const tenant = ex.apiKey === undefined ? undefined : state.directory.find(ex.apiKey);
  if (!tenant) {
    const allowed = ex.countAnonymous();
    return allowed ? ex.error(401, MESSAGES.invalidKey) : ex.error(429, MESSAGES.rateLimited);
  }

  // 3. limit
  if (!ex.count(state.limiter.take(`key:${tenant.apiKey}`, tenant.rateLimit ?? DEFAULT_RATE_LIMIT))) {
    return ex.error(429, MESSAGES.rateLimited);
  }

  // 4. IP allow-list
  if (tenant.allowedIps && !tenant.allowedIps.includes(ex.ip)) return ex.error(403, MESSAGES.ipNotAllowed);

  // 5. input
  if (q !== -1) return ex.error(400, MESSAGES.query);
  const decoded = params.slice(1).map(decode);
  if (decoded.some((d) => d === undefined)) return ex.error(400, MESSAGES.badEncoding);
  const [domainSeg = '', typeSeg = '', startSeg, endSeg] = decoded as string[];
  const domain = validateDomain(domainSeg);
  if (!domain.ok) return ex.error(400, domain.message);
  const type = validateType(typeSeg);
  if (!type.ok) return ex.error(400, type.message);
  if ((startSeg === undefined) !== (endSeg === undefined)) return ex.error(400, MESSAGES.oneDate);
  let range: { from: string; to: string } | undefined;
  if (startSeg !== undefined && endSeg !== undefined) {
    const r = validateRange(startSeg, endSeg);
    if (!r.ok) return ex.error(400, r.message);
    range = r.value;
  }

  // 6. subscription
  if (!subscribed(tenant, domain.value)) return ex.error(403, MESSAGES.subscription);

  // 7. answer (or fault)
  const rule = state.faults.take(tenant.apiKey, domain.value, type.value);
  const kept = rule || range ? undefined : state.index.serialised(domain.value, type.value);
  if (kept) return ex.ok(kept);
  const results = state.index.search(domain.value, type.value, range);
  if (!rule) return ex.ok(answerPieces(results));
  const body: WireSearchResult = { count: results.length, results };
  const status = rule.fault === 'reset' ? 0 : rule.fault.startsWith('error-') ? Number(rule.fault.slice(6)) : 200;
  if (!rule.fault.startsWith('error-')) ex.log(status, rule.fault);
  await applyFault(rule, {
    res: ex.res,
    headers: { ...BASE_HEADERS, ...ex.rateHeaders },
    body: JSON.stringify(body),
    sample: results[0],
    timers: state.timers,
    sendNormal: () => void sendResults(ex.res, ex.rateHeaders, answerPieces(results)),
    sendError: (s, message) => ex.error(s, message, rule.fault),
  });
}

function subscribed(tenant: TenantConfig, domain: string): boolean {
  return tenant.domains.some((d) => d.toLowerCase() === domain);
}
