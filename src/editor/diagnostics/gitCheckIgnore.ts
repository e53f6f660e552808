// `git check-ignore` for a batch of files of one repository. Run here rather than through the
// git extension's `Repository.checkIgnore`: that one resolves on the process's 'exit' event,
// which can come before its output is read (on a busy machine), and then answers "nothing
// ignored".
import { spawn } from 'node:child_process';

/** The paths of `paths` (absolute, inside `root`) that git ignores, as given. */
export function gitCheckIgnore(gitPath: string, root: string, paths: readonly string[]): Promise<Set<string>> {
  return new Promise((resolve, reject) => {
    if (paths.length === 0) {
      resolve(new Set());
      return;
    }
    const child = spawn(gitPath, ['check-ignore', '-z', '--stdin'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', reject);
    // Reported by 'close' below when git stops reading early.
    child.stdin.on('error', () => undefined);
    // 'close', not 'exit': only then is all of the output read. Exit 1 means none is ignored.
    child.on('close', (code) => {
      if (code === 0 || code === 1) resolve(new Set(out.split('\0').filter((p) => p.length > 0)));
      else reject(new Error(`git check-ignore exited with ${String(code)}${err.trim() ? `: ${err.trim()}` : ''}`));
    });
    child.stdin.end(paths.join('\0'), 'utf8');
  });
}
