// The pure layers (src/core, the engine worker, the webview) translate with @vscode/l10n,
// which knows nothing of VS Code: they get the bundle VS Code loaded for the display
// language from here. English needs no bundle (vscode.l10n.bundle is then undefined).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';

/** The loaded translations, as the worker and the webview receive them; undefined for English. */
export function l10nBundle(): Readonly<Record<string, string>> | undefined {
  return vscode.l10n.bundle;
}

/** Core's messages in this extension host speak the display language. */
export function shareBundleWithCore(): void {
  const bundle = l10nBundle();
  if (bundle) l10n.config({ contents: bundle });
}
