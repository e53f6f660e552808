// The API key is a path segment (docs/decisions.md, decision 9): over http:// it crosses the network
// readable by anyone on the way. A plain http:// service on another machine is used only when
// the user agreed for that origin (README "Security"); loopback never leaves this machine.
// Pure.
import { LeakSearchError } from '../errors';
import { isLoopbackHost } from './loopback';

/** The origin that needs the user's consent before the key is sent to it, or undefined. */
export function clearTextOrigin(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname) ? url.origin : undefined;
}

/** The client's own refusal when no consent was given (the editor asks first). */
export function clearTextRefused(origin: string): LeakSearchError {
  return new LeakSearchError(
    'invalid-input',
    `Nothing was sent: ${origin} is a plain http:// address, so your API key, the domain and the records would travel unencrypted. Use https://, or confirm sending over HTTP when Leak Search asks`,
    { field: 'baseUrl' },
  );
}
