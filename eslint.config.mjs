import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', '.demo/**', 'release/**', 'src/core/scan/wasm/scanCore.ts', 'src/core/scan/wasm/sipHash.ts', 'src/core/scan/wasm/*.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    // The architecture boundary: pure logic, the data engine (a worker thread), the shared
    // protocol, the webview, the command line and the reference service never import the editor API.
    files: ['src/core/**', 'src/engine/**', 'src/shared/**', 'src/webview/**', 'src/cli/**', 'service/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Pure code must not import vscode; put editor code in src/editor/.' }] }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-restricted-syntax': 'off' },
  },
);
