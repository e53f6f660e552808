// The search itself: records of one domain and findings type, newest first, optionally
// restricted to an inclusive range of whole UTC days.
import { answerPieces } from './answerBody';
import type { Dataset } from './types';
import { WIRE_ACCOUNT_FIELDS } from './wire';
import type { WireAccountRecord, WireFindingsType, WireOpenRecord, WireValue } from './wire';

/** A record as it goes on the wire: accounts fields first, then any further fields. */
type WireRecord = WireOpenRecord;

interface Indexed {
  readonly day: string; // YYYY-MM-DD, '' when the record has no usable date
  readonly record: WireRecord;
}

function toWire(r: WireAccountRecord): WireRecord {
  const out: Record<string, WireValue> = {};
  for (const f of WIRE_ACCOUNT_FIELDS) out[f] = r[f];
  for (const [k, v] of Object.entries(r) as [string, WireValue][]) if (!(k in out)) out[k] = v;
  return out;
}

function dateMs(record: WireRecord): number {
  const d = record['date'];
  const ms = typeof d === 'string' ? Date.parse(d) : NaN;
  return Number.isNaN(ms) ? -Infinity : ms;
}

function index(records: readonly WireRecord[]): readonly Indexed[] {
  return records
    .map((record) => ({ record, ms: dateMs(record) }))
    .sort((a, b) => b.ms - a.ms)
    .map(({ record, ms }) => ({ record, day: Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : '' }));
}

export class SearchIndex {
  private readonly byKey = new Map<string, readonly Indexed[]>();
  /** Whole answers (no range) serialised at the start, by key; see `keepSerialised`. */
  private readonly kept = new Map<string, readonly Buffer[]>();

  constructor(dataset: Dataset) {
    for (const [domain, data] of Object.entries(dataset)) {
      const d = domain.toLowerCase();
      this.byKey.set(`${d}|accounts`, index([...(this.byKey.get(`${d}|accounts`) ?? []).map((i) => i.record), ...data.accounts.map(toWire)]));
      this.byKey.set(`${d}|customers`, index([...(this.byKey.get(`${d}|customers`) ?? []).map((i) => i.record), ...data.customers]));
    }
  }

  /**
   * Serialises every whole answer now (ServiceOptions.keepSerialised): a search without dates
   * then sends bytes made once, as a service on another machine would, rather than spending
   * this machine's CPU beside the client being measured.
   */
  keepSerialised(): void {
    for (const [key, all] of this.byKey) this.kept.set(key, Array.from(answerPieces(all.map((i) => i.record)), (piece) => Buffer.from(piece, 'utf8')));
  }

  /** The whole answer (no range) serialised by keepSerialised, or undefined. */
  serialised(domain: string, type: WireFindingsType): readonly Buffer[] | undefined {
    return this.kept.get(`${domain}|${type}`);
  }

  /** Newest first; `range` bounds are `YYYY-MM-DD`, inclusive. Records without a date match no range. */
  search(domain: string, type: WireFindingsType, range?: { readonly from: string; readonly to: string }): WireRecord[] {
    const all = this.byKey.get(`${domain}|${type}`) ?? [];
    const hits = range ? all.filter((i) => i.day !== '' && i.day >= range.from && i.day <= range.to) : all;
    return hits.map((i) => i.record);
  }
}
