// A workspace folder on disk, listed on the data engine's thread (workerProtocol.ts
// `listFiles`, src/core/scan/files/folderFiles.ts): this thread never waits on a disk, and
// gets the files a turn of the engine at a time. The next turn is asked for before this one's
// files are handed over, so the engine lists on while this thread handles them.
import type { EngineHost } from '../engine/engineHost';
import type { FolderToList } from '../../engine/workerProtocol';

/**
 * Lists `folder`, handing each turn's files (absolute paths) to `take` before the next turn's;
 * says whether it held more than `folder.max` files. Stops early, between turns, once `stopped`.
 */
export type ListFolder = (folder: FolderToList, take: (paths: string[]) => Promise<void>, stopped: () => boolean) => Promise<{ readonly truncated: boolean }>;

export function engineListing(engine: EngineHost): ListFolder {
  let listings = 0;
  return async (folder, take, stopped) => {
    const listing = ++listings;
    let next = engine.call('listFiles', { listing, folder });
    let over = false;
    try {
      for (;;) {
        const listed = await next;
        over = listed.done;
        if (!over) next = engine.call('listFiles', { listing });
        if (listed.paths.length > 0) await take(listed.paths);
        if (over) return { truncated: listed.truncated };
        if (stopped()) return { truncated: false };
      }
    } finally {
      // Stopped early (or `take` failed): the turn asked for ahead is dropped, and the listing ended.
      if (!over) {
        next.catch(() => undefined);
        engine.call('listFiles', { listing, stop: true }).catch(() => undefined);
      }
    }
  };
}
