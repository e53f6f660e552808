// Record values are data from a leak, not markup: escaped before they go into a hover. The
// one escaper lives in src/core/plainText.ts.
export { escapeMarkdown } from '../../core/plainText';
