// Record values are data from a leak, not markup: escaped before they go into a hover.
// Pure: no vscode.

/**
 * Escapes Markdown and table syntax, and `:`/`@` so no URL or e-mail becomes a link; folds
 * line breaks. The value renders as the plain text it is.
 */
export function escapeMarkdown(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').replace(/[\\`*_{}[\]()#+!|<>~&:@]/g, (c) => `\\${c}`);
}
