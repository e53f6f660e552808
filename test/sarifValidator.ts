// Validates a SARIF file with Microsoft's SARIF Multitool (the validator behind GitHub code
// scanning's upload checks), from the npm registry as a devDependency: the SARIF 2.1.0 JSON
// schema plus the spec's rules. Returns the errors it reports (warnings are not errors).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

function multitool(repo: string): string {
  const platform = process.platform === 'win32' ? 'win32' : process.platform === 'darwin' ? 'darwin' : 'linux';
  const exe = path.join(repo, 'node_modules', '@microsoft', `sarif-multitool-${platform}`, platform === 'win32' ? 'Sarif.Multitool.exe' : 'Sarif.Multitool');
  if (!fs.existsSync(exe)) throw new Error(`The SARIF Multitool is not installed (${exe}); run npm ci.`);
  // npm may skip the package's postinstall (chmod): make sure it can run.
  if (platform !== 'win32') fs.chmodSync(exe, 0o755);
  return exe;
}

export function validateSarif(file: string, repo = path.resolve(__dirname, '..', '..')): { readonly errors: readonly string[]; readonly output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sarif-validate-'));
  try {
    const run = spawnSync(multitool(repo), ['validate', file, '--output', path.join(dir, 'report.sarif')], {
      encoding: 'utf8',
      timeout: 120_000,
      // .NET wants a writable home for its first-run files; keep them out of the user's.
      env: { ...process.env, HOME: dir, DOTNET_CLI_HOME: dir, DOTNET_SKIP_FIRST_TIME_EXPERIENCE: '1', DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' },
    });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    if (run.error) throw run.error;
    const errors = output.split('\n').filter((line) => /\): error [A-Z]+[0-9]+/.test(line));
    if (run.status !== 0 && errors.length === 0) errors.push(`the validator exited with ${run.status}: ${output.slice(-500)}`);
    return { errors, output };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
