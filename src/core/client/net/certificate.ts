// A TLS certificate described for a message: subject, issuer, host names, expiry and the root
// of the chain, as bounded plain text (certificate fields are outside text). Reads the shape
// of Node's `TLSSocket.getPeerCertificate(true)`. Pure.
import { plainText } from '../../text/plainText';

type Names = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface PeerCertificateShape {
  readonly subject?: Names;
  readonly issuer?: Names;
  readonly subjectaltname?: string;
  readonly valid_from?: string;
  readonly valid_to?: string;
  readonly issuerCertificate?: PeerCertificateShape;
  readonly fingerprint256?: string;
}

export interface CertificateFacts {
  readonly subject: string;
  readonly issuer: string;
  /** DNS names and IP addresses it is valid for (at most 4). */
  readonly names: readonly string[];
  readonly validTo?: string;
  readonly expired: boolean;
  /** The last certificate of the chain the server sent (often the CA that must be trusted). */
  readonly root: string;
}

export function certificateFacts(cert: PeerCertificateShape, now: number): CertificateFacts {
  const names = (cert.subjectaltname ?? '')
    .split(',')
    .map((s) => s.trim().replace(/^(DNS|IP Address):/i, ''))
    .filter((s) => s !== '')
    .slice(0, 4)
    .map((s) => plainText(s, 100));
  const validTo = cert.valid_to !== undefined ? Date.parse(cert.valid_to) : NaN;
  let root = cert;
  const seen = new Set<PeerCertificateShape>([cert]);
  while (root.issuerCertificate && !seen.has(root.issuerCertificate)) {
    root = root.issuerCertificate;
    seen.add(root);
  }
  return {
    subject: distinguishedName(cert.subject),
    issuer: distinguishedName(cert.issuer),
    names,
    ...(Number.isFinite(validTo) ? { validTo: new Date(validTo).toISOString().slice(0, 10) } : {}),
    expired: Number.isFinite(validTo) && validTo < now,
    root: distinguishedName(root === cert ? cert.issuer : root.subject),
  };
}

/** "CN=…, O=…" from the parts that name it, bounded. */
function distinguishedName(names: Names | undefined): string {
  if (!names) return 'unknown';
  const parts: string[] = [];
  for (const key of ['CN', 'O', 'OU']) {
    const v = names[key];
    const value = Array.isArray(v) ? v.join(' / ') : typeof v === 'string' ? v : undefined;
    if (value !== undefined && value !== '') parts.push(`${key}=${plainText(value, 80)}`);
  }
  return parts.length > 0 ? parts.join(', ') : 'unknown';
}

/** One sentence naming the certificate, for an error message. */
export function describeCertificate(facts: CertificateFacts): string {
  const names = facts.names.length > 0 ? `, for ${facts.names.join(', ')}` : '';
  const expiry = facts.validTo !== undefined ? `, ${facts.expired ? 'expired' : 'valid until'} ${facts.validTo}` : '';
  const root = facts.root !== facts.issuer ? `; its chain ends at ${facts.root}` : '';
  return `The certificate presented is ${facts.subject}, issued by ${facts.issuer}${names}${expiry}${root}`;
}
