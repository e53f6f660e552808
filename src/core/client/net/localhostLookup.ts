// The name lookup of the client's own connections: the exact name `localhost` is answered here
// with the loopback addresses, never by DNS or a hosts file that could send it (and the API key
// with it) to another machine; every other name goes to the system's resolver as usual.
import { lookup as systemLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';

type Callback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

const LOOPBACK: readonly LookupAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

/** A `lookup` for net.connect / tls.connect (and undici's `connect` options). */
export function localhostLookup(hostname: string, options: LookupOptions, callback: Callback): void {
  if (hostname.toLowerCase() !== 'localhost') {
    (systemLookup as (name: string, o: LookupOptions, cb: Callback) => void)(hostname, options, callback);
    return;
  }
  const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
  const answers = LOOPBACK.filter((a) => family === undefined || family === 0 || a.family === family);
  process.nextTick(() => {
    if (options.all === true) callback(null, [...answers]);
    else callback(null, answers[0]?.address ?? '127.0.0.1', answers[0]?.family ?? 4);
  });
}
