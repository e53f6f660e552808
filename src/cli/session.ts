// Opens the engine's session the way every subcommand needs it: the key and address from
// environment.ts, proxies from HTTPS_PROXY/HTTP_PROXY/NO_PROXY, the system's certificates
// plus NODE_EXTRA_CA_CERTS, plain http only for true loopback or with --allow-http.
import type { ClientOptions } from '../core/client/client';
import { LeakSearchSession } from '../engine/leakSearchSession';
import { apiKeyOf, baseUrlOf } from './environment';
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

export async function openSession(flags: ServiceFlags, io: { readonly env: NodeJS.ProcessEnv; readonly stdin: NodeJS.ReadStream; readonly stderr: NodeJS.WriteStream }, reporter: Reporter): Promise<LeakSearchSession> {
  const baseUrl = baseUrlOf(flags.baseUrl, io.env);
  const apiKey = await apiKeyOf({ env: io.env, fromStdin: flags.apiKeyStdin === true, stdin: io.stdin, stderr: io.stderr });
  return LeakSearchSession.open({
    baseUrl,
    apiKey,
    client: clientOptions(flags, io.env),
    log: (level, message) => (level === 'info' ? undefined : reporter.warn(message)),
  });
}
