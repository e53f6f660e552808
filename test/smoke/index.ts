// The smoke suite's tests module (exports run()): loaded in an extension host where the
// packaged .vsix is installed and no extension is under development. Runs every *.smoke.js.
import Mocha from 'mocha';
import { listFiles } from '../harness/files';
import { SUITE_START_MARKER } from '../harness/results';
import { ResultsReporter } from '../harness/resultsReporter';

export function run(): Promise<void> {
  console.log(SUITE_START_MARKER);
  const mocha = new Mocha({ ui: 'bdd', timeout: 20_000, color: false, reporter: ResultsReporter });
  for (const file of listFiles(__dirname, '.smoke.js')) mocha.addFile(file);
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} smoke test(s) failed.`)) : resolve()));
  });
}
