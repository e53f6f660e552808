// The chunks of an answer's body as undici hands them over. A Node stream's own async
// iterator reads all that gathered while its consumer was busy as one joined, fresh buffer,
// so a body read by a consumer that waits (the engine's back-pressure on a large answer)
// would be copied once more on the way, on the extension host's thread, and its garbage would
// lengthen the host's collections. Pure: no vscode.
import type { Readable } from 'node:stream';

function prematureClose(): Error {
  return Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}

/**
 * Chunks waiting for the consumer before the stream is paused. Pausing for each chunk would
 * hold the sender back on every one; this much keeps the socket read while the consumer is
 * busy, and the consumer's pace still holds a large answer back.
 */
const QUEUED_BYTES = 256 * 1024;

/**
 * Each chunk of `stream` as it arrived, in order. The stream is paused while QUEUED_BYTES or
 * more wait for the consumer. It ends with the stream, throws the stream's error (or one for
 * a close before the end), and destroys the stream when the consumer stops early.
 */
export async function* chunksOf(stream: Readable): AsyncGenerator<Uint8Array, void, undefined> {
  const waiting: Uint8Array[] = [];
  let queued = 0;
  let ended = false;
  let failure: { readonly error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const onData = (chunk: Uint8Array): void => {
    waiting.push(chunk);
    queued += chunk.length;
    if (queued >= QUEUED_BYTES) stream.pause();
    notify();
  };
  const onEnd = (): void => {
    ended = true;
    notify();
  };
  const onError = (error: unknown): void => {
    failure ??= { error };
    notify();
  };
  const onClose = (): void => {
    if (!ended) failure ??= { error: prematureClose() };
    notify();
  };
  stream.on('data', onData);
  stream.on('end', onEnd);
  stream.on('error', onError);
  stream.on('close', onClose);
  try {
    for (;;) {
      const chunk = waiting.shift();
      if (chunk !== undefined) {
        queued -= chunk.length;
        yield chunk;
        continue;
      }
      if (failure !== undefined) throw failure.error;
      if (ended) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
        stream.resume();
      });
    }
  } finally {
    stream.off('data', onData);
    stream.off('end', onEnd);
    stream.off('close', onClose);
    // Still heard: an error the stream reports later must not end the process unheard.
    stream.off('error', onError);
    stream.on('error', ignore);
    if (!ended) stream.destroy();
  }
}

function ignore(): void {}
