// The reference oracle of the scanner: the grammar at the top of src/core/scan/scanner.ts,
// written the plain way — one rule at a time over the string, with slices and regular
// expressions and no attention to speed. The property tests demand exact agreement.
import { ALPHA, BLANK, CLASS, LOCAL, SCHEME, TOKEN, URL_CHAR, VALUE } from '../../../../src/core/scan/charClass';
import type { Candidate } from '../../../../src/core/scan/scanner';
import {
  EMAIL, FORM, FORM_AT, FORM_AUTH, FORM_DASH, FORM_PERCENT, IN_URL, MAX_KEY, MAX_LOCAL, MAX_SCHEME, NONE, PASSWORD, PASSWORD_KEY, QUOTED, TOKEN_KIND, UNQUOTED, URL, USER, USER_KEY, USERINFO, VALUE_KIND,
  compareCandidates,
} from '../../../../src/core/scan/scanner';

const is = (text: string, i: number, flag: number): boolean => i >= 0 && i < text.length && (CLASS[text.charCodeAt(i)] & flag) !== 0;

function trimEdges(text: string, s: number, e: number, chars: string): [number, number] {
  while (s < e && chars.includes(text[s])) s++;
  while (e > s && chars.includes(text[e - 1])) e--;
  return [s, e];
}

/** Maximal runs of token characters. */
function tokenRuns(text: string): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const t = i < text.length && is(text, i, TOKEN);
    if (t && start < 0) start = i;
    if (!t && start >= 0) {
      runs.push([start, i]);
      start = -1;
    }
  }
  return runs;
}

function keyPosition(text: string, end: number): number {
  const before = text.slice(0, end).replace(/[ \t]{0,2}$/, '').replace(/["'`]$/, '');
  if (before === '') return NONE;
  const key = before.slice(-MAX_KEY).toLowerCase();
  if (PASSWORD_KEY.test(key)) return PASSWORD;
  if (USER_KEY.test(key)) return USER;
  return NONE;
}

interface Url {
  /** Just after `://`. */
  rest: number;
  end: number;
  stop: number;
}

function urls(text: string, out: Candidate[]): Url[] {
  const found: Url[] = [];
  let stop = 0;
  for (let p = text.indexOf('://'); p !== -1; p = text.indexOf('://', p + 1)) {
    if (p < stop) continue;
    let s = p;
    while (s > Math.max(stop, p - MAX_SCHEME) && is(text, s - 1, SCHEME)) s--;
    while (s < p && !is(text, s, ALPHA)) s++;
    if (s === p) continue;
    const r = p + 3;
    let e = r;
    const depth: Record<string, number> = { '(': 0, '[': 0, '{': 0 };
    const opener: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
    while (e < text.length && is(text, e, URL_CHAR)) {
      const ch = text[e];
      if (ch in depth) depth[ch]++;
      else if (ch in opener) {
        if (depth[opener[ch]] === 0) break;
        depth[opener[ch]]--;
      }
      e++;
    }
    stop = e;
    while (e > r && ".,;:!?*'".includes(text[e - 1])) e--;
    if (e === r) continue;
    found.push({ rest: r, end: e, stop });
    // The authority: up to the first / ? # of the walk (not past the trimmed end).
    const walk = text.slice(r, stop);
    const slash = walk.search(/[/?#]/);
    const auth = slash < 0 || r + slash > e ? e : r + slash;
    const authority = text.slice(r, auth);
    const at = authority.lastIndexOf('@');
    const hostStart = at < 0 ? r : r + at + 1;
    // The port: the last colon of the walked authority (it may lie past the trimmed end).
    const hostPart = text.slice(hostStart, slash < 0 ? stop : r + slash);
    const close = hostPart.startsWith('[') ? hostPart.indexOf(']') : -2;
    const colon = hostPart.lastIndexOf(':');
    let he = colon >= 0 && colon > close && (close !== -1) && hostStart + colon < auth ? hostStart + colon : auth;
    while (he > hostStart && text[he - 1] === '.') he--;
    out.push({ kind: URL, start: s, end: e, a: he > hostStart ? hostStart : -1, b: he > hostStart ? he : -1 });
    if (at >= 0) {
      const userinfo = authority.slice(0, at);
      const colon = userinfo.indexOf(':');
      const uc = colon >= 0 ? r + colon : r + at;
      if (uc > r) out.push({ kind: VALUE_KIND, start: r, end: uc, a: USER, b: USERINFO });
      if (uc < r + at && r + at > uc + 1) out.push({ kind: VALUE_KIND, start: uc + 1, end: r + at, a: PASSWORD, b: USERINFO });
    }
  }
  return found;
}

function emails(text: string, out: Candidate[]): void {
  for (let p = text.indexOf('@'); p !== -1; p = text.indexOf('@', p + 1)) {
    let l = p;
    while (l > Math.max(0, p - MAX_LOCAL) && is(text, l - 1, LOCAL)) l--;
    while (l < p && (text[l] === '.' || text[l] === "'")) l++;
    if (l === p) continue;
    let b = p + 1;
    while (b < text.length && is(text, b, TOKEN)) b++;
    const run = text.slice(p + 1, b);
    if (run === '' || run.startsWith('.')) continue;
    const m = /^[^.]+(?:\.[^.]+)*/.exec(run) as RegExpExecArray;
    if (!m[0].includes('.')) continue;
    out.push({ kind: EMAIL, start: l, end: p + 1 + m[0].length, a: 0, b: 0 });
  }
}

/** Separator value: blanks, then a quoted string's start (returned) or an unquoted run (pushed). */
function valueAfter(text: string, v: number, position: number, out: Candidate[], pending: Map<number, number>): void {
  while (is(text, v, BLANK)) v++;
  if (v >= text.length) return;
  if ('"\'`'.includes(text[v])) {
    pending.set(v, position);
    return;
  }
  if (!is(text, v, VALUE)) return;
  let e = v;
  while (is(text, e, VALUE)) e++;
  out.push({ kind: VALUE_KIND, start: v, end: e, a: position, b: UNQUOTED });
}

function values(text: string, out: Candidate[]): void {
  const pending = new Map<number, number>();
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '=') {
      const next = text[i + 1] ?? '';
      const prev = text[i - 1] ?? '';
      if (next === '=' || next === '>' || '=!<>'.includes(prev) && prev !== '') continue;
      valueAfter(text, i + 1, keyPosition(text, i), out, pending);
    } else if (ch === ':' && !text.startsWith('//', i + 1)) {
      const next = text[i + 1] ?? '';
      const position = keyPosition(text, i);
      if (next === ' ' || next === '\t' || '"\'`'.includes(next) && next !== '' || position !== NONE) valueAfter(text, i + 1, position, out, pending);
    }
  }
  for (const [a, b] of tokenRuns(text)) {
    if (!text.startsWith('--', a) || !is(text, b, BLANK)) continue;
    const [s, e] = trimEdges(text, a, b, '.-');
    if (e !== b || e === s) continue;
    const position = keyPosition(text, e);
    if (position !== NONE) valueAfter(text, b + 1, position, out, pending);
  }
  // Quoted strings, line by line.
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') open = -1;
    if (!'"\'`'.includes(ch)) continue;
    let backslashes = 0;
    while (text[i - 1 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 1) continue;
    if (open < 0) open = i;
    else if (text[open] === ch) {
      const key = text[i + 1] === ':' || ((text[i + 1] === ' ' || text[i + 1] === '\t') && text[i + 2] === ':');
      if (!key && i > open + 1) out.push({ kind: VALUE_KIND, start: open + 1, end: i, a: pending.get(open) ?? NONE, b: QUOTED });
      open = -1;
    }
  }
}

function tokens(text: string, found: readonly Url[], out: Candidate[]): void {
  for (const [a, b] of tokenRuns(text)) {
    if (text[a - 1] === '@' || text[b] === '@') continue;
    const [s, e] = trimEdges(text, a, b, '.-');
    if (e === s) continue;
    const inUrl = found.some((u) => s >= u.rest && s < u.end);
    out.push({ kind: TOKEN_KIND, start: s, end: e, a: inUrl ? IN_URL : 0, b: 0 });
  }
}

function formMarks(text: string, out: Candidate[]): void {
  const mark = (a: number, at: number): number => out.push({ kind: FORM, start: at, end: at + 1, a, b: 0 });
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '-' && !is(text, i - 1, TOKEN)) {
      if (text[i + 1] === 'u' || text[i + 1] === 'p') mark(FORM_DASH, i);
      else if (text.startsWith('-u', i + 1)) mark(FORM_DASH, i + 1);
    }
    if (ch === '@' && i > 0 && !' \t\r\n"\'`/<>'.includes(text[i - 1])) mark(FORM_AT, i);
    if (ch === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) mark(FORM_PERCENT, i);
    if (text.startsWith('"auth"', i)) mark(FORM_AUTH, i);
  }
}

/** Every candidate the grammar defines (form marks too with `forms`), sorted as `scanCandidates` sorts them. */
export function oracleCandidates(text: string, options: { forms?: boolean } = {}): Candidate[] {
  const out: Candidate[] = [];
  emails(text, out);
  const found = urls(text, out);
  tokens(text, found, out);
  values(text, out);
  if (options.forms === true) formMarks(text, out);
  return out.sort(compareCandidates);
}
