// The results panel's "Triage…" and "What to do" buttons: the engine says which records the
// selected row or group holds (triage ids, findings type, machine size); the user picks a
// decision, or the guide that fits opens.
import * as vscode from 'vscode';
import { guideFor } from '../../core/text/guides';
import type { GuideKind } from '../../core/text/guides';
import { triageLabel } from '../../shared/triageLabel';
import type { TriageState } from '../../core/triage/triage';
import { formatCount } from '../../core/text/format';
import type { PanelSelection } from '../../engine/workerProtocol';
import type { GuideRequest, ResponseMessage, TriageRequest } from '../../shared/webviewProtocol';

export interface PanelActionDeps {
  /** What the request's target holds (asked of the engine). */
  selection(request: TriageRequest | GuideRequest): Promise<PanelSelection>;
  /** Marks records of the panel's service (0: cancelled). */
  mark(ids: readonly string[], state: TriageState | undefined): Promise<number>;
  openGuide(kind: GuideKind): Promise<unknown>;
  /** The findings type of the panel's result (the guide when nothing is selected). */
  readonly type: 'accounts' | 'customers';
}

const CHOICES = (): readonly { readonly label: string; readonly state: TriageState | undefined }[] => [
  { label: vscode.l10n.t('Acknowledged'), state: 'acknowledged' },
  { label: vscode.l10n.t('Remediated (password rotated, sessions revoked, device cleaned)…'), state: 'remediated' },
  { label: vscode.l10n.t('False positive / not ours'), state: 'false-positive' },
  { label: vscode.l10n.t('Clear the decision'), state: undefined },
];

export async function answerPanelAction(request: TriageRequest | GuideRequest, deps: PanelActionDeps): Promise<ResponseMessage> {
  const selection = 'whole' in request.target ? undefined : await deps.selection(request);
  if (request.type === 'guide') {
    const kind = selection ? guideFor({ type: selection.type, machineGroup: selection.machineGroup, machineRecords: selection.machineRecords }) : guideFor({ type: deps.type });
    await deps.openGuide(kind);
    return { type: 'response', id: request.id, ok: true, message: vscode.l10n.t('Guide opened') };
  }
  if (!selection || selection.ids.length === 0) return { type: 'response', id: request.id, ok: false, message: vscode.l10n.t('Nothing to triage there.') };
  const what = selection.machineGroup ? vscode.l10n.t('the {0} of this infected machine', formatCount(selection.ids.length)) : formatCount(selection.ids.length);
  const picked = await vscode.window.showQuickPick(CHOICES().map((c) => ({ label: c.label, choice: c })), { title: vscode.l10n.t('Triage {0}', what), placeHolder: vscode.l10n.t('Decision') });
  if (!picked) return { type: 'response', id: request.id, ok: false, message: vscode.l10n.t('Triage cancelled') };
  const changed = await deps.mark(selection.ids, picked.choice.state);
  if (changed === 0) return { type: 'response', id: request.id, ok: false, message: vscode.l10n.t('Triage cancelled') };
  const state = picked.choice.state;
  return { type: 'response', id: request.id, ok: true, message: vscode.l10n.t('{0} marked {1}', formatCount(changed), state ? triageLabel(state) : vscode.l10n.t('not triaged')) };
}
