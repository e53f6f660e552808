// The API key is a path segment (docs/decisions.md, decision 9): over http:// it crosses the network
// readable by anyone on the way. A plain http:// service is used only when the user agreed for
// that exact origin (README "Security"), unless the URL plainly names this machine (loopback.ts):
// loopback never leaves it. Pure.
import { LeakSearchError } from '../../service/errors';
import { isLoopbackUrl } from './loopback';

/**
 * The origin that needs the user's consent before the key is sent to it, or undefined. The
 * origin is the parsed one (where the key would go): `http://0x7f.1` asks about
 * `http://127.0.0.1`.
 */
export function clearTextOrigin(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' && !isLoopbackUrl(baseUrl) ? url.origin : undefined;
}

/** The client's own refusal when no consent was given (the editor asks first). */
export function clearTextRefused(origin: string): LeakSearchError {
  return new LeakSearchError(
    'invalid-input',
    `Nothing was sent: ${origin} is a plain http:// address, so your API key, the domain and the records would travel unencrypted. Use https://, or confirm sending over HTTP when Leak Search asks`,
    { field: 'baseUrl' },
  );
}
