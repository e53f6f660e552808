// The results panel's HTML: a fixed shell that loads the built script and stylesheet under a
// strict CSP. Pure (no vscode import) so it is unit-tested and reused by the webview tests.
import { randomBytes } from 'node:crypto';

export interface PanelHtmlOptions {
  /** The webview's `cspSource` (the origin its local resources are served from). */
  readonly cspSource: string;
  /** A fresh nonce for this render (see `createNonce`). */
  readonly nonce: string;
  /** `asWebviewUri` of dist/webview.js and dist/webview.css. */
  readonly scriptUri: string;
  readonly styleUri: string;
  /** The tab title, shown before the script runs. */
  readonly title: string;
}

/** A nonce from a cryptographic source: 128 bits, base64 without padding. */
export function createNonce(): string {
  return randomBytes(16).toString('base64').replace(/=+$/, '');
}

/** Escapes text for an HTML attribute or text node. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The Content-Security-Policy of the panel: nothing but our own script, styles and fonts. */
export function panelCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

// The whole panel is one main landmark, so a screen reader's landmark keys land on it and no
// part of it is left outside a landmark.
export function buildPanelHtml(options: PanelHtmlOptions): string {
  const nonce = escapeHtml(options.nonce);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(panelCsp(options.cspSource, options.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(options.styleUri)}">
<title>${escapeHtml(options.title)}</title>
</head>
<body>
<main id="app" class="app" aria-busy="true"><p class="loading">Loading results…</p></main>
<script nonce="${nonce}" src="${escapeHtml(options.scriptUri)}"></script>
</body>
</html>
`;
}
