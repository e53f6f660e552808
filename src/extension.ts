// Wiring only: builds the extension's context and registers everything through it.
import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // registrations arrive with the features
}

export function deactivate(): void {
  // everything is disposed through context.subscriptions
}
