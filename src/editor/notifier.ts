// User-facing messages go through one small interface, so tests in the extension host can
// observe what was shown (and which buttons) without mocking `vscode`. Showing never blocks
// the caller: the button's action runs when the user picks it.
import * as vscode from 'vscode';
import { Disposable } from '../core/lifecycle';
import { plainText } from '../core/text/plainText';
import { redact } from '../core/text/redact';

export type MessageLevel = 'info' | 'warning' | 'error';

export interface NotifierAction {
  readonly label: string;
  run(): unknown;
}

export interface ShownMessage {
  readonly level: MessageLevel;
  readonly message: string;
  /** The button labels, in order. */
  readonly actions: readonly string[];
  readonly at: number;
}

export interface Notifier {
  show(level: MessageLevel, message: string, actions?: readonly NotifierAction[]): void;
  /** The most recent messages, oldest first (at most 50). */
  readonly shown: readonly ShownMessage[];
  /** How many messages were shown in all (keeps growing when `shown` drops its oldest). */
  readonly count: number;
  readonly onDidShow: vscode.Event<ShownMessage>;
}

const KEEP = 50;

export class WindowNotifier extends Disposable implements Notifier {
  readonly #shown: ShownMessage[] = [];
  #count = 0;
  readonly #emitter = this._register(new vscode.EventEmitter<ShownMessage>());
  readonly onDidShow = this.#emitter.event;

  constructor(
    private readonly secrets: () => readonly string[],
    private readonly onActionError: (error: unknown) => void,
  ) {
    super();
  }

  get shown(): readonly ShownMessage[] {
    return this.#shown;
  }

  get count(): number {
    return this.#count;
  }

  show(level: MessageLevel, raw: string, actions: readonly NotifierAction[] = []): void {
    // VS Code renders [label](command:…) in notifications as a link that runs a command: every
    // message is made plain here, whatever outside text (a server's words, a setting) is in it;
    // the known secrets are masked before it is cut, so a cut never leaves part of one.
    const message = plainText(redact(raw, this.secrets()), 1000);
    const entry: ShownMessage = { level, message, actions: actions.map((a) => a.label), at: Date.now() };
    this.#shown.push(entry);
    this.#count++;
    if (this.#shown.length > KEEP) this.#shown.shift();
    const labels = actions.map((a) => a.label);
    const shown = level === 'error'
      ? vscode.window.showErrorMessage(message, ...labels)
      : level === 'warning'
        ? vscode.window.showWarningMessage(message, ...labels)
        : vscode.window.showInformationMessage(message, ...labels);
    this.#emitter.fire(entry);
    void Promise.resolve(shown).then(async (choice) => {
      const action = actions.find((a) => a.label === choice);
      if (action) await action.run();
    }).catch(this.onActionError);
  }
}
