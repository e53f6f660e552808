// Credentials written in forms the scanner's grammar (scanner.ts) cannot see, because the
// password is encoded or set apart by a blank or a `:` only a tool knows the meaning of:
// - curl's `-u user:pass`, `-uuser:pass`, `--user user:pass`, `--user=user:pass`;
// - `mysql -pPASS` (glued: `-p PASS` asks for the password and names a database) and
//   `sshpass -p PASS`, on a line that names the tool;
// - the user of `ssh user@host` (and scp, sftp, rsync), which the grammar reads as an e-mail;
// - URL user-info with percent-encoding (`p%40ss`) or a raw `#`/`?` in the password
//   (`https://u:pa#ss@host`, which a browser would cut, but people write), and a
//   percent-encoded value of a user or password key (JDBC's `?password=p%40ss`);
// - a `.netrc` (`machine h login u password p`) or `.pgpass` (`host:port:db:user:password`)
//   file, told by its first line;
// - Docker's `"auth": "base64(user:password)"` in a JSON file.
// Each form reports the user and the password as they are meant (decoded) with the range of
// their text in the file, for MatchSink.decoded to look up like any other value. Every form is
// found from one character that must be in it (`-` of a flag, `@` of user-info, `%` of an
// escape, the `"` of `"auth"`), then a walk of bounded length, so the pass is linear in the
// text and cheap on text without the forms; the two file formats are read only when the file
// starts as one. Those characters are where the scanner's loop marks them (scanner.ts form
// marks, handed over as FormMarks), as it reads every unit anyway: searching the text for each
// here again cost more than the rest of this file together. A guess here costs one lookup:
// only a leaked password or user is ever reported. No `vscode`.
import type { ScanText } from './scanText';

export type FormPosition = 'user' | 'password';

/** Called for each user or password found: its range in the text, and its value. */
export type FormSink = (position: FormPosition, start: number, end: number, value: string) => void;

/** The longest user or password a form reads (leaked ones are far shorter). */
const MAX_PART = 256;

/** How far into a file its first line is looked for (past comments and blank lines). */
const HEAD = 4096;

/**
 * Where the forms may be, each list in ascending order (scanner.ts form marks). A list may hold
 * more positions than that (`formMarks` holds every `-`): each is checked here again.
 */
export interface FormMarks {
  /** `-`: at least each one at the text's start or after a non-token character (charClass.ts TOKEN) followed by `u` or `p`, and each second `-` of such a `--u`. */
  readonly dashes: readonly number[];
  /** At least every `@` after a character other than a blank, a quote, `/`, `<` or `>` (with one of those before it, or none, no user-info or login is read back). */
  readonly ats: readonly number[];
  /** At least each `%` followed by two hex digits. */
  readonly percents: readonly number[];
  /** The first `"` of every `"auth"`. */
  readonly auths: readonly number[];
}

/** The marks found by searching `text` (when no scanner marked them): every `-`, `@`, `%` and `"auth"`. */
export function formMarks(text: ScanText): FormMarks {
  const every = (s: string): number[] => {
    const at: number[] = [];
    for (let i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + 1)) at.push(i);
    return at;
  };
  return { dashes: every('-'), ats: every('@'), percents: every('%'), auths: every('"auth"') };
}

export function credentialForms(text: ScanText, emit: FormSink, marks: FormMarks = formMarks(text)): void {
  flags(text, marks.dashes, emit);
  urlUserInfo(text, marks.ats, emit);
  percentValues(text, marks.percents, emit);
  const kind = formFileKind(text);
  if (kind === 'netrc') netrc(text, emit);
  else if (kind === 'pgpass') pgpass(text, emit);
  else if (kind === 'docker') dockerAuth(text, marks.auths, emit);
}

/**
 * Which file format `text` starts as, told by its first line that is neither blank nor a `#`
 * comment, trimmed (within HEAD): a `.netrc`, a `.pgpass`, a JSON object (Docker's
 * config.json), or none. The line is copied only when its first characters allow a .netrc or
 * a .pgpass: most files' first line is told without (a minified file's or a source map's runs
 * HEAD long).
 */
export function formFileKind(text: ScanText): 'netrc' | 'pgpass' | 'docker' | undefined {
  let ls = 0;
  while (ls < HEAD && ls < text.length) {
    let le = text.indexOf('\n', ls);
    if (le < 0) le = text.length;
    const end = Math.min(le, ls + HEAD);
    let s = ls;
    while (s < end && isTrimmed(text.charCodeAt(s))) s++;
    if (s < end && text.charCodeAt(s) !== 35 /* # */) {
      if (text.startsWith('machine', s) || text.startsWith('default', s) || mayBePgpass(text, s, end)) {
        const first = text.slice(ls, end).trim();
        if (/^(?:machine|default)(?:[ \t]|$)/.test(first)) return 'netrc';
        if (PGPASS_LINE.test(first)) return 'pgpass';
      }
      return text.charCodeAt(s) === 123 /* { */ ? 'docker' : undefined;
    }
    ls = le + 1;
  }
  return undefined;
}

const SPACE = /\s/;

/** Whether `trim` removes `c` (`\s`: white space and line terminators). */
function isTrimmed(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || (c >= 0xa0 && SPACE.test(String.fromCharCode(c)));
}

/**
 * Whether the line whose text starts at `s` (no blank) and ends by `end` may be a .pgpass line
 * (PGPASS_LINE): its first `:` within 254 characters, then a port (up to 5 digits) or `*`, and
 * a `:` (JSON's `{"version":3,` is none).
 */
function mayBePgpass(text: ScanText, s: number, end: number): boolean {
  const colon = text.charCodeAt(s) === 58 ? -1 : indexIn(text, 58, s + 1, Math.min(end, s + 255));
  if (colon < 0) return false;
  let k = colon + 1;
  if (text.charCodeAt(k) === 42 /* * */) k++;
  else while (k <= colon + 5 && isDigit(text.charCodeAt(k))) k++;
  return k > colon + 1 && text.charCodeAt(k) === 58;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The first `ch` in [s, e), or -1: every search is bounded, so no marker rescans the text. */
function indexIn(text: ScanText, ch: number, s: number, e: number): number {
  for (let i = s; i < e; i++) if (text.charCodeAt(i) === ch) return i;
  return -1;
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** The end of a word starting at `i`: up to a blank, a quote or `limit` characters. */
function wordEnd(text: ScanText, i: number, quote: number): number {
  const stop = Math.min(text.length, i + MAX_PART);
  let j = i;
  while (j < stop) {
    const c = text.charCodeAt(j);
    if (quote !== 0 ? c === quote || c === 10 : isBlank(c) || c === 34 || c === 39) break;
    j++;
  }
  return j;
}

/** A `user:password` (or a lone user) at [s, e): split at the first `:`. */
function userPass(text: ScanText, s: number, e: number, emit: FormSink): void {
  if (e <= s) return;
  const colon = indexIn(text, 58, s, e);
  if (colon < 0) {
    emit('user', s, e, text.slice(s, e));
    return;
  }
  if (colon > s) emit('user', s, colon, text.slice(s, colon));
  if (e > colon + 1) emit('password', colon + 1, e, text.slice(colon + 1, e));
}

/** The start of a flag's value after `flagEnd`: glued, after one `=` (long flags) or blanks; with the quote that opens it. */
function flagValue(text: ScanText, flagEnd: number, glued: boolean, long: boolean): { start: number; quote: number } | undefined {
  let i = flagEnd;
  const c = text.charCodeAt(i);
  if (long && c === 61) i++;
  else if (c === 32 || c === 9) {
    while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  } else if (!glued || Number.isNaN(c) || isBlank(c)) return undefined;
  const q = text.charCodeAt(i);
  if (q === 34 || q === 39) return { start: i + 1, quote: q };
  return { start: i, quote: 0 };
}

/** Whether a flag may start at `i`: at the start of the text or after a blank, a quote or `(`. */
function flagStart(text: ScanText, i: number): boolean {
  if (i === 0) return true;
  const c = text.charCodeAt(i - 1);
  return isBlank(c) || c === 34 || c === 39 || c === 40 || c === 96;
}

const PASSWORD_FLAG_TOOLS = /\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump|sshpass)\b/;

/**
 * From each `-`: curl and wget's `-u user:pass`, `-uuser:pass`, `--user user:pass` and
 * `--user=user:pass`; on a line naming mysql or its kin, `-pPASS`; on a line naming sshpass,
 * `-p PASS`.
 */
function flags(text: ScanText, dashes: readonly number[], emit: FormSink): void {
  let lineEnd = -1;
  let lineTool = '';
  for (const i of dashes) {
    const next = text.charCodeAt(i + 1);
    if (next === 117 /* u */) {
      const long = text.startsWith('--user', i - 1) && flagStart(text, i - 1);
      if (long) {
        const end = i + 5;
        const after = text.charCodeAt(end);
        if (!(after === 61 || after === 32 || after === 9)) continue;
        const v = flagValue(text, end, false, true);
        if (v) userPass(text, v.start, wordEnd(text, v.start, v.quote), emit);
        continue;
      }
      if (!flagStart(text, i)) continue;
      const v = flagValue(text, i + 2, true, false);
      if (!v) continue;
      const e = wordEnd(text, v.start, v.quote);
      // `-u name` alone is common for other tools (`sort -u`, `mysql -u root`): only a pair is read.
      if (indexIn(text, 58, v.start + 1, e) > 0) userPass(text, v.start, e, emit);
      continue;
    }
    if (next !== 112 /* p */ || !flagStart(text, i)) continue;
    if (i > lineEnd) {
      // A new line: its start is after the last line end seen, so each character is read once.
      const ls = text.lastIndexOf('\n', i) + 1;
      lineEnd = text.indexOf('\n', i);
      if (lineEnd < 0) lineEnd = text.length;
      // Only a line of ordinary length is read for the tool's name.
      lineTool = lineEnd - ls <= HEAD ? (PASSWORD_FLAG_TOOLS.exec(text.slice(ls, lineEnd))?.[0] ?? '') : '';
    }
    if (lineTool === '') continue;
    const glued = text.charCodeAt(i + 2);
    const spaced = glued === 32 || glued === 9;
    if (spaced && lineTool !== 'sshpass') continue; // mysql's `-p name` prompts; name is a database
    const v = flagValue(text, i + 2, true, false);
    if (!v) continue;
    const e = wordEnd(text, v.start, v.quote);
    if (e > v.start) emit('password', v.start, e, text.slice(v.start, e));
  }
}

/** Decodes `%XX` escapes; the text itself when it has none or they are not valid UTF-8. */
function percentDecoded(s: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(s)) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const PASSWORD_KEY = /(?:password|passwd|pass|pwd|secret)$/i;
const USER_KEY = /(?:^|[^a-z])(?:user|username|user_?id|login|uid)$/i;

/**
 * From each `@`: the user-info of a URL before it when it is percent-encoded or holds a raw
 * `#` or `?` (the grammar reads the plain ones). The look-back stops at a blank, a quote or
 * `/`, and after MAX_PART * 4 characters.
 */
function urlUserInfo(text: ScanText, ats: readonly number[], emit: FormSink): void {
  let prevAt = -1;
  let prevStart = -1;
  for (const at of ats) {
    const floor = Math.max(0, at - 4 * MAX_PART);
    let s = at;
    while (s > floor) {
      if (s - 1 === prevAt) {
        // The previous `@` looked back from there already: the word starts where it found.
        s = Math.max(prevStart, floor);
        break;
      }
      const c = text.charCodeAt(s - 1);
      if (isBlank(c) || c === 34 || c === 39 || c === 47 || c === 60 || c === 62 || c === 96) break;
      s--;
    }
    prevAt = at;
    prevStart = s;
    if (s < at && (s === 0 || isBlank(text.charCodeAt(s - 1)) || text.charCodeAt(s - 1) === 34 || text.charCodeAt(s - 1) === 39)) sshLogin(text, s, at, emit);
    // `scheme://` right before the user-info: s is just after its `//`.
    if (s < 3 || text.charCodeAt(s - 1) !== 47 || text.charCodeAt(s - 2) !== 47 || text.charCodeAt(s - 3) !== 58) continue;
    const colon = indexIn(text, 58, s, at);
    if (colon < 0) {
      // A user alone (`https://alice%40example.com@git.example.com/`): decoded when encoded.
      const user = text.slice(s, at);
      const decoded = percentDecoded(user);
      if (decoded !== user) emit('user', s, at, decoded);
      continue;
    }
    if (colon === s || !hasAny(text, s, at)) continue;
    const user = text.slice(s, colon);
    const pass = text.slice(colon + 1, at);
    const dUser = percentDecoded(user);
    if (dUser !== user || /[#?]/.test(user)) emit('user', s, colon, dUser);
    emit('password', colon + 1, at, percentDecoded(pass));
  }
}

/**
 * A command line that runs ssh or its kin, up to where a login is read: the tool is the command
 * (after a prompt, `sudo`, `sshpass …`, a Dockerfile's `RUN`, a YAML `- ` or `key: `), not a
 * word in prose (`use ssh or mail jsmith@example.com`).
 */
const SSH_COMMAND = /^\s*(?:[$#>]\s*)?(?:-\s+|[\w-]+:\s+)?(?:RUN\s+)?(?:(?:sudo|exec|command|time|nohup)\s+)*(?:sshpass\s[^;&|]*?\s)?(?:ssh|scp|sftp|rsync)\s/;
const LOGIN_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/;

/**
 * The user of `ssh user@host` (and scp, sftp, rsync): a word before `@` in the arguments of such
 * a command (the last command of its line before it, within MAX_PART characters), which the
 * grammar reads as an e-mail only.
 */
function sshLogin(text: ScanText, s: number, at: number, emit: FormSink): void {
  const user = text.slice(s, at);
  if (!LOGIN_NAME.test(user)) return;
  const floor = Math.max(0, s - MAX_PART);
  let ls = s;
  // Back to the start of the line or of the command (after `;`, `&&`, `|`, `(` or a backquote).
  while (ls > floor) {
    const c = text.charCodeAt(ls - 1);
    if (c === 10 || c === 59 || c === 38 || c === 124 || c === 40 || c === 96) break;
    ls--;
  }
  if (SSH_COMMAND.test(text.slice(ls, s))) emit('user', s, at, user);
}

/** Whether [s, e) holds `%`, `#` or `?`: what a browser would decode or cut. */
function hasAny(text: ScanText, s: number, e: number): boolean {
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c === 37 || c === 35 || c === 63) return true;
  }
  return false;
}

/**
 * From each `%XX`: a value after `=` whose key names a password or a user, as in a query
 * string (`?user=u%40x&password=p%40ss`) or a form body. Each value is read once, however many
 * escapes it holds.
 */
function percentValues(text: ScanText, percents: readonly number[], emit: FormSink): void {
  let done = -1;
  for (const i of percents) {
    if (i < done || !isHex(text.charCodeAt(i + 1)) || !isHex(text.charCodeAt(i + 2))) continue;
    // The value around it: back to `=`, forward to `&`, `;`, a blank, a quote or `#`.
    const floor = Math.max(0, i - MAX_PART);
    let vs = i;
    while (vs > floor && !valueEnd(text.charCodeAt(vs - 1)) && text.charCodeAt(vs - 1) !== 61) vs--;
    let ve = i;
    const ceiling = Math.min(text.length, i + MAX_PART);
    while (ve < ceiling && !valueEnd(text.charCodeAt(ve))) ve++;
    done = ve;
    if (vs === 0 || text.charCodeAt(vs - 1) !== 61) continue;
    let ks = vs - 1;
    while (ks > 0 && ks > vs - 33 && isKeyChar(text.charCodeAt(ks - 1))) ks--;
    const key = text.slice(ks, vs - 1);
    const raw = text.slice(vs, ve);
    const value = percentDecoded(raw.replace(/\+/g, ' '));
    if (value === raw) continue;
    if (PASSWORD_KEY.test(key)) emit('password', vs, ve, value);
    else if (USER_KEY.test(key)) emit('user', vs, ve, value);
  }
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function valueEnd(c: number): boolean {
  return isBlank(c) || c === 38 || c === 59 || c === 34 || c === 39 || c === 35 || c === 60 || c === 62 || c === 96 || Number.isNaN(c);
}

function isKeyChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46;
}

/** `.netrc`: `login`, `password` and `account` each followed by blanks and a word (or a quoted string). */
function netrc(file: ScanText, emit: FormSink): void {
  // Searched whole with a pattern: a units view makes its string (only a file that starts as a .netrc).
  const text = file.toString();
  const re = /(?:^|[ \t\r\n])(login|password|account)[ \t\r\n]+("[^"\n]{1,256}"|[^ \t\r\n]{1,256})/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const value = m[2]!;
    const quoted = value.charCodeAt(0) === 34;
    const vs = m.index + m[0].length - value.length + (quoted ? 1 : 0);
    const ve = m.index + m[0].length - (quoted ? 1 : 0);
    emit(m[1] === 'login' ? 'user' : 'password', vs, ve, text.slice(vs, ve));
  }
}

const PGPASS_LINE = /^[^:\s][^:]{0,253}:(?:\d{1,5}|\*):(?:[^:\\]|\\.){0,256}:(?:[^:\\]|\\.){1,256}:.+$/;

/** `.pgpass`: `hostname:port:database:username:password`, where `\:` and `\\` are escapes. */
function pgpass(file: ScanText, emit: FormSink): void {
  const text = file.toString();
  const re = /^[^:\s#][^:\n]{0,253}:(?:\d{1,5}|\*):(?:[^:\\\n]|\\.){0,256}:((?:[^:\\\n]|\\.){1,256}):((?:[^\n\\]|\\.){1,256})$/gm;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const line = m[0];
    const user = m[1]!;
    const pass = m[2]!.replace(/\r$/, '');
    const passStart = m.index + line.length - m[2]!.length;
    const userStart = passStart - 1 - user.length;
    emit('user', userStart, userStart + user.length, unescapePgpass(user));
    emit('password', passStart, passStart + pass.length, unescapePgpass(pass));
  }
}

function unescapePgpass(s: string): string {
  return s.replace(/\\([:\\])/g, '$1');
}

const DOCKER_AUTH = /^"auth"\s{0,8}:\s{0,8}"([A-Za-z0-9+/]{4,1024}={0,2})"/;
/** The longest text DOCKER_AUTH matches: it is read from each mark through a window of this many units. */
const DOCKER_AUTH_SPAN = 6 + 8 + 1 + 8 + 1 + 1024 + 2 + 1;

/** Docker's `config.json`: `"auth": "<base64 of user:password>"`; the finding covers the base64 text. */
function dockerAuth(text: ScanText, auths: readonly number[], emit: FormSink): void {
  let after = 0;
  for (const i of auths) {
    // `"auth"auth"` is one key and the start of a string, not two keys.
    if (i < after) continue;
    after = i + 6;
    const m = DOCKER_AUTH.exec(text.slice(i, i + DOCKER_AUTH_SPAN));
    if (!m) continue;
    const b64 = m[1]!;
    const vs = i + m[0].length - 1 - b64.length;
    const decoded = Buffer.from(b64, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0 || decoded.includes('\uFFFD') || hasControl(decoded)) continue;
    emit('user', vs, vs + b64.length, decoded.slice(0, colon));
    if (colon < decoded.length - 1) emit('password', vs, vs + b64.length, decoded.slice(colon + 1));
  }
}

/** Whether a decoded text holds a control character (binary, not a `user:password`). */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 32) return true;
  return false;
}
