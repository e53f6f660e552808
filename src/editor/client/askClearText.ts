// The modal question before the API key is sent in clear text (see clearTextConsent.ts).
import * as vscode from 'vscode';
import { plainText } from '../../core/plainText';

export const SEND_OVER_HTTP = 'Send Over HTTP';

export async function askClearText(origin: string): Promise<boolean> {
  const shown = plainText(origin, 200);
  const answer = await vscode.window.showWarningMessage(
    `Send your API key to ${shown} in clear text?`,
    {
      modal: true,
      detail: `${shown} is a plain http:// address. Your API key (part of every request's address), the domains you check and the leaked records that come back would travel unencrypted: anyone on the network path could read them. Use an https:// address if the service has one. Leak Search asks once for this address.`,
    },
    SEND_OVER_HTTP,
  );
  return answer === SEND_OVER_HTTP;
}
