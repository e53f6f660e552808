// A triage state in the user's language, for what the user reads: shared by the editor, the
// engine and the results panel's webview (no Node or vscode import). TRIAGE_LABELS in
// src/core/triage/triage.ts stays English, for the log.
import * as l10n from '@vscode/l10n';
import type { TriageStateName } from './webviewProtocol';

export function triageLabel(state: TriageStateName): string {
  switch (state) {
    case 'acknowledged': return l10n.t('acknowledged');
    case 'remediated': return l10n.t('remediated');
    case 'false-positive': return l10n.t('false positive');
  }
}
