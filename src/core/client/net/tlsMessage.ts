// What a user reads when a secure connection fails: which certificate was presented (when it
// could be read again, see peerCertificate.ts) and the one next step that fixes that case.
// Pure.
import type { CertificateFacts } from './certificate';
import { describeCertificate } from './certificate';
import type { SettingRef } from '../../service/errors';

/** Codes that mean "no trust store here accepts the issuer". */
const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
]);

export function isUntrustedCode(code: string): boolean {
  return UNTRUSTED.has(code);
}

export interface TlsFailure {
  /** The origin (or proxy) the connection was for. */
  readonly via: string;
  readonly code: string;
  readonly certificate?: CertificateFacts;
  /** `http.systemCertificates`. */
  readonly systemCertificates: boolean;
}

/** The message and what to change, or undefined for a code this module has nothing specific to say about. */
export function tlsFailureMessage(f: TlsFailure): { readonly message: string; readonly setting?: SettingRef } | undefined {
  const cert = f.certificate ? ` ${describeCertificate(f.certificate)}.` : '';
  if (isUntrustedCode(f.code)) {
    const next = f.systemCertificates
      ? 'If your company inspects TLS traffic, add its root CA certificate to the operating system’s trust store.'
      : 'The operating system’s trust store (where a company root CA is installed) is not used.';
    return { message: `A secure connection to ${f.via} failed: its TLS certificate is not trusted here (${f.code}).${cert} ${next}`, setting: f.systemCertificates ? 'trustStore' : 'systemCertificates' };
  }
  if (f.code === 'ERR_TLS_CERT_ALTNAME_INVALID' || f.code === 'HOSTNAME_MISMATCH') {
    return { message: `A secure connection to ${f.via} failed: its TLS certificate is for a different host name (${f.code}).${cert} Check the service address.`, setting: 'baseUrl' };
  }
  if (f.code === 'CERT_HAS_EXPIRED') {
    return { message: `A secure connection to ${f.via} failed: its TLS certificate has expired (${f.code}).${cert} Check your computer’s clock; otherwise the service must renew its certificate.` };
  }
  return undefined;
}
