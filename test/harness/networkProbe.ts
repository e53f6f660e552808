// Records outgoing network activity in this Node process through diagnostics_channel:
// sockets (net), undici requests (fetch and the bundled undici) and node:http requests.
// Only the channel, the host and the calling stack are kept — never a path (keys live in paths).
import * as diagnostics from 'node:diagnostics_channel';

export const NETWORK_CHANNELS = ['net.client.socket', 'undici:request:create', 'http.client.request.start'] as const;

export interface NetworkEvent {
  readonly channel: string;
  readonly host: string;
  /** The stack of the code that started it, to tell the extension's requests from others'. */
  readonly stack: string;
}

export interface NetworkProbe {
  readonly events: readonly NetworkEvent[];
  stop(): void;
}

export function startNetworkProbe(): NetworkProbe {
  const events: NetworkEvent[] = [];
  const handlers = NETWORK_CHANNELS.map((channel) => {
    const handler = (message: unknown): void => {
      events.push({ channel, host: hostOf(message), stack: new Error('network').stack ?? '' });
    };
    diagnostics.subscribe(channel, handler);
    return { channel, handler };
  });
  return {
    events,
    stop(): void {
      for (const { channel, handler } of handlers) diagnostics.unsubscribe(channel, handler);
    },
  };
}

function hostOf(message: unknown): string {
  if (typeof message !== 'object' || message === null) return '?';
  const m = message as { request?: { origin?: unknown; host?: unknown }; socket?: { remoteAddress?: unknown; _host?: unknown } };
  const candidate = m.request?.origin ?? m.request?.host ?? m.socket?._host ?? m.socket?.remoteAddress;
  return typeof candidate === 'string' ? candidate : '?';
}
