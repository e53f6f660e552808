// The extension tests entry (the @vscode/test-electron contract: exports run()). The harness
// loads it in code-server's extension host; it runs the compiled test files of the current
// run (LEAK_SEARCH_TEST_RUN, see test/harness/runs.ts) and writes their results to the file
// named by LEAK_SEARCH_TEST_RESULTS. Under @vscode/test-cli, .vscode-test.mjs selects the
// same files itself.
import Mocha from 'mocha';
import * as path from 'node:path';
import { listFiles } from '../harness/files';
import { SUITE_START_MARKER } from '../harness/results';
import { ResultsReporter } from '../harness/resultsReporter';
import { GREP_ENV, RUN_ENV, isRunName, runOfTestFile } from '../harness/runs';

export function run(): Promise<void> {
  const requested = process.env[RUN_ENV] ?? 'folder';
  if (!isRunName(requested)) return Promise.reject(new Error(`Unknown ${RUN_ENV}: ${requested}`));
  console.log(SUITE_START_MARKER);
  const mocha = new Mocha({ ui: 'bdd', timeout: 20_000, color: false, reporter: ResultsReporter });
  // LEAK_SEARCH_TEST_GREP (passed through by the harness) runs only the tests whose title matches.
  const grep = process.env[GREP_ENV];
  if (grep) mocha.grep(grep);
  for (const file of listFiles(__dirname, '.test.js')) {
    if (runOfTestFile(path.basename(file)) === requested) mocha.addFile(file);
  }
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed.`)) : resolve()));
  });
}
