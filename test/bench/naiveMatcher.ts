// The naive baseline: global regular expressions over the whole text, with the scanner's
// grammar (see src/core/scan/scanner.ts), feeding the same index lookups. The benchmark and
// the property tests compare the fast scanner with it.
import type { Candidate } from '../../src/core/scan/scanner';
import { trimUrlEnd } from '../../src/core/scan/scanner';
import type { LeakIndex, LeakMatch } from '../../src/core/scan/leakIndex';

const LABEL = String.raw`(?:[A-Za-z0-9\-]|[[\p{L}\p{M}\p{Nd}]&&[\u0080-\uFFFF]])+`;
const EMAIL_SOURCE = String.raw`[A-Za-z0-9_\%\+\-][A-Za-z0-9\._\%\+\-]*@${LABEL}(?:\.${LABEL})+`;
const URL_CHAR = String.raw`[\!\#\$\%\&\(\)\*\+\,\-\.\/0-9\:\;\=\?\@A-Z_a-z\~]|[[\p{L}\p{M}\p{Nd}]&&[\u0080-\uFFFF]]`;
const URL_SOURCE = String.raw`[A-Za-z][A-Za-z0-9\+\.\-]*:\/\/(?:${URL_CHAR})+`;

/** E-mail and URL candidates found by two global regular expressions. */
export function naiveCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  const email = new RegExp(EMAIL_SOURCE, 'gv');
  for (let m = email.exec(text); m !== null; m = email.exec(text)) {
    out.push({ kind: 'email', start: m.index, end: m.index + m[0].length });
  }
  const url = new RegExp(URL_SOURCE, 'gv');
  for (let m = url.exec(text); m !== null; m = url.exec(text)) {
    const restStart = m.index + m[0].indexOf('://') + 3;
    const end = trimUrlEnd(text, restStart, m.index + m[0].length);
    if (end > restStart) out.push({ kind: 'url', start: m.index, end });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** E-mail and URL matches of the index found through the naive regular expressions. */
export function naiveMatch(index: LeakIndex, text: string): LeakMatch[] {
  const out: LeakMatch[] = [];
  for (const c of naiveCandidates(text)) {
    if (c.kind === 'email') index.matchEmailCandidate(text, c.start, c.end, out);
    else index.matchUrlCandidate(text, c.start, c.end, out);
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
