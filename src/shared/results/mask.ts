// Masking of secret cells. A mask never reveals the secret's length. Pure.
import { visibleText } from '../../core/plainText';

/** What a masked secret shows. */
export const MASK = '••••••••';

/**
 * The text to show for a cell: the mask unless the cell is secret and revealed (and not in
 * presentation mode). Record text is shown as it is, minus controls and invisible format
 * characters (a right-to-left override would reorder what the user reads).
 */
export function displayText(value: string, secret: boolean, revealed: boolean, presentation: boolean): string {
  if (!secret) return visibleText(value);
  if (!value) return '';
  return revealed && !presentation ? visibleText(value) : MASK;
}
