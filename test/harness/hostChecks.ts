// Checks that run inside the extension host, shared by the integration activation tests
// and the smoke suite of the installed .vsix.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startNetworkProbe } from './networkProbe';
import type { NetworkEvent } from './networkProbe';

export const EXTENSION_ID = 'leaksearch.leak-search';

/** Network activity since the suite's files were loaded (before onStartupFinished, in practice). */
const suiteProbe = startNetworkProbe();

export interface ActivationReport {
  /** How long activate() took, or undefined when the extension was already active (activated at startup). */
  readonly durationMs: number | undefined;
  readonly commands: readonly string[];
  /** Network activity started by the extension's code during activation. */
  readonly ownNetwork: readonly NetworkEvent[];
  /** All network activity in the extension host during activation (other extensions included). */
  readonly allNetwork: readonly NetworkEvent[];
}

export function ourExtension(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not loaded in this window`);
  return extension;
}

/** The command ids the manifest contributes (the list grows with the features). */
export function contributedCommands(extension: vscode.Extension<unknown>): string[] {
  const manifest = extension.packageJSON as { contributes?: { commands?: readonly { command: string }[] } };
  return (manifest.contributes?.commands ?? []).map((c) => c.command);
}

/**
 * Activates the extension while recording its duration and network activity. When the
 * extension already activated at startup (onStartupFinished), the network activity since the
 * suite was loaded is used instead and the duration is unknown.
 */
export async function activateObserved(extension: vscode.Extension<unknown>): Promise<ActivationReport> {
  let durationMs: number | undefined;
  let events: readonly NetworkEvent[];
  if (extension.isActive) {
    events = [...suiteProbe.events];
  } else {
    const probe = startNetworkProbe();
    const started = performance.now();
    try {
      await extension.activate();
    } finally {
      probe.stop();
    }
    durationMs = performance.now() - started;
    events = probe.events;
  }
  const contributed = contributedCommands(extension);
  const commands = (await vscode.commands.getCommands(true)).filter((id) => contributed.includes(id));
  const root = extension.extensionPath;
  return { durationMs, commands, ownNetwork: events.filter((event) => event.stack.includes(root)), allNetwork: events };
}

export function describeActivation(report: ActivationReport): string {
  return (
    `activation ${report.durationMs === undefined ? 'happened at startup, before the test (time not observable)' : `took ${report.durationMs.toFixed(1)} ms`}; registered ${report.commands.length} command(s); ` +
    `network during activation: ${report.ownNetwork.length} by the extension, ${report.allNetwork.length} in the host`
  );
}

/** Contributed commands that are not registered. */
export async function missingCommands(extension: vscode.Extension<unknown>): Promise<string[]> {
  const registered = new Set(await vscode.commands.getCommands(true));
  return contributedCommands(extension).filter((id) => !registered.has(id));
}
