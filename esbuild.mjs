// Builds the six bundles: the extension (Node, CommonJS, `vscode` external), its data
// engine (a worker thread, Node, CommonJS), the scanner's helper thread (the same), the command
// line (the same, runnable), the GitHub Action (the same, run by action.yml) and the
// results-panel webview (browser, IIFE). `--production` minifies without sourcemaps;
// `--watch` rebuilds on change; `--cli` builds only what the command line runs (its bundle, the
// Action's and the scanner's helper), for their tests. The log lines match the `$esbuild-watch` problem matcher.
// Every build checks the licences of the npm packages inside what ships, and fails on one we
// cannot ship; a production build writes them to ThirdPartyNotices.txt, for the .vsix (the full
// build, `vscode:prepublish`) or the npm package (`--cli`, `prepack`).
import { chmod, writeFile } from 'node:fs/promises';
import * as esbuild from 'esbuild';
import { buildWasm } from './src/core/scan/wasm/build.mjs';
import { COMPILED_IN, collectNotices, packageDirs, renderNotices } from './tools/release/notices.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const cliOnly = process.argv.includes('--cli');

/** @type {import('esbuild').Plugin} */
const problemMatcher = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of [...result.errors, ...result.warnings]) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

/** Makes the command line's bundle executable, so `./dist/cli.js` runs after a build. */
/** @type {import('esbuild').Plugin} */
const executable = {
  name: 'executable',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length === 0 && build.initialOptions.outfile) await chmod(build.initialOptions.outfile, 0o755);
    });
  },
};

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  plugins: [problemMatcher],
  legalComments: production ? 'none' : 'inline',
  metafile: true,
};

// The scanner's loop and SipHash are WebAssembly in generated modules the bundles import (build.mjs's header says why).
await buildWasm();

const builds = [
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
  },
  // The data engine runs in a worker thread of the extension host (src/engine/worker.ts).
  {
    ...common,
    entryPoints: ['src/engine/worker.ts'],
    outfile: 'dist/engine.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  // The scanner's helper threads (src/core/scan/scanHelper.ts), started by the engine's scanner
  // from the file beside its bundle.
  {
    ...common,
    entryPoints: ['src/core/scan/scanHelper.ts'],
    outfile: 'dist/scanHelper.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  // The command line (src/cli/bin.ts): one file that runs on Node alone, `bin` in package.json.
  {
    ...common,
    entryPoints: ['src/cli/bin.ts'],
    outfile: 'dist/cli.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    // jsonc-parser's UMD build requires its parts at run time; its ES module build bundles.
    mainFields: ['module', 'main'],
    plugins: [...common.plugins, executable],
  },
  // The GitHub Action (src/action/main.ts, action.yml's `main`): the command line in-process.
  {
    ...common,
    entryPoints: ['src/action/main.ts'],
    outfile: 'dist/action.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    mainFields: ['module', 'main'],
  },
  {
    ...common,
    entryPoints: { webview: 'src/webview/main.ts' },
    outdir: 'dist',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    loader: { '.ttf': 'file' },
  },
];
const cliFiles = ['dist/cli.js', 'dist/action.js', 'dist/scanHelper.js'];
/** The bundles each package ships (.vscodeignore, .npmignore), whose inputs its notices list. */
const shipped = cliOnly
  ? { product: 'leak-search, the command line (npm package) and the GitHub Action', outputs: /^dist\/(cli|action|scanHelper)\.js$/ }
  : { product: 'Leak Search for VS Code (.vsix)', outputs: /^dist\/((extension|engine|scanHelper|webview)\.js|webview\.css|[^/]+\.ttf)$/ };
const contexts = await Promise.all(builds.filter((b) => !cliOnly || cliFiles.includes(b.outfile)).map((b) => esbuild.context(b)));

if (watch) {
  await Promise.all(contexts.map((ctx) => ctx.watch()));
} else {
  const results = await Promise.allSettled(contexts.map((ctx) => ctx.rebuild()));
  await Promise.all(contexts.map((ctx) => ctx.dispose()));
  if (results.some((r) => r.status === 'rejected')) process.exit(1);
  const inputs = results.flatMap((r) => {
    const outputs = r.status === 'fulfilled' ? Object.entries(r.value.metafile?.outputs ?? {}) : [];
    return outputs.filter(([file]) => shipped.outputs.test(file)).flatMap(([, output]) => Object.keys(output.inputs));
  });
  const { notices, refusals } = collectNotices([...packageDirs(inputs), ...COMPILED_IN.map((name) => `node_modules/${name}`)]);
  for (const { name, dir, problem } of refusals) console.error(`✘ [ERROR] ${name} (${dir}) is bundled but ${problem}`);
  if (refusals.length > 0) process.exit(1);
  if (production) await writeFile('ThirdPartyNotices.txt', renderNotices(shipped.product, notices));
}
