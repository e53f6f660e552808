// The modal question before the API key is sent in clear text (see clearTextConsent.ts).
import * as vscode from 'vscode';
import { plainText } from '../../core/text/plainText';

export async function askClearText(origin: string): Promise<boolean> {
  const shown = plainText(origin, 200);
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Send your API key to {0} in clear text?', shown),
    {
      modal: true,
      detail: vscode.l10n.t("{0} is a plain http:// address. Your API key (part of every request's address), the domains you check and the leaked records that come back would travel unencrypted: anyone on the network path could read them. Use an https:// address if the service has one. Leak Search asks once for this address.", shown),
    },
    vscode.l10n.t('Send Over HTTP'),
  );
  return answer === vscode.l10n.t('Send Over HTTP');
}
