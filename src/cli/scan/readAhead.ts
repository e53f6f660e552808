// Reads the contents of what `leak-search scan` scans a few items ahead of the scan, in order.
// A blob asked of `git cat-file` one at a time leaves git and the scanner waiting on each
// other; with several asked ahead, git writes the next while the scanner reads this one. At
// most `depth` contents are held at once, each at most the largest scanned file, so memory
// stays bounded whatever the tree.

/** One item and what `read` made of it (a rejected read rethrows when its turn comes). */
export interface ReadItem<T, C> {
  readonly item: T;
  readonly content: C;
}

export async function* readAhead<T, C>(items: AsyncIterable<T>, depth: number, read: (item: T) => Promise<C>): AsyncGenerator<ReadItem<T, C>> {
  const queue: { readonly item: T; readonly content: Promise<C> }[] = [];
  const source = items[Symbol.asyncIterator]();
  let listed = false;
  try {
    for (;;) {
      while (!listed && queue.length < depth) {
        const next = await source.next();
        if (next.done === true) {
          listed = true;
          break;
        }
        const content = read(next.value);
        // Its failure is reported in order, below; until then it must not count as unhandled.
        content.catch(() => undefined);
        queue.push({ item: next.value, content });
      }
      const head = queue.shift();
      if (head === undefined) return;
      yield { item: head.item, content: await head.content };
    }
  } finally {
    if (!listed) await source.return?.(undefined);
  }
}

/** Items in batches, as `readAhead` gives them, for items that read nothing ahead (files read in their turn). */
export async function* unread<T>(batches: AsyncIterable<readonly T[]>): AsyncGenerator<ReadItem<T, undefined>[]> {
  for await (const batch of batches) yield batch.map((item) => ({ item, content: undefined }));
}

/** Each item as a batch of its own. */
export async function* singly<T>(items: AsyncIterable<T>): AsyncGenerator<T[]> {
  for await (const item of items) yield [item];
}

/**
 * `items`, the first of them asked for now: their source (git listing a tree) starts at once
 * and works while the caller does something else first (loads the results). A caller that
 * never reads them ends them with `return`.
 */
export function startedNow<T>(items: AsyncGenerator<T>): AsyncIterableIterator<T> & { return(): Promise<IteratorResult<T>> } {
  const first = items.next();
  // Its failure is seen when it is read; until then it must not count as unhandled.
  first.catch(() => undefined);
  let given = false;
  const started = {
    next: (): Promise<IteratorResult<T>> => {
      if (given) return items.next();
      given = true;
      return first;
    },
    return: (): Promise<IteratorResult<T>> => {
      given = true;
      return items.return(undefined);
    },
    [Symbol.asyncIterator]: () => started,
  };
  return started;
}
