// Consent to send the key to a plain http:// origin: asked once per origin, kept, never for
// https or loopback; declining stores nothing.
import * as assert from 'node:assert/strict';
import { CLEAR_TEXT_ORIGINS_KEY, ClearTextConsent } from '../../../../src/editor/client/clearTextConsent';
import type { ConsentStore } from '../../../../src/editor/client/clearTextConsent';

function memento(): ConsentStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: <T>(k: string) => data.get(k) as T | undefined, update: (k, v) => Promise.resolve(void data.set(k, v)) };
}

describe('clear-text consent', () => {
  it('asks once per origin; a yes is kept', async () => {
    const store = memento();
    const asked: string[] = [];
    const consent = new ClearTextConsent(store, (o) => {
      asked.push(o);
      return Promise.resolve(true);
    });
    assert.equal(await consent.confirm('http://leaks.corp.example:8080/api'), true);
    assert.equal(await consent.confirm('http://leaks.corp.example:8080/other'), true);
    assert.deepEqual(asked, ['http://leaks.corp.example:8080']);
    assert.deepEqual(store.data.get(CLEAR_TEXT_ORIGINS_KEY), ['http://leaks.corp.example:8080']);
    assert.ok(consent.allowed('http://leaks.corp.example:8080'));
    assert.ok(!consent.allowed('http://leaks.corp.example'));
  });

  it('https and loopback are never asked; a no stores nothing and is asked again next time', async () => {
    const store = memento();
    let asked = 0;
    const consent = new ClearTextConsent(store, () => Promise.resolve(++asked < 0));
    assert.equal(await consent.confirm('https://leakjar.com/api'), true);
    assert.equal(await consent.confirm('http://127.0.0.1:3000'), true);
    assert.equal(asked, 0);
    assert.equal(await consent.confirm('http://leaks.corp.example'), false);
    assert.equal(await consent.confirm('http://leaks.corp.example'), false);
    assert.equal(asked, 2);
    assert.equal(store.data.get(CLEAR_TEXT_ORIGINS_KEY), undefined);
  });

  it('only a plainly written loopback URL skips the question; a new origin is asked again', async () => {
    const asked: string[] = [];
    const consent = new ClearTextConsent(memento(), (o) => {
      asked.push(o);
      return Promise.resolve(true);
    });
    for (const plain of ['http://localhost:3000', 'http://[::1]:3000/api', 'http://127.0.0.2']) assert.equal(await consent.confirm(plain), true);
    assert.deepEqual(asked, []);
    for (const odd of ['http://api.localhost:3000', 'http://localhost.:3000', 'http://0x7f.1:3000', 'http://[0:0:0:0:0:0:0:1]:3000']) await consent.confirm(odd);
    assert.deepEqual(asked, ['http://api.localhost:3000', 'http://localhost.:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
    await consent.confirm('http://0x7f.1:3000/other');
    await consent.confirm('http://127.0.0.1:3001');
    assert.equal(asked.length, 4, 'a consented origin is not asked again; loopback written plainly never is');
    await consent.confirm('http://2130706433:3001');
    assert.deepEqual(asked.slice(4), ['http://127.0.0.1:3001'], 'another port is another origin');
  });

  it('two checks at once share one question', async () => {
    let asked = 0;
    const consent = new ClearTextConsent(memento(), () => new Promise((r) => setTimeout(() => r(++asked > 0), 10)));
    const answers = await Promise.all([consent.confirm('http://a.example'), consent.confirm('http://a.example')]);
    assert.deepEqual(answers, [true, true]);
    assert.equal(asked, 1);
  });
});
