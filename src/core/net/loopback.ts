// Whether a host is this machine. VS Code never sends loopback requests through a proxy
// (see README "Behind a corporate proxy"), and a clear-text http:// URL to loopback never
// crosses a network. Pure.
import { isIP } from 'node:net';

/** `localhost`, `*.localhost`, 127.0.0.0/8, ::1 (with or without brackets). */
export function isLoopbackHost(rawHost: string): boolean {
  const host = rawHost.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(host);
  return false;
}
