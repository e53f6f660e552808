// Tiny DOM helpers. Everything is built with createElement/textContent: record fields are
// hostile input and are never parsed as markup.
import * as l10n from '@vscode/l10n';

export interface ElementOptions {
  readonly className?: string;
  readonly text?: string;
  readonly attrs?: Readonly<Record<string, string>>;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  options?: ElementOptions,
  children?: readonly Node[],
): HTMLElementTagNameMap[K];
export function el(tag: string, options?: ElementOptions, children?: readonly Node[]): HTMLElement;
export function el(tag: string, options: ElementOptions = {}, children: readonly Node[] = []): HTMLElement {
  const element = document.createElement(tag);
  if (options.className) element.className = options.className;
  if (options.attrs) for (const [name, value] of Object.entries(options.attrs)) element.setAttribute(name, value);
  if (options.text !== undefined) element.textContent = options.text;
  for (const child of children) element.append(child);
  return element;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Readonly<Record<string, string | number>> = {},
  children: readonly Node[] = [],
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  for (const child of children) element.append(child);
  return element;
}

/** A codicon glyph (decorative). */
export function icon(name: string): HTMLSpanElement {
  return el('span', { className: `codicon codicon-${name}`, attrs: { 'aria-hidden': 'true' } });
}

export function clear(element: Element): void {
  element.replaceChildren();
}

export const numberFormat = new Intl.NumberFormat('en-US');

/** "1 record" / "12,345 records" in the user's language. */
export function recordCount(count: number): string {
  return count === 1 ? l10n.t('{0} record', numberFormat.format(count)) : l10n.t('{0} records', numberFormat.format(count));
}
