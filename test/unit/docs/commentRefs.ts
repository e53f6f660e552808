// Reading the comments of the source: each comment whole (commentBlocks, parsed by the
// TypeScript compiler, so a `//` inside a string or a regular expression is no comment), and
// what a comment points at: documents and source paths (docs/decisions.md, or a path relative
// to the file's folder or one above it) and numbered decisions ("decisions 1, 3 and 8", meaning
// the headings of docs/decisions.md). Used by references.test.ts to keep every pointer inside
// the repository and by commentHygiene.test.ts to keep figures out of comments.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

export interface CommentRef {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** Paths of build output, the user's own folder and made-up examples: named, never present. */
const NOT_IN_REPO = /^(out|dist|\.vscode)\/|\bfoo\b/;
const PATH = /(?<![\w@.:/-])((?:\.\.?\/)*[\w.-]+(?:\/[\w.-]+)*\.(?:md|ts|mjs|json|ya?ml))\b/g;
const DECISIONS = /\bdecisions? (\d+(?:(?:, and |, | and )\d+)*)/gi;
/** Pointers to documents that live outside this repository. */
const OUTSIDE = /\bSTYLE \d+|\.\.\/shared\/spec|\bshared spec\b/g;

/** Document and source paths a comment names; bare file names count only for documents (`.md`). */
export function pathsIn(comment: string): string[] {
  return [...comment.matchAll(PATH)].map((m) => m[1]).filter((p) => (p.includes('/') || p.endsWith('.md')) && !NOT_IN_REPO.test(p));
}

/** The decision numbers a comment cites. */
export function decisionsIn(comment: string): number[] {
  return [...comment.matchAll(DECISIONS)].flatMap((m) => m[1].split(/, and |, | and /).map(Number));
}

/** Pointers to documents outside the repository (the house style guide by number, the team's spec folder). */
export function outsideIn(comment: string): string[] {
  return [...comment.matchAll(OUTSIDE)].map((m) => m[0]);
}

/** Whether `p`, named in `file`, exists relative to the file's folder or any folder above it up to `root`. */
export function resolves(root: string, file: string, p: string): boolean {
  for (let dir = path.dirname(path.join(root, file)); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, p))) return true;
    if (path.relative(root, dir) === '' || dir === path.dirname(dir)) return false;
  }
}

/** Every file under `dirs` whose name ends in one of `endings` (`.ts` alone by default), relative to `root`. */
export function sourceFiles(root: string, dirs: readonly string[], endings: readonly string[] = ['.ts']): string[] {
  const found: string[] = [];
  const walk = (rel: string): void => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (endings.some((e) => entry.name.endsWith(e))) found.push(child);
    }
  };
  for (const dir of dirs) walk(dir);
  return found;
}

/**
 * Every comment of a source text, whole, with the line it starts on: a `/* *\/` comment is one,
 * and so is a run of `//` lines with nothing but line breaks between them. The text has its
 * comment marks (`//`, `/*`, `*\/`, a line's leading `*`) taken out and its lines joined by
 * spaces, so a phrase broken across lines reads as one. `file` tells TypeScript from JavaScript.
 */
export function commentBlocks(file: string, source: string): CommentRef[] {
  const kind = /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  const ranges = new Map<number, ts.CommentRange>();
  const take = (found: ts.CommentRange[] | undefined): void => found?.forEach((r) => ranges.set(r.pos, r));
  // getChildren, unlike forEachChild, also visits tokens: a comment just before a `}` is one's.
  const visit = (node: ts.Node): void => {
    take(ts.getLeadingCommentRanges(source, node.pos));
    take(ts.getTrailingCommentRanges(source, node.end));
    for (const child of node.getChildren(tree)) visit(child);
  };
  visit(tree);
  const blocks: { pos: number; end: number; line: boolean }[] = [];
  for (const r of [...ranges.values()].sort((a, b) => a.pos - b.pos)) {
    const line = r.kind === ts.SyntaxKind.SingleLineCommentTrivia;
    const last = blocks[blocks.length - 1];
    if (line && last?.line && /^[ \t]*\r?\n[ \t]*$/.test(source.slice(last.end, r.pos))) last.end = r.end;
    else blocks.push({ pos: r.pos, end: r.end, line });
  }
  return blocks.map((b) => ({
    file,
    line: tree.getLineAndCharacterOfPosition(b.pos).line + 1,
    text: uncomment(source.slice(b.pos, b.end)).join(' '),
  }));
}

/** The lines of a comment's text without its marks (`//`, `/*`, `*\/`, a line's leading `*`); blank lines dropped. */
export function uncomment(comment: string): string[] {
  return comment
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*(?:\/\/+|\/\*+|\*+(?!\/))?/, '').replace(/\*+\/\s*$/, '').trim())
    .filter((l) => l !== '');
}
