// The `npm run demo` hook (src/editor/secrets/demoKey.ts) in the real extension host: the demo
// key is stored for the demo origin only in development (or test) mode, never by an installed
// copy, and the variables are gone from the environment once read.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_API_KEY_ENV, DEMO_BASE_URL_ENV, storeDemoKey } from '../../src/editor/secrets/demoKey';
import { ApiKeyStore } from '../../src/editor/secrets/apiKeyStore';

/** SecretStorage in memory: the store under test is ApiKeyStore's per-origin slots. */
class MemorySecrets implements vscode.SecretStorage {
  readonly values = new Map<string, string>();
  readonly #emitter = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  readonly onDidChange = this.#emitter.event;
  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }
  async keys(): Promise<string[]> {
    return [...this.values.keys()];
  }
  async store(key: string, value: string): Promise<void> {
    this.values.set(key, value);
    this.#emitter.fire({ key });
  }
  async delete(key: string): Promise<void> {
    this.values.delete(key);
    this.#emitter.fire({ key });
  }
}

const KEY = 'lj_demo_test_0123456789abcdef0123456789abcdef';

describe('the demo key hook', () => {
  let secrets: MemorySecrets;
  let keys: ApiKeyStore;
  beforeEach(() => {
    secrets = new MemorySecrets();
    keys = new ApiKeyStore(secrets);
  });
  afterEach(() => keys.dispose());

  const env = (baseUrl: string): NodeJS.ProcessEnv => ({ [DEMO_API_KEY_ENV]: KEY, [DEMO_BASE_URL_ENV]: baseUrl, OTHER: 'kept' });

  it('stores the key for the demo origin in development mode and removes the variables', async () => {
    const vars = env('http://127.0.0.1:45678/');
    const origin = await storeDemoKey(vscode.ExtensionMode.Development, vars, keys);
    assert.equal(origin, 'http://127.0.0.1:45678');
    assert.equal(await keys.get('http://127.0.0.1:45678'), KEY);
    assert.deepEqual([...secrets.values.keys()], ['leakSearch.apiKey:http://127.0.0.1:45678']);
    assert.deepEqual(vars, { OTHER: 'kept' });
  });

  it('stores nothing when the extension is installed (production mode), and still removes the variables', async () => {
    const vars = env('http://127.0.0.1:45678');
    assert.equal(await storeDemoKey(vscode.ExtensionMode.Production, vars, keys), undefined);
    assert.equal(secrets.values.size, 0);
    assert.deepEqual(vars, { OTHER: 'kept' });
  });

  it('stores nothing without both variables or with a base URL that is not a URL', async () => {
    assert.equal(await storeDemoKey(vscode.ExtensionMode.Development, { [DEMO_API_KEY_ENV]: KEY }, keys), undefined);
    assert.equal(await storeDemoKey(vscode.ExtensionMode.Development, { [DEMO_BASE_URL_ENV]: 'http://127.0.0.1:1' }, keys), undefined);
    assert.equal(await storeDemoKey(vscode.ExtensionMode.Development, env('not a url'), keys), undefined);
    assert.equal(secrets.values.size, 0);
  });

  it('does not write the same key again on the next activation', async () => {
    await storeDemoKey(vscode.ExtensionMode.Development, env('http://127.0.0.1:45678'), keys);
    let writes = 0;
    const counting = secrets.onDidChange(() => writes++);
    await storeDemoKey(vscode.ExtensionMode.Development, env('http://127.0.0.1:45678'), keys);
    counting.dispose();
    assert.equal(writes, 0);
  });
});
