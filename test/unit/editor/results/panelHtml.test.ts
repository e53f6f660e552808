// The results panel's HTML: a fresh nonce, a strict CSP and nothing inline.
import * as assert from 'node:assert/strict';
import { buildPanelHtml, createNonce, escapeHtml, panelCsp } from '../../../../src/editor/results/panelHtml';

const SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';

describe('results panel HTML', () => {
  it('makes a fresh 128-bit nonce each time', () => {
    const a = createNonce();
    const b = createNonce();
    assert.notEqual(a, b);
    assert.match(a, /^[A-Za-z0-9+/]{22}$/);
  });

  it('allows only our own script (by nonce), styles and fonts', () => {
    const csp = panelCsp(SOURCE, 'abc');
    assert.equal(csp, `default-src 'none'; script-src 'nonce-abc'; style-src ${SOURCE}; font-src ${SOURCE}; base-uri 'none'; form-action 'none'`);
    assert.ok(!csp.includes('unsafe'));
  });

  it('loads the built assets under that CSP, with no inline style or script', () => {
    const html = buildPanelHtml({ cspSource: SOURCE, nonce: 'n0nce', scriptUri: `${SOURCE}/dist/webview.js`, styleUri: `${SOURCE}/dist/webview.css`, title: 'Leaks: <b>x</b>' });
    assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src &#39;nonce-n0nce&#39;`));
    assert.ok(html.includes(`<script nonce="n0nce" src="${SOURCE}/dist/webview.js"></script>`));
    assert.ok(html.includes(`<link rel="stylesheet" href="${SOURCE}/dist/webview.css">`));
    assert.ok(html.includes('<title>Leaks: &#60;b&#62;x&#60;/b&#62;</title>'));
    assert.ok(!/style=/.test(html));
    assert.equal(html.match(/<script/g)?.length, 1);
    assert.ok(!/<style/.test(html));
  });

  it('escapes HTML', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });
});
