// undici, loaded by the first request that needs it rather than with the bundle: it is a
// large package, and every start of the command line that sends no request (a
// pre-commit hook's scan of a results file, `--version`) would load it for nothing, and the
// extension's activation would wait for it. The extension loads it after its startup when
// its requests will take it (src/editor/client/clientHolder.ts preloadWhenNeeded), so that
// the first check does not. Pure: no vscode.
import type * as Undici from 'undici';

let loaded: typeof Undici | undefined;

export function undici(): typeof Undici {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('undici') as typeof Undici);
}
