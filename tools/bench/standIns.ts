// The host bench measures the extension host; on our one machine two programs there stand in
// for other machines: the reference service (LeakJar's servers) and Chromium (in code-server,
// the browser runs on the user's own computer). On a machine with few cores they take the
// cores the extension host's main thread waits for: while Chromium creates the results
// panel's webview, most of a "host block" is the main thread runnable but waiting for a core
// (its schedstat says so), not working. So while the bench measures, both stand-ins run at
// the lowest priority, and the figures are the extension host's own work and the code-server
// process beside it.
//
// Linux gives each session an "autogroup" that shares the processor fairly with other
// sessions, whatever its threads' nice values; code-server, Chromium and this process each
// run in their own. So a stand-in's autogroup gets nice 19 (undone for this process at the
// end, or on an interrupt), and Chromium's threads too, for systems without autogroups (new
// renderers fork from its zygote and inherit it).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { onAbort } from '../../test/harness/cleanup';

export const LOWEST = 19;

/** One process as /proc shows it. */
export interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  /** The executable's path, when readable. */
  readonly exe: string | undefined;
}

/**
 * The processes descended from `root` (not `root` itself) whose executable is `executable`
 * or has its file name (Debian's /usr/bin/chromium is a script that starts
 * /usr/lib/chromium/chromium).
 */
export function descendantsRunning(table: readonly ProcessEntry[], root: number, executable: string): number[] {
  const name = path.basename(executable);
  const runs = (exe: string | undefined): boolean => exe !== undefined && (exe === executable || path.basename(exe) === name);
  const children = new Map<number, number[]>();
  for (const p of table) {
    const list = children.get(p.ppid);
    if (list) list.push(p.pid);
    else children.set(p.ppid, [p.pid]);
  }
  const byPid = new Map(table.map((p) => [p.pid, p]));
  const found: number[] = [];
  const stack = [...(children.get(root) ?? [])];
  const seen = new Set<number>([root]);
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    if (seen.has(pid)) continue;
    seen.add(pid);
    if (runs(byPid.get(pid)?.exe)) found.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return found.sort((a, b) => a - b);
}

/** Every process this user may read, from /proc. */
export function processTable(): ProcessEntry[] {
  const table: ProcessEntry[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name in parentheses may hold spaces and parentheses: fields follow the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      let exe: string | undefined;
      try {
        exe = fs.readlinkSync(`/proc/${name}/exe`);
      } catch {
        exe = undefined;
      }
      table.push({ pid: Number(name), ppid, exe });
    } catch {
      // The process ended while we looked.
    }
  }
  return table;
}

/** Sets a process's autogroup nice; false when the system has none (or refuses). */
export function setAutogroupNice(pid: number, nice: number): boolean {
  try {
    if (fs.readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() !== '1') return false;
  } catch {
    return false;
  }
  // Without CAP_SYS_ADMIN the kernel takes one such change per 100 ms (EAGAIN meanwhile).
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(`/proc/${pid}/autogroup`, String(nice));
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN' || attempt >= 20) return false;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
}

/** The nice value of a process's autogroup ("/autogroup-12 nice 19"), when it has one. */
export function autogroupNice(pid: number): number | undefined {
  try {
    const match = /nice (-?\d+)/.exec(fs.readFileSync(`/proc/${pid}/autogroup`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Every thread of `pid` at nice `nice`; how many were changed. */
export function niceThreads(pid: number, nice: number): number {
  let changed = 0;
  let tids: string[];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  for (const tid of tids) {
    try {
      os.setPriority(Number(tid), nice);
      changed++;
    } catch {
      // A thread that ended, or one we may not change.
    }
  }
  return changed;
}

export interface StandIns {
  /** Chromium processes lowered so far. */
  readonly browsers: () => number;
  /** Whether this process (the reference service's) runs at the lowest priority. */
  readonly service: boolean;
  /** Stops watching, and gives this process its priority back. */
  stop(): void;
}

/**
 * Lowers this process (the service's) and, as they start, the Chromium processes it launches
 * (`browser`, the executable's path) to the lowest priority, until `stop`. Elsewhere than
 * Linux nothing changes.
 */
export function yieldToExtensionHost(browser: string, platform: NodeJS.Platform = process.platform): StandIns {
  if (platform !== 'linux') return { browsers: () => 0, service: false, stop: () => undefined };
  let executable = browser;
  try {
    executable = fs.realpathSync(browser);
  } catch {
    // Compared as given.
  }
  const before = autogroupNice(process.pid) ?? 0;
  const service = setAutogroupNice(process.pid, LOWEST);
  // The autogroup is the session's (the terminal the bench was started from): given back on
  // an interrupt too.
  const release = service ? onAbort(() => setAutogroupNice(process.pid, before)) : () => undefined;
  const restore = (): void => {
    release();
    if (service) setAutogroupNice(process.pid, before);
  };
  const lowered = new Set<number>();
  const look = (): void => {
    let table: ProcessEntry[];
    try {
      table = processTable();
    } catch {
      return;
    }
    for (const pid of descendantsRunning(table, process.pid, executable)) {
      if (lowered.has(pid)) continue;
      lowered.add(pid);
      // Chromium's processes share one autogroup: written once (each write may wait out the
      // kernel's 100 ms limit, in the process that serves the answers).
      if (autogroupNice(pid) !== LOWEST) setAutogroupNice(pid, LOWEST);
      niceThreads(pid, LOWEST);
    }
  };
  // Chromium starts with the window, inside the suite: looked for until the end, cheaply.
  const timer = setInterval(look, 200);
  timer.unref();
  return {
    browsers: () => lowered.size,
    service,
    stop() {
      clearInterval(timer);
      restore();
    },
  };
}

/** For the log: what `yieldToExtensionHost` did. */
export function describeStandIns(s: StandIns): string {
  const service = s.service ? 'the reference service (this process) at nice 19' : 'the reference service at its usual priority (no autogroups here, or the change was refused)';
  return `stand-ins for other machines: ${service}; ${s.browsers()} Chromium process${s.browsers() === 1 ? '' : 'es'} at nice 19`;
}
