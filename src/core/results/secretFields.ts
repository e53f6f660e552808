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

/**
 * "Password" in other languages: the word each language's software and login forms use,
 * compiled by hand from dictionary translations of the English noun (not a maintained list:
 * extend it when a record shows a name it misses). Stems, matched anywhere in a name with its
 * separators and accents removed (`Contraseña` → `contrasena`, `mot_de_passe` → `motdepasse`,
 * `hasło` and `haslo`), so compounds and inflections count (`benutzerpasswort`, `senhas`).
 */
const FOREIGN_INFIXES = new RegExp(
  [
    'passwort', 'kennwort', 'motdepasse', 'contrasen', 'contrasinal', 'senha', 'palavrapasse', 'wachtwoord',
    'losenord', 'adgangskode', 'passord', 'salasana', 'jelszo', 'haslo', 'hasło', 'heslo', 'geslo', 'lozink',
    'katasandi', 'matkhau', 'pasahitza', 'slaptazod', 'lykilord', 'parool', 'parola', 'sifre', 'şifre',
    'пароль', 'парол', 'лозинк', 'гасло', 'κωδικ', 'συνθηματικ', 'סיסמ', 'كلمةالمرور', 'كلمةالسر', 'رمزعبور',
    'पासवर्ड', 'कूटशब्द', 'পাসওয়ার্ড', 'รหัสผ่าน', '密码', '密碼', '口令', 'パスワード', '암호', '비밀번호',
  ].join('|'),
  'u',
);

/** Foreign words for a password that are also ordinary words inside others (`clave` in `autoclave`): whole words only. */
const FOREIGN_WORDS: ReadonlySet<string> = new Set(['clave', 'mdp', 'parole', 'sandi']);

/** The lower-case words of a field name: split at separators and camelCase humps, any script. */
function words(name: string): string[] {
  return name
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((w) => w !== '');
}

/** A text without its accents (`contraseña` → `contrasena`); scripts whose marks are letters keep them. */
function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/(\p{Script=Latin}|\p{Script=Greek}|\p{Script=Cyrillic})\p{M}+/gu, '$1').normalize('NFC');
}

function isForeignPassword(parts: readonly string[]): boolean {
  const joined = parts.join('');
  if (FOREIGN_INFIXES.test(joined) || FOREIGN_INFIXES.test(withoutAccents(joined))) return true;
  return parts.some((p) => FOREIGN_WORDS.has(withoutAccents(p)));
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
  return SECRET_INFIXES.test(parts.join('')) || isForeignPassword(parts);
}

/** Whether a field name says its value is a password, in English or another language (`pwd`, `Passwort`, `contraseña`, `пароль`). */
export function isPasswordName(name: string): boolean {
  if (name.length > 200) return false;
  const parts = words(name);
  return /^(pass(word)?|passwd|pwd)$/.test(parts.join('')) || isForeignPassword(parts);
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
