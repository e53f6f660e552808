// The Output channel ("Leak Search", a LogOutputChannel). Every line goes through `redact`
// with the keys this session knows, so the API key never reaches the log.
import * as vscode from 'vscode';
import { Disposable } from '../core/lifecycle';
import { redact } from '../core/text/redact';

export class Logger extends Disposable {
  readonly channel: vscode.LogOutputChannel;

  constructor(private readonly secrets: () => readonly string[]) {
    super();
    this.channel = this._register(vscode.window.createOutputChannel('Leak Search', { log: true }));
  }

  info(message: string): void {
    this.channel.info(this.#clean(message));
  }

  warn(message: string): void {
    this.channel.warn(this.#clean(message));
  }

  error(message: string): void {
    this.channel.error(this.#clean(message));
  }

  debug(message: string): void {
    this.channel.debug(this.#clean(message));
  }

  show(): void {
    this.channel.show(true);
  }

  #clean(message: string): string {
    return redact(message, [...this.secrets()]);
  }
}
