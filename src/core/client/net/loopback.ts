// Whether a host is this machine. Only the plain spellings count: the exact name `localhost`
// (which the client connects to without asking DNS, see localhostLookup.ts), 127.0.0.0/8 in
// dotted decimal, and ::1. `*.localhost`, a trailing dot, IPv4-mapped addresses and every other
// spelling of an address are judged like any other host: a name that resolves to loopback today
// may not tomorrow, and an unusual spelling is how an address gets disguised. Pure.

const DOTTED_127 = /^127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** `localhost` (any case), 127.x.y.z in plain dotted decimal, `::1` or `[::1]`; nothing else. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h === '::1' || h === '[::1]' || DOTTED_127.test(h);
}

/**
 * Whether an http(s) URL points at this machine as it is WRITTEN: the URL parser turns
 * `0x7f.1`, `2130706433`, `127.1`, `127.0.0.1.`, `%6cocalhost` or `[0:0::1]` into a loopback
 * host, but only a host that the parser leaves as it was (apart from case) counts.
 */
export function isLoopbackUrl(written: string): boolean {
  const s = written.trim();
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return false;
  }
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(s)?.[1];
  if (authority === undefined) return false;
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const host = hostPort.startsWith('[') ? hostPort.slice(0, hostPort.indexOf(']') + 1) : hostPort.replace(/:[^:]*$/, '');
  return host.toLowerCase() === url.hostname && isLoopbackHost(url.hostname);
}
