// Word lists the data generator draws from: browsers, countries, sites, names, passwords,
// and the deliberately awkward strings (hostile, very long, Unicode) the client must survive.

export const BROWSERS: readonly (readonly [string, number])[] = [
  ['Google Chrome', 46],
  ['Microsoft Edge', 18],
  ['Mozilla Firefox', 9],
  ['Opera', 5],
  ['Opera GX', 4],
  ['Brave', 4],
  ['Yandex Browser', 3],
  ['Chromium', 2],
  ['Vivaldi', 1],
  ['Safari', 1],
];

export const COUNTRIES: readonly (readonly [string, number])[] = [
  ['US', 14], ['BR', 11], ['IN', 10], ['ID', 6], ['VN', 5], ['TR', 5], ['PH', 4], ['MX', 4],
  ['DE', 4], ['FR', 3], ['GB', 3], ['EG', 3], ['PK', 3], ['CO', 2], ['AR', 2], ['PL', 2],
  ['ES', 2], ['IT', 2], ['NG', 2], ['UA', 2], ['TH', 2], ['MA', 1], ['DZ', 1], ['JP', 1],
  ['KR', 1], ['CA', 1], ['NL', 1], ['RO', 1], ['PE', 1], ['BD', 1], ['ZA', 1], ['IL', 1],
];

/** Corporate subdomains and login paths where employees sign in (accounts). */
export const CORPORATE_SITES: readonly (readonly [string, string])[] = [
  ['vpn', '/login'],
  ['vpn', '/remote/login'],
  ['mail', '/owa/auth/logon.aspx'],
  ['sso', '/adfs/ls/'],
  ['login', '/'],
  ['portal', '/signin'],
  ['gitlab', '/users/sign_in'],
  ['jira', '/login.jsp'],
  ['confluence', '/login.action'],
  ['citrix', '/Citrix/StoreWeb/'],
  ['vdi', '/portal/webclient/'],
  ['intranet', '/auth'],
  ['hr', '/psp/hrprd/?cmd=login'],
  ['jenkins', '/login'],
  ['grafana', '/login'],
  ['webmail', '/'],
];

/** Customer-facing subdomains and paths of the domain's own sites (customers). */
export const CUSTOMER_SITES: readonly (readonly [string, string])[] = [
  ['www', '/account/login'],
  ['www', '/login'],
  ['shop', '/customer/account/login/'],
  ['app', '/signin'],
  ['my', '/'],
  ['store', '/checkout'],
  ['members', '/login.php'],
  ['support', '/hc/signin'],
  ['billing', '/login'],
];

/** Sites elsewhere where people reuse their work e-mail. */
export const OTHER_SITES: readonly string[] = [
  'https://accounts.google.com/signin/v2/identifier',
  'https://login.microsoftonline.com/common/oauth2/authorize',
  'https://github.com/login',
  'https://www.linkedin.com/login',
  'https://www.facebook.com/login.php',
  'https://www.netflix.com/login',
  'https://zoom.us/signin',
  'https://app.slack.com/signin',
  'https://www.dropbox.com/login',
  'https://id.atlassian.com/login',
  'https://signin.aws.amazon.com/signin',
  'https://www.instagram.com/accounts/login/',
  'https://discord.com/login',
  'https://steamcommunity.com/login/home/',
  'https://www.paypal.com/signin',
];

export const FREE_MAIL: readonly string[] = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'proton.me', 'gmx.de', 'mail.ru', 'yandex.ru', 'aol.com'];

export const FIRST_NAMES: readonly string[] = [
  'james', 'mary', 'john', 'patricia', 'robert', 'jennifer', 'michael', 'linda', 'david', 'elizabeth',
  'william', 'susan', 'maria', 'carlos', 'ana', 'luis', 'priya', 'rahul', 'wei', 'li', 'yuki', 'kenji',
  'fatima', 'ahmed', 'olga', 'ivan', 'sophie', 'lucas', 'emma', 'noah', 'mohammed', 'sara', 'daniel', 'nina',
];

export const LAST_NAMES: readonly string[] = [
  'smith', 'johnson', 'williams', 'brown', 'jones', 'garcia', 'miller', 'davis', 'rodriguez', 'martinez',
  'silva', 'santos', 'kumar', 'sharma', 'wang', 'chen', 'tanaka', 'sato', 'hassan', 'ali', 'ivanova',
  'petrov', 'martin', 'bernard', 'schmidt', 'schneider', 'nguyen', 'tran', 'kowalski', 'rossi', 'cohen',
];

export const PLAIN_USERNAMES: readonly string[] = [
  'admin', 'administrator', 'svc-backup', 'svc_sql', 'deploy', 'root', 'helpdesk', 'scanner', 'test',
  'ci-runner', 'reception', 'j.doe', 'kiosk01', 'printer', 'sa',
];

export const PASSWORD_WORDS: readonly string[] = [
  'Summer', 'Winter', 'Spring', 'Autumn', 'Welcome', 'Password', 'Company', 'Dragon', 'Monkey', 'Sunshine',
  'Football', 'Liverpool', 'Princess', 'Shadow', 'Master', 'Letmein', 'Qwerty', 'Changeme', 'Hello', 'Flower',
];

export const PASSWORD_SYMBOLS: readonly string[] = ['!', '@', '#', '$', '!!', '*', '.', '?'];

export const COMMON_PASSWORDS: readonly string[] = [
  '123456', 'password', '123456789', 'qwerty123', '1q2w3e4r', 'iloveyou', 'abc123', '111111', 'P@ssw0rd', 'admin123',
];

export const PASSWORD_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!@#$%&*?';

/** Strings that must be shown as text, never interpreted (HTML, script, quoting). */
export const HOSTILE_STRINGS: readonly string[] = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  `"quotes' & ampersands`,
];

/** Strings outside ASCII: accents, CJK, emoji, right-to-left text. */
export const UNICODE_STRINGS: readonly string[] = ['Grüße-Müller', '日本語パスワード', '🔑secret🔥2025', 'كلمة‌السر١٢٣', 'סיסמה2024'];

/** Length of the deliberately very long fields. */
export const LONG_FIELD_LENGTH = 5000;
