// A stand-in for the https host a release reads the README's pictures from (GitHub's raw files
// at the tag, tools/release/readmeImages.ts): this checkout's media/ folder served over https on
// 127.0.0.1 with a certificate of the test CA, for the .vsix layer's release dry run and the
// details page it is checked on. Serves files under media/ only, read-only.
import * as fs from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { createTestPki } from '../testPki';
import { repoRoot } from './paths';

export interface ImageHost {
  /** The base URL, ending in a slash: base + "media/…" is that file of the checkout. */
  readonly base: string;
  /** The test CA that signed its certificate (for NODE_EXTRA_CA_CERTS). */
  readonly caFile: string;
  close(): Promise<void>;
}

export async function startImageHost(): Promise<ImageHost> {
  const pki = createTestPki();
  const media = path.join(repoRoot, 'media');
  const server = https.createServer({ cert: pki.server.cert, key: pki.server.key }, (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'https://host').pathname);
    const file = path.join(repoRoot, pathname);
    if (request.method !== 'GET' || !file.startsWith(media + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.endsWith('.png') ? 'image/png' : 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `https://127.0.0.1:${port}/`,
    caFile: pki.caFile,
    async close(): Promise<void> {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      pki.remove();
    },
  };
}
