// Opens the engine's session the way every subcommand needs it: the key and address from
// environment.ts, proxies from HTTPS_PROXY/HTTP_PROXY/NO_PROXY, the system's certificates
// plus NODE_EXTRA_CA_CERTS, plain http only for true loopback or with --allow-http.
import type { ClientOptions } from '../core/client/client';
import { clearTextOrigin } from '../core/client/net/clearText';
import { LeakSearchSession } from '../engine/leakSearchSession';
import { apiKeyOf, baseUrlOf } from './environment';
import { UsageError } from './exitCodes';
import type { Reporter } from './output';

export interface ServiceFlags {
  readonly baseUrl?: string;
  readonly apiKeyStdin?: boolean;
  readonly allowHttp?: boolean;
  readonly timeout?: number;
}

export function clientOptions(flags: ServiceFlags, env: NodeJS.ProcessEnv): ClientOptions {
  return {
    ...(flags.timeout !== undefined ? { timeoutMs: flags.timeout * 1000 } : {}),
    clearTextAllowed: () => flags.allowHttp === true,
    network: {
      proxy: { setting: '', noProxy: [], support: 'override', env },
      strictSSL: true,
      systemCertificates: true,
      fetchAdditionalSupport: false,
    },
  };
}

/** `scans`: the session will scan files against what it checks (its index is built as answers arrive). */
export async function openSession(flags: ServiceFlags, io: { readonly env: NodeJS.ProcessEnv; readonly stdin: NodeJS.ReadStream; readonly stderr: NodeJS.WriteStream }, reporter: Reporter, scans = false): Promise<LeakSearchSession> {
  const baseUrl = baseUrlOf(flags.baseUrl, io.env);
  // Refused before the key is read, once, in the command line's own words (the client's
  // refusal speaks of the editor's question, and would come once per domain).
  const clearText = clearTextOrigin(baseUrl);
  if (clearText !== undefined && flags.allowHttp !== true) {
    throw new UsageError(`Nothing was sent: ${clearText} is a plain http:// address, so the API key, the domains and the records would travel unencrypted. Use https://, or pass --allow-http.`);
  }
  const apiKey = await apiKeyOf({ env: io.env, fromStdin: flags.apiKeyStdin === true, stdin: io.stdin, stderr: io.stderr });
  return LeakSearchSession.open({
    baseUrl,
    apiKey,
    client: clientOptions(flags, io.env),
    indexWhileChecking: scans,
    log: (level, message) => (level === 'info' ? undefined : reporter.warn(message)),
  });
}
