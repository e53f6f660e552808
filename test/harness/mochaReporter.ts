// `mocha --reporter out/test/harness/mochaReporter.js` requires this module and expects the
// reporter class as the module itself, hence the one `export =` in the project.
import { ResultsReporter } from './resultsReporter';

export = ResultsReporter;
