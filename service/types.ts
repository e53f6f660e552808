// Contract of the reference service (the in-process API that tests, the harness and the
// demo use). The service implements docs/service-interface.md plus docs/decisions.md.
import type { WireAccountRecord, WireFindingsType, WireOpenRecord } from './wire';

/** A fault a tenant or a request path can be switched into, by configuration. */
export type FaultKind =
  | 'delay' // wait `delayMs` before answering (headers included)
  | 'slow-body' // send headers, then the body in small chunks over `delayMs`
  | 'truncated' // announce the full Content-Length, send half the body, end the socket
  | 'invalid-json' // 200 with a body that is not JSON
  | 'wrong-types' // 200 with valid JSON of the wrong shape (count a string, results an object…)
  | 'reset' // destroy the connection without answering
  | 'error-500' // 500 {"error":"Internal server error."}
  | 'error-502'
  | 'error-503'
  | 'huge' // a valid 200 of about `sizeBytes`, streamed
  | 'custom'; // exactly `status`, `headers` and `body` (a hostile or broken service) // 200 with a valid but very large body (`sizeBytes`, default 64 MiB)

export interface FaultRule {
  readonly fault: FaultKind;
  /** Only requests for this domain (any when absent). */
  readonly domain?: string;
  /** Only requests for this findings type (any when absent). */
  readonly type?: WireFindingsType;
  /** Apply to the next N matching requests only, then answer normally (always when absent). */
  readonly times?: number;
  readonly delayMs?: number;
  readonly sizeBytes?: number;
  /** For `custom`: the answer to send instead, as it is (a hostile or broken service in tests). */
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface TenantConfig {
  readonly name: string;
  readonly apiKey: string;
  /** Subscribed domains, lower-case. */
  readonly domains: readonly string[];
  /** When set, only these client IPs are served; others get 403 (IP message). */
  readonly allowedIps?: readonly string[];
  /** Fixed-window rate limit (default 1000 per hour). */
  readonly rateLimit?: { readonly limit: number; readonly windowMs: number };
  readonly faults?: readonly FaultRule[];
}

/** Records per domain and findings type. */
export type Dataset = Readonly<Record<string, { readonly accounts: readonly WireAccountRecord[]; readonly customers: readonly WireOpenRecord[] }>>;

export interface ServiceOptions {
  readonly tenants: readonly TenantConfig[];
  /** The data; see data.ts for `generateDataset(seed, domains)` and `loadDataset(file)`. */
  readonly dataset: Dataset;
  readonly host?: string; // default 127.0.0.1
  readonly port?: number; // default 0: a free port
  /**
   * Fixed-window limit for requests that carry no valid key (401s, 404s), counted per
   * client IP (default 1000 per hour).
   */
  readonly anonymousRateLimit?: { readonly limit: number; readonly windowMs: number };
  /** Serve HTTPS with this certificate and key (PEM); `hostName` goes into `baseUrl`. */
  readonly tls?: { readonly cert: string; readonly key: string; readonly hostName?: string };
  /**
   * Serialise every whole answer once, at the start (the benches' scale service): its CPU then
   * stays with the client being measured, as when the service runs on another machine.
   */
  readonly keepSerialised?: boolean;
}

/** One request as the service saw it, for tests (the key is kept so tests can assert on it). */
export interface RequestLogEntry {
  readonly method: string;
  readonly path: string;
  readonly apiKey?: string;
  /** 0 when the connection was reset without an answer. */
  readonly status: number;
  /** Epoch milliseconds. */
  readonly at: number;
  /** The client IP as the service saw it (IPv4-mapped IPv6 shown as IPv4). */
  readonly ip: string;
  /** The fault applied to this request, if any. */
  readonly fault?: FaultKind;
}

export interface RunningService {
  readonly baseUrl: string; // e.g. http://127.0.0.1:43123, or https://<tls.hostName>:port (no trailing slash)
  readonly requests: readonly RequestLogEntry[];
  /** Replace a tenant's fault rules at run time (by API key). */
  setFaults(apiKey: string, faults: readonly FaultRule[]): void;
  /** Forget the request log and rate-limit windows (fault rules stay as they are). */
  reset(): void;
  close(): Promise<void>;
}
