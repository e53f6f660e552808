// Which fields of a leaked record hold a secret, so they are masked, never searched, and left
// out of exports and summaries unless the user asks — like the accounts `password`. Customers
// records have an open shape, so a secret is recognised by its field name and by nesting: a
// field whose value is an object holding a secret-named key (at any depth) is secret as a
// whole. The list is documented in the README ("Privacy and security"). Pure.

/** Name parts that mark a secret on their own (`pw`, `user_pass`, `loginPin`, `otp`…). */
const SECRET_WORDS: ReadonlySet<string> = new Set([
  'password', 'passwords', 'passwd', 'pass', 'pwd', 'pw', 'passphrase', 'passcode', 'pin', 'pincode',
  'secret', 'secrets', 'token', 'tokens', 'credential', 'credentials', 'creds', 'cookie', 'cookies',
  'otp', 'totp', 'cvv', 'cvc', 'cvv2', 'auth', 'authorization', 'bearer', 'session', 'sessionid', 'jwt',
  'apikey', 'privatekey', 'accesskey', 'secretkey', 'clientsecret', 'accesstoken', 'refreshtoken',
]);

/** Two-part names that mark a secret (`api_key`, `private-key`, `client secret`…). */
const SECRET_PAIRS: ReadonlySet<string> = new Set([
  'api key', 'private key', 'access key', 'secret key', 'client secret', 'session id', 'auth token',
  'access token', 'refresh token', 'id token', 'card number', 'security code', 'master key', 'signing key',
]);

/** Long, distinctive words that mark a secret wherever they stand in a name (`userpassword`, `x_apitoken`). */
const SECRET_INFIXES = /password|passwd|passphrase|passcode|secret|token|credential|cookie|apikey|privatekey|accesskey/;

/** The lower-case words of a field name: split at separators and camelCase humps. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** Whether a field name says its value is a secret. */
export function isSecretName(name: string): boolean {
  if (name.length > 200) return isSecretName(name.slice(0, 200));
  const parts = words(name);
  for (let i = 0; i < parts.length; i++) {
    const word = parts[i] as string;
    if (SECRET_WORDS.has(word)) return true;
    if (i + 1 < parts.length && SECRET_PAIRS.has(`${word} ${parts[i + 1]}`)) return true;
  }
  return SECRET_INFIXES.test(parts.join(''));
}

/** The longest nested text looked at for secret keys (a longer value is secret by caution). */
const MAX_NESTED_SCAN = 1 << 20;

/**
 * Whether a nested value, kept as JSON text (see response.ts), holds a secret-named key at any
 * depth. Errs on the side of a secret: a key is any JSON string followed by `:`.
 */
export function nestedTextHasSecret(json: string): boolean {
  const first = json.charCodeAt(0);
  if (first !== 123 && first !== 91) return false; // not an object or array
  if (json.length > MAX_NESTED_SCAN) return true;
  const key = /"((?:[^"\\]|\\.){0,200})"\s*:/g;
  for (let m = key.exec(json); m !== null; m = key.exec(json)) {
    if (isSecretName(m[1] ?? '')) return true;
  }
  return false;
}
