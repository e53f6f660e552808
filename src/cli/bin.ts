// The `leak-search` executable (bundled as dist/cli.js): runs main.ts with this process's
// arguments, streams and environment. Kept apart from main.ts so that other entries (the
// GitHub Action, src/action/) can call `main` without it also running on load.
import { main } from './main';

void main(process.argv.slice(2), { env: process.env, cwd: process.cwd(), stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
});
