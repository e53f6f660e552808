// A masked hint of an ignored identifier, stored next to its salted hash so the user can
// tell the entries of "Show Ignored Identifiers" apart without the store naming the
// identifier: "a•••@example.com", "vpn.example.com/…", "password of a•••@example.com".
// Pure; unit-tested in test/unit/core/scan/ignoredHint.test.ts.

const MASK = '•••';

function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return maskName(email);
  return `${email.charAt(0)}${MASK}${email.slice(at)}`;
}

function maskName(name: string): string {
  return name === '' ? MASK : `${name.charAt(0)}${MASK}`;
}

function hostOf(url: string): string {
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/?#]*@)?([^/?#:]+)/i.exec(url);
  return m?.[1] ?? MASK;
}

export function ignoredHint(kind: string, identifier: string, owners: readonly string[] = []): string {
  switch (kind) {
    case 'email':
      return maskEmail(identifier);
    case 'username':
      return identifier.includes('@') ? maskEmail(identifier) : maskName(identifier);
    case 'url':
      return `${hostOf(identifier)}/…`;
    case 'host':
      return identifier;
    case 'password': {
      const owner = owners[0];
      return owner ? `password of ${maskEmail(owner)}${owners.length > 1 ? ` and ${owners.length - 1} more` : ''}` : 'a password';
    }
    default:
      return MASK;
  }
}
