// Builds the six bundles: the extension (Node, CommonJS, `vscode` external), its data
// engine (a worker thread, Node, CommonJS), the scanner's helper thread (the same), the command
// line (the same, runnable), the GitHub Action (the same, run by action.yml) and the
// results-panel webview (browser, IIFE). `--production` minifies without sourcemaps;
// `--watch` rebuilds on change; `--cli` builds only what the command line runs (its bundle, the
// Action's and the scanner's helper), for their tests. The log lines match the `$esbuild-watch` problem matcher.
import { chmod } from 'node:fs/promises';
import * as esbuild from 'esbuild';
import { buildScanCore } from './src/core/scan/wasm/build.mjs';

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
};

// The scanner's WebAssembly loop is a generated module the bundles import (its own header says why).
await buildScanCore();

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
const contexts = await Promise.all(builds.filter((b) => !cliOnly || cliFiles.includes(b.outfile)).map((b) => esbuild.context(b)));

if (watch) {
  await Promise.all(contexts.map((ctx) => ctx.watch()));
} else {
  const results = await Promise.allSettled(contexts.map((ctx) => ctx.rebuild()));
  await Promise.all(contexts.map((ctx) => ctx.dispose()));
  if (results.some((r) => r.status === 'rejected')) process.exit(1);
}
