// Last-resort cleanup when the harness is interrupted (Ctrl-C, SIGTERM from a CI timeout, an
// uncaught error): the code-server process groups it started are detached, so nothing else
// would stop them. Cleanups here are synchronous and run once.
type Cleanup = () => void;

const cleanups = new Set<Cleanup>();
let installed = false;

/** Registers `cleanup` to run if the process ends before `release()` is called. */
export function onAbort(cleanup: Cleanup): () => void {
  install();
  cleanups.add(cleanup);
  return () => void cleanups.delete(cleanup);
}

function runAll(): void {
  for (const cleanup of [...cleanups]) {
    cleanups.delete(cleanup);
    try {
      cleanup();
    } catch {
      // keep cleaning up the rest
    }
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  process.once('exit', runAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      runAll();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}
