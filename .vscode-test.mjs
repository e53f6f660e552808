// @vscode/test-cli configuration (`npx vscode-test`, or `npx vscode-test --label folder`) for
// machines that can download desktop VS Code. It runs the SAME compiled suites as the
// offline code-server harness (test/harness/), one configuration per run of
// test/harness/runs.ts, selected by the same file-name convention. Compile and build first:
// `npm run compile && npm run build`. This cannot run on the offline CI machines (no download
// of VS Code there); there `npm run test:integration` is the way.
import { defineConfig } from '@vscode/test-cli';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// The reference search service, over loopback, for the suites (as the harness does).
async function startReferenceService() {
  try {
    const { startService } = require('./out/service/server.js');
    const { demoOptions, DEMO_API_KEY } = require('./out/service/demo.js');
    const service = await startService(demoOptions());
    return { LEAK_SEARCH_TEST_BASE_URL: service.baseUrl, LEAK_SEARCH_TEST_API_KEY: DEMO_API_KEY };
  } catch (error) {
    throw new Error('Compile first (npm run compile): cannot start the reference service.', { cause: error });
  }
}
const serviceEnv = await startReferenceService();

const integration = 'out/test/integration/**/';
const common = {
  version: 'stable',
  extensionDevelopmentPath: '.',
  mocha: { ui: 'bdd', timeout: 20000, color: true },
  env: { ...serviceEnv, LEAK_SEARCH_TEST_REPO: process.cwd() },
  // Fixtures are opened in place here (the harness copies them per run); do not write into them.
};

// The network run (*.network.test.js) needs the harness's made-up corporate network (a mount
// namespace with a test CA and host names, test/harness/networkRun.ts): not run here.
export default defineConfig([
  {
    ...common,
    label: 'folder',
    files: `${integration}!(*.nofolder|*.multiroot|*.restricted|*.scale|*.network).test.js`,
    workspaceFolder: './test/fixtures/workspace',
    launchArgs: ['--disable-workspace-trust', '--disable-extensions'],
  },
  {
    ...common,
    label: 'no-folder',
    files: `${integration}*.nofolder.test.js`,
    launchArgs: ['--disable-workspace-trust', '--disable-extensions'],
  },
  {
    ...common,
    label: 'multi-root',
    files: `${integration}*.multiroot.test.js`,
    workspaceFolder: './test/fixtures/multi-root/leak-search.code-workspace',
    launchArgs: ['--disable-workspace-trust', '--disable-extensions'],
  },
  {
    ...common,
    label: 'restricted',
    files: `${integration}*.restricted.test.js`,
    workspaceFolder: './test/fixtures/workspace',
    // Workspace trust stays on, and the fixture folder is not trusted.
    launchArgs: ['--disable-extensions'],
  },
]);
