// "1 infected machine", "3 infected machines": a count with its noun, in the right number.
// Pure; unit-tested in test/unit/core/export/scanReport.test.ts.

/** The plural of a noun phrase: its last word gets the ending ("infected machine" → "infected machines"). */
export function pluralNoun(noun: string): string {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** "1 file", "2 files", "12,345 files" (grouped with commas, as elsewhere in messages). */
export function plural(count: number, noun: string, pluralForm?: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : (pluralForm ?? pluralNoun(noun))}`;
}
