// chunksOf (src/core/client/bodyChunks.ts): an answer's body chunk by chunk as it arrived,
// never joined while the consumer waits; errors, early closes and early stops.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { chunksOf } from '../../../../src/core/client/bodyChunks';

/** A stream that pushes `chunks` one per turn of the event loop, whatever its reader does. */
function pushing(chunks: readonly Buffer[], end: (s: Readable) => void = (s) => s.push(null)): Readable {
  const s = new Readable({ read() {} });
  let i = 0;
  const next = (): void => {
    if (s.destroyed) return;
    if (i < chunks.length) {
      s.push(chunks[i++]);
      setImmediate(next);
    } else end(s);
  };
  setImmediate(next);
  return s;
}

/** A consumer busy for `n` turns of the event loop, in which the stream may run on (no clock involved). */
async function busy(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

const CHUNKS = Array.from({ length: 40 }, (_, i) => Buffer.alloc(1000, i));

describe('chunksOf', () => {
  it('yields each chunk as it was pushed, in order, while the consumer is slower than the stream', async () => {
    const got: Uint8Array[] = [];
    for await (const chunk of chunksOf(pushing(CHUNKS))) {
      got.push(chunk);
      await busy(3);
    }
    assert.equal(got.length, CHUNKS.length);
    got.forEach((chunk, i) => assert.equal(chunk, CHUNKS[i], `chunk ${i} is the buffer pushed, not a joined copy`));
  });

  it('throws the stream\'s error after the chunks before it', async () => {
    const boom = new Error('socket hang up');
    const got: Uint8Array[] = [];
    await assert.rejects(async () => {
      for await (const chunk of chunksOf(pushing(CHUNKS.slice(0, 3), (s) => s.destroy(boom)))) got.push(chunk);
    }, (e) => e === boom);
    assert.equal(got.length, 3);
  });

  it('throws when the stream closes before its end', async () => {
    await assert.rejects(async () => {
      for await (const _ of chunksOf(pushing(CHUNKS.slice(0, 2), (s) => s.destroy()))) void _;
    }, (e: NodeJS.ErrnoException) => e.code === 'ERR_STREAM_PREMATURE_CLOSE');
  });

  it('destroys the stream when the consumer stops early, and a later error is not left unheard', async () => {
    const stream = pushing(CHUNKS);
    let read = 0;
    for await (const chunk of chunksOf(stream)) {
      read += chunk.length;
      break;
    }
    assert.equal(read, CHUNKS[0]?.length);
    assert.equal(stream.destroyed, true);
    stream.emit('error', new Error('late'));
  });

  it('holds the stream back while its consumer is busy, instead of reading the whole answer ahead', async () => {
    let produced = 0;
    const total = 64;
    const stream = new Readable({
      read() {
        this.push(produced < total ? Buffer.alloc(64 * 1024, produced++) : null);
      },
    });
    let read = 0;
    for await (const chunk of chunksOf(stream)) {
      read += chunk.length;
      if (read === chunk.length) {
        // The consumer waits on its first chunk: the stream must not run on to its end meanwhile.
        await busy(200);
        assert.ok(produced < total / 4, `${produced} of ${total} chunks read ahead`);
      }
    }
    assert.equal(read, total * 64 * 1024);
  });

  it('ends at once on an empty stream', async () => {
    const got: Uint8Array[] = [];
    for await (const chunk of chunksOf(pushing([]))) got.push(chunk);
    assert.deepEqual(got, []);
  });

  it('reads an answer over HTTP in the pieces undici hands over, never joined, with every byte', async () => {
    // Written as fast as the socket takes them: undici pushes each read of the socket while
    // the consumer waits, and a stream's own iterator would join them.
    const piece = Buffer.alloc(16 * 1024, 'x');
    const total = 512 * piece.length;
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': String(total) });
      let sent = 0;
      const pump = (): void => {
        while (sent < total) {
          sent += piece.length;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await request(`http://127.0.0.1:${port}/`);
      // What undici hands to the body from here on, seen as it pushes (it may have pushed some
      // before the answer came back to us).
      const before = res.body.readableLength;
      const pushed: unknown[] = [];
      const push = res.body.push.bind(res.body);
      res.body.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
        // An empty chunk adds nothing to the stream.
        if (chunk !== null && (chunk as Uint8Array).length > 0) pushed.push(chunk);
        return push(chunk, encoding);
      };
      const got: Uint8Array[] = [];
      for await (const chunk of chunksOf(res.body)) {
        got.push(chunk);
        // A consumer that waits for another thread, as the engine's sink does.
        await busy(3);
      }
      assert.equal(got.reduce((n, c) => n + c.length, 0), total);
      assert.ok(pushed.length > 1);
      const early = got.length - pushed.length;
      assert.equal(got.slice(0, early).reduce((n, c) => n + c.length, 0), before);
      pushed.forEach((chunk, i) => assert.equal(got[early + i], chunk, `chunk ${early + i} is the one undici pushed, not a joined copy`));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
