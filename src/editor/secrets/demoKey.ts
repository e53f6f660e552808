// Development only: `npm run demo` starts VS Code with the demo service's key in
// LEAK_SEARCH_DEMO_API_KEY and its address in LEAK_SEARCH_DEMO_BASE_URL. SecretStorage cannot
// be written from outside VS Code, so at activation — and only when the extension runs from
// a development path, never an installed copy — the key is stored for that origin, like
// "Set API Key" would. The variables are removed from the environment once read; the key is
// never logged.
import * as vscode from 'vscode';
import type { ApiKeyStore } from './apiKeyStore';

export const DEMO_API_KEY_ENV = 'LEAK_SEARCH_DEMO_API_KEY';
export const DEMO_BASE_URL_ENV = 'LEAK_SEARCH_DEMO_BASE_URL';

/** Stores the demo key for the demo origin; returns that origin, or undefined when nothing was stored. */
export async function storeDemoKey(mode: vscode.ExtensionMode, env: NodeJS.ProcessEnv, keys: ApiKeyStore): Promise<string | undefined> {
  const key = env[DEMO_API_KEY_ENV];
  const baseUrl = env[DEMO_BASE_URL_ENV];
  delete env[DEMO_API_KEY_ENV];
  delete env[DEMO_BASE_URL_ENV];
  if (mode === vscode.ExtensionMode.Production || !key || !baseUrl) return undefined;
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    return undefined;
  }
  if (origin === 'null' || (await keys.get(origin)) === key) return origin;
  await keys.set(origin, key);
  return origin;
}
