// The engine worker yields the processor to the editor: on a busy machine (few cores, a
// large answer being parsed, the service answering), the extension host's main thread would
// otherwise wait for a core while the worker runs, and every extension would wait with it.
// Linux schedules threads one by one, so the worker's own thread gets a higher nice value
// (lower priority); elsewhere threads share their process's priority and nothing changes.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** The nice value of the engine's thread (0 is normal, 19 the lowest priority). */
export const ENGINE_NICE = 5;

/** Lowers the calling thread's priority where the system allows it per thread; says what it did. */
export function lowerThreadPriority(platform: NodeJS.Platform = process.platform): string {
  if (platform !== 'linux') return 'not on this system (threads share the process priority)';
  try {
    // /proc/thread-self links to "<pid>/task/<tid>": a thread id, which setpriority takes on Linux.
    const tid = Number(path.basename(fs.readlinkSync('/proc/thread-self')));
    if (!Number.isInteger(tid) || tid <= 0) return 'no thread id';
    if (os.getPriority(tid) >= ENGINE_NICE) return `already at nice ${os.getPriority(tid)}`;
    os.setPriority(tid, ENGINE_NICE);
    return `nice ${os.getPriority(tid)}`;
  } catch (e) {
    return `not changed (${e instanceof Error ? e.message : String(e)})`;
  }
}
