// The connection to a proxy that opens CONNECT tunnels for undici's ProxyAgent (its
// `clientFactory`). Undici's own loops when the proxy closes the connection instead of answering
// CONNECT: ProxyAgent passes the "other side closed" error (UND_ERR_SOCKET) on as it is, and a
// client that meets that code while connecting keeps the request and connects again at once
// (onError in undici's lib/dispatcher/client.js spares it), thousands of times a second for as
// long as the request waits. Here every CONNECT that fails becomes a TunnelFailure, whose code is
// not that one: the request fails at once, and the client's bounded retries decide what follows
// (client.ts). The proxy's answer to CONNECT must also start within the request timeout.
import type { Dispatcher, Pool } from 'undici';
import type { Duplex } from 'node:stream';
import { undici } from './undici';

export const TUNNEL_FAILURE = 'LEAKSEARCH_PROXY_TUNNEL';

/** A CONNECT that did not open a tunnel; `cause` is undici's error. */
export class TunnelFailure extends Error {
  readonly code = TUNNEL_FAILURE;

  constructor(override readonly cause: unknown) {
    super('The proxy did not open a tunnel.');
  }
}

type Connect = (options: Dispatcher.ConnectOptions) => Promise<Dispatcher.ConnectData>;

/**
 * A ProxyAgent `clientFactory`: the pool to the proxy, with failed CONNECTs made final. The
 * tunnels it opened end with it: destroying the ProxyAgent destroys this pool, and a tunnel
 * whose TLS handshake with the service still hangs would otherwise stay open until it times out.
 */
export function tunnelClientFactory(timeoutMs: number): (origin: URL, options: object) => Dispatcher {
  return (origin, options) => {
    const pool = new (undici().Pool)(origin, { ...options, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    const tunnels = new Set<Duplex>();
    const connect = pool.connect.bind(pool) as Connect;
    // Undici's promise form of destroy calls `this.destroy` again with a callback: every form
    // passes through.
    const destroy = pool.destroy.bind(pool) as (...args: unknown[]) => unknown;
    // ProxyAgent calls the promise forms only.
    const guarded: Connect = async (o) => {
      try {
        const data = await connect(o);
        tunnels.add(data.socket);
        data.socket.once('close', () => tunnels.delete(data.socket));
        return data;
      } catch (e) {
        throw new TunnelFailure(e);
      }
    };
    const destroyAll = (...args: unknown[]): unknown => {
      for (const socket of tunnels) socket.destroy();
      tunnels.clear();
      return destroy(...args);
    };
    return Object.assign(pool, { connect: guarded, destroy: destroyAll as Pool['destroy'] });
  };
}
