// NO_PROXY / http.noProxy: which hosts go direct although a proxy is set. curl's documented
// rules (man curl, NO_PROXY), with VS Code's port rule added (README "Behind a corporate proxy"):
// - entries are separated by commas or white space; case does not matter;
// - a host name matches itself and its subdomains; a leading dot, or a leading `*.`, changes
//   nothing (`.example.com` matches example.com too); a trailing dot is ignored on both sides;
// - an IP address matches that address only, never a name; `addr/bits` is a CIDR range, for
//   IPv4 and IPv6; IPv6 may be written with or without brackets; an IPv4-mapped IPv6 host
//   (::ffff:10.0.0.1) is its IPv4 address (node:net's BlockList), the same destination;
// - `*` as an entry matches every host;
// - `host:port` and `[v6]:port` match that port only. curl has no ports here (such an entry
//   never matches there); VS Code's own reading of http.noProxy and NO_PROXY honours them, and
//   it is VS Code that applies these lists on its fetch route, so ours agrees with it;
// - an entry that cannot be read (`10.0.0.0/99`, `[::1`, `host:99999`) matches nothing.
// Building and matching are linear in the list and the host. Pure.
import { BlockList, isIP } from 'node:net';
import { domainToASCII } from 'node:url';

export interface NoProxyList {
  /** Entries read (those that cannot be read are left out). */
  readonly size: number;
  matches(target: URL): boolean;
}

const ANY_PORT = '';

/** Reads entries (each may itself hold several, separated by commas or white space). */
export function parseNoProxy(raw: readonly string[]): NoProxyList {
  let all = false;
  let size = 0;
  const names = new Map<string, Set<string>>();
  const addresses = new Map<string, BlockList>();
  for (const text of raw) {
    for (const token of text.split(/[\s,]+/)) {
      if (token === '') continue;
      if (token === '*') {
        all = true;
        size++;
        continue;
      }
      const entry = readEntry(token.toLowerCase());
      if (!entry) continue;
      size++;
      if (entry.kind === 'name') {
        const set = names.get(entry.port) ?? new Set<string>();
        set.add(entry.name);
        names.set(entry.port, set);
      } else {
        const list = addresses.get(entry.port) ?? new BlockList();
        list.addSubnet(entry.address, entry.bits, entry.family);
        addresses.set(entry.port, list);
      }
    }
  }
  return {
    size,
    matches(target) {
      if (all) return true;
      const host = target.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
      const port = target.port || (target.protocol === 'https:' ? '443' : '80');
      const family = isIP(host);
      if (family !== 0) {
        const type = family === 4 ? 'ipv4' : 'ipv6';
        return [ANY_PORT, port].some((p) => addresses.get(p)?.check(host, type) === true);
      }
      const sets = [names.get(ANY_PORT), names.get(port)].filter((s): s is Set<string> => s !== undefined);
      if (sets.length === 0) return false;
      // The host and each of its parent domains, shortest last.
      let name = host.endsWith('.') ? host.slice(0, -1) : host;
      for (;;) {
        if (sets.some((s) => s.has(name))) return true;
        const dot = name.indexOf('.');
        if (dot < 0) return false;
        name = name.slice(dot + 1);
      }
    },
  };
}

type Entry =
  | { readonly kind: 'name'; readonly name: string; readonly port: string }
  | { readonly kind: 'address'; readonly address: string; readonly bits: number; readonly family: 'ipv4' | 'ipv6'; readonly port: string };

function readEntry(token: string): Entry | undefined {
  let host = token;
  let written: string | undefined;
  let bits: string | undefined;
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    if (close < 0) return undefined;
    const rest = host.slice(close + 1);
    host = host.slice(1, close);
    if (rest.startsWith(':')) written = rest.slice(1);
    else if (rest.startsWith('/')) bits = rest.slice(1);
    else if (rest !== '') return undefined;
  } else {
    const colons = host.split(':').length - 1;
    // One colon is `host:port`; more is an IPv6 address without brackets (which has no port).
    if (colons === 1) [host, written] = host.split(':') as [string, string];
  }
  if (written !== undefined && (!/^\d{1,5}$/.test(written) || Number(written) > 65_535)) return undefined;
  const port = written === undefined ? ANY_PORT : String(Number(written));
  const slash = host.indexOf('/');
  if (slash >= 0) {
    if (bits !== undefined) return undefined;
    bits = host.slice(slash + 1);
    host = host.slice(0, slash);
  }
  const family = isIP(host);
  if (family !== 0) {
    const max = family === 4 ? 32 : 128;
    if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return undefined;
    const prefix = bits === undefined ? max : Number(bits);
    if (prefix > max) return undefined;
    return { kind: 'address', address: host, bits: prefix, family: family === 4 ? 'ipv4' : 'ipv6', port };
  }
  if (bits !== undefined) return undefined;
  let name = host.replace(/\.$/, '').replace(/^\*?\./, '');
  if (!/^[\x21-\x7e]*$/.test(name)) name = domainToASCII(name);
  return name === '' ? undefined : { kind: 'name', name, port };
}
