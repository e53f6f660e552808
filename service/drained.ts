// Waits until a response can take more bytes (or the client went away): the back-pressure
// step of every streamed answer, normal (handler.ts) or faulty (faults.ts).
import type { ServerResponse } from 'node:http';

export function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
