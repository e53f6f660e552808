// The graph of relative imports between TypeScript files, and the cycles in it. Every way
// one file names another counts (`import type`, `export … from`, `import()`, `require()`),
// since a cycle of types alone still ties two files together. Used by importCycles.test.ts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const SOURCE = /\.(?:ts|tsx|mts|cts)$/;

/** The module specifiers `text` names, as TypeScript's own pre-processor reads them (comments and strings are not imports). */
export function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

export interface ImportGraph {
  /** Each source file's relative imports, resolved to files of `files`. */
  readonly edges: ReadonlyMap<string, readonly string[]>;
  /** `file: specifier` for every relative import that names no file: the graph would be missing an edge. */
  readonly unresolved: readonly string[];
}

/**
 * The file a relative specifier names, tried in TypeScript's order (`.ts` added, `.js` read as
 * `.ts`, the folder's `index.ts`), then as named (a stylesheet); undefined when none exists.
 */
function resolve(from: string, specifier: string, files: ReadonlyMap<string, string>): string | undefined {
  const target = path.posix.join(path.posix.dirname(from), specifier);
  const candidates = [`${target}.ts`, `${target}.tsx`, `${target}.d.ts`, target.replace(/\.(m|c)?js$/, '.$1ts'), `${target}/index.ts`, `${target}/index.tsx`, target];
  return candidates.find((c) => files.has(c));
}

/**
 * The import graph of `files` (posix path → text). Only source files are read; any other
 * file (a stylesheet, JSON) is a leaf that a source file may import.
 */
export function importGraph(files: ReadonlyMap<string, string>): ImportGraph {
  const edges = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const [file, text] of files) {
    if (!SOURCE.test(file)) continue;
    const targets = new Set<string>();
    for (const specifier of specifiersOf(text)) {
      if (!/^\.\.?(?:\/|$)/.test(specifier)) continue;
      const target = resolve(file, specifier, files);
      if (target === undefined) unresolved.push(`${file}: ${specifier}`);
      else targets.add(target);
    }
    edges.set(file, [...targets]);
  }
  return { edges, unresolved };
}

/** Every file under `dirs` of `root`, as posix paths relative to `root` mapped to their text ('' for files that are not source). */
export function readTree(root: string, dirs: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (rel: string): void => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.set(child, SOURCE.test(entry.name) ? fs.readFileSync(path.join(root, child), 'utf8') : '');
    }
  };
  for (const dir of dirs) walk(dir);
  return files;
}

/** Files that import each other in a circle. */
export interface Cycle {
  /** The shortest closed path through the first file met, `[a, b, …, a]`, along the graph's edges. */
  readonly path: readonly string[];
  /** Every file of the strongly connected component: breaking `path` alone may leave another cycle among them. */
  readonly tied: readonly string[];
}

/**
 * One cycle per strongly connected component that has one (Tarjan's algorithm, without
 * recursion so a long chain cannot overflow the stack). Edges to nodes outside the graph are
 * leaves. Linear in nodes and edges.
 */
export function findCycles(edges: ReadonlyMap<string, readonly string[]>): Cycle[] {
  // Files as numbers, so the walk runs on typed arrays; files only imported are leaves.
  const names = [...edges.keys()];
  const idOf = new Map(names.map((name, i) => [name, i]));
  const out: number[][] = [];
  for (const name of edges.keys()) {
    out.push(
      (edges.get(name) ?? []).map((to) => {
        let id = idOf.get(to);
        if (id === undefined) {
          id = names.push(to) - 1;
          idOf.set(to, id);
        }
        return id;
      }),
    );
  }
  while (out.length < names.length) out.push([]);
  const n = names.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  // The walk's own stack: a node and how many of its edges have been followed.
  const frameNode = new Int32Array(n);
  const frameEdge = new Int32Array(n);
  const inComponent = new Uint8Array(n);
  const cameFrom = new Int32Array(n).fill(-1);
  const cycles: Cycle[] = [];
  let next = 0;
  let depth = 0;
  const enter = (node: number): void => {
    index[node] = low[node] = next++;
    stack.push(node);
    onStack[node] = 1;
    frameNode[depth] = node;
    frameEdge[depth++] = 0;
  };
  for (let start = 0; start < n; start++) {
    if (index[start] !== -1) continue;
    enter(start);
    while (depth > 0) {
      const node = frameNode[depth - 1];
      if (frameEdge[depth - 1] < out[node].length) {
        const to = out[node][frameEdge[depth - 1]++];
        if (index[to] === -1) enter(to);
        else if (onStack[to] === 1) low[node] = Math.min(low[node], index[to]);
        continue;
      }
      depth--;
      if (depth > 0) low[frameNode[depth - 1]] = Math.min(low[frameNode[depth - 1]], low[node]);
      if (low[node] !== index[node]) continue;
      const members: number[] = [];
      let member: number;
      do {
        member = stack.pop()!;
        onStack[member] = 0;
        members.push(member);
      } while (member !== node);
      if (members.length === 1 && !out[node].includes(node)) continue;
      for (const m of members) inComponent[m] = 1;
      const closed = cycleThrough(node, out, inComponent, cameFrom);
      for (const m of members) inComponent[m] = 0;
      cycles.push({ path: closed.map((id) => names[id]), tied: members.map((id) => names[id]) });
    }
  }
  return cycles;
}

/**
 * The shortest closed path from `start` back to itself among the nodes marked in
 * `inComponent` (breadth-first), which hold a cycle through it. `cameFrom` is all -1 and is
 * left so, so each component's search costs only its own size.
 */
function cycleThrough(start: number, out: readonly (readonly number[])[], inComponent: Uint8Array, cameFrom: Int32Array): number[] {
  const queue = [start];
  let found = -1;
  for (let head = 0; head < queue.length && found === -1; head++) {
    const node = queue[head];
    for (const to of out[node]) {
      if (inComponent[to] === 0) continue;
      if (to === start) {
        found = node;
        break;
      }
      if (cameFrom[to] !== -1) continue;
      cameFrom[to] = node;
      queue.push(to);
    }
  }
  const back = [found];
  let at = found;
  while (at !== start) {
    at = cameFrom[at];
    back.push(at);
  }
  for (const node of queue) cameFrom[node] = -1;
  return [...back.reverse(), start];
}
