// A search answer's body as the service writes it, in pieces: handler.ts streams them, and
// search.ts may keep them serialised.

/** Records per piece. */
const RECORDS_PER_WRITE = 2000;

/**
 * A search answer's body in pieces: the head with the first batch of records, each further
 * batch, the tail. A million records never become one string in memory.
 */
export function* answerPieces(results: readonly unknown[]): Generator<string> {
  // One stringify of the batch's array, its brackets cut off: the same text as each record's
  // stringify joined by commas, at half the CPU (the service shares the machine with the
  // editor in benches and the demo).
  const batch = (i: number): string => JSON.stringify(results.slice(i, i + RECORDS_PER_WRITE)).slice(1, -1);
  yield `{"count":${results.length},"results":[${batch(0)}`;
  for (let i = RECORDS_PER_WRITE; i < results.length; i += RECORDS_PER_WRITE) yield `,${batch(i)}`;
  yield ']}';
}
