// What a user reads when a secure connection fails: which certificate was presented (when it
// could be read again, see peerCertificate.ts) and the one next step that fixes that case.
// Pure.
import type { CertificateFacts } from './certificate';
import { describeCertificate } from './certificate';

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

/** The message, or undefined for a code this module has nothing specific to say about. */
export function tlsFailureMessage(f: TlsFailure): string | undefined {
  const cert = f.certificate ? ` ${describeCertificate(f.certificate)}.` : '';
  if (isUntrustedCode(f.code)) {
    const next = f.systemCertificates
      ? 'If your company inspects TLS traffic, add its root CA certificate to the operating system’s trust store, then reload the window.'
      : 'http.systemCertificates is off, so the operating system’s trust store (where a company root CA is installed) is not used: turn it on and reload the window.';
    return `A secure connection to ${f.via} failed: its TLS certificate is not trusted here (${f.code}).${cert} ${next}`;
  }
  if (f.code === 'ERR_TLS_CERT_ALTNAME_INVALID' || f.code === 'HOSTNAME_MISMATCH') {
    return `A secure connection to ${f.via} failed: its TLS certificate is for a different host name (${f.code}).${cert} Check the address in leakSearch.baseUrl.`;
  }
  if (f.code === 'CERT_HAS_EXPIRED') {
    return `A secure connection to ${f.via} failed: its TLS certificate has expired (${f.code}).${cert} Check your computer’s clock; otherwise the service must renew its certificate.`;
  }
  return undefined;
}
