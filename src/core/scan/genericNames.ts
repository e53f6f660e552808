// User names that name no one in particular: the words of recordFields.ts COMMON_USERNAMES
// with a number or separator after them (`admin1`, `user_01`, `test-2`), the accounts of test
// fixtures and documentation (`john.doe`, `jdoe`, `foo`, `testuser`, `demo_user`), and the
// placeholders of templates (`your_username`, `changeme`). Such a name in a file is at most a
// hint unless something near it ties it to the leaked records (leakIndex.ts `tiedNearby`).
// No `vscode`.
import { COMMON_USERNAMES } from './recordFields';

const FIXTURE_NAMES: ReadonlySet<string> = new Set([
  'john.doe', 'jane.doe', 'johndoe', 'janedoe', 'john_doe', 'jane_doe', 'jdoe',
  'foo', 'bar', 'baz', 'foobar', 'foo.bar', 'qux', 'alice', 'bob', 'carol', 'dave', 'eve', 'mallory', 'trent',
  'someone', 'somebody', 'anyone', 'myuser', 'myname', 'yourname', 'your.name', 'changeme', 'me', 'you',
  'dummy', 'fake', 'mock', 'stub', 'placeholder', 'temp', 'tmp', 'demo', 'sa', 'dbuser', 'dbadmin', 'db_user',
  'app', 'appuser', 'app_user', 'web', 'www', 'www-data', 'ftp', 'ftpuser', 'git', 'pi', 'ec2-user', 'centos',
  'debian', 'admin_user', 'api', 'apiuser', 'api_user', 'bot', 'ci', 'cicd', 'build', 'builder',
]);

/** Words a fixture or placeholder account is made of, with a separator or number after. */
const FIXTURE_PARTS = /^(?:test|tests|testing|demo|dummy|sample|example|fake|mock|qa|dev|temp|tmp|guest|user|admin|root|your|my|new|default|foo|bar)(?:[._-]?(?:user|users|account|admin|name|username|login|test|demo|\d{1,6}))*$/;

/** Whether a (normalised, lower-case) user name names no one in particular. */
export function isGenericName(username: string): boolean {
  const u = username.trim().toLowerCase();
  if (u === '' || COMMON_USERNAMES.has(u) || FIXTURE_NAMES.has(u) || FIXTURE_PARTS.test(u)) return true;
  // `admin1`, `user_01`, `jenkins-2`: a common word with a number after it.
  const base = u.replace(/[\d._-]+$/, '');
  return base !== u && (COMMON_USERNAMES.has(base) || FIXTURE_NAMES.has(base));
}
