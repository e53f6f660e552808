// Masking of secret cells. A mask never reveals the secret's length. Pure.

/** What a masked secret shows. */
export const MASK = '••••••••';

/** The text to show for a cell: the mask unless the cell is secret and revealed (and not in presentation mode). */
export function displayText(value: string, secret: boolean, revealed: boolean, presentation: boolean): string {
  if (!secret) return value;
  if (!value) return '';
  return revealed && !presentation ? value : MASK;
}
