// User names that name no one in particular: the words of recordFields.ts COMMON_USERNAMES
// with a number or separator after them (`admin1`, `user_01`, `test-2`), the accounts of test
// fixtures and documentation (`john.doe`, `jdoe`, `foo`, `testuser`, `demo_user`), and the
// placeholders of templates (`your_username`, `changeme`). Such a name in a file is at most a
// hint unless something near it ties it to the leaked records (leakIndex.ts `tiedNearby`).
// No `vscode`.
import { COMMON_USERNAMES } from './recordFields';

const FIXTURE_NAMES: ReadonlySet<string> = new Set([
  'john.doe', 'jane.doe', 'johndoe', 'janedoe', 'john_doe', 'jane_doe', 'jdoe',
  'foo', 'bar', 'baz', 'foobar', 'foo.bar', 'qux',
  'someone', 'somebody', 'anyone', 'myuser', 'myname', 'yourname', 'your.name', 'changeme', 'me', 'you',
  'dummy', 'fake', 'mock', 'stub', 'placeholder', 'temp', 'tmp', 'demo', 'sa', 'dbuser', 'dbadmin', 'db_user',
  'app', 'appuser', 'app_user', 'web', 'www', 'www-data', 'ftp', 'ftpuser', 'git', 'pi', 'ec2-user', 'centos',
  'debian', 'admin_user', 'api', 'apiuser', 'api_user', 'bot', 'ci', 'cicd', 'build', 'builder',
]);

/** The first word of a fixture or placeholder account. */
const FIXTURE_HEADS: ReadonlySet<string> = new Set(['test', 'tests', 'testing', 'demo', 'dummy', 'sample', 'example', 'fake', 'mock', 'qa', 'temp', 'tmp', 'guest', 'user', 'admin', 'root', 'your', 'my', 'new', 'default', 'foo', 'bar']);
/** The words that may follow it (`test_user`, `demo-admin`, `your.username`), or a number of up to six digits. */
const FIXTURE_TAILS: ReadonlySet<string> = new Set(['user', 'users', 'account', 'admin', 'name', 'username', 'login', 'test', 'demo']);
/** Longer names are someone's: no rule here reads them (and no rule's time can grow with them). */
const MAX_GENERIC = 40;

/** Whether a name is a fixture head followed only by fixture words or short numbers, glued or separated. */
function isFixtureShape(u: string): boolean {
  // Split into words and numbers at separators and at letter/digit boundaries: linear, no backtracking.
  const parts = u.split(/[._-]+/).flatMap((p) => p.match(/[a-z]+|\d+/g) ?? []);
  if (parts.length === 0) return false;
  const [head, ...rest] = parts;
  let word = head!;
  let i = 0;
  // A head glued to its tail (`testuser`, `myuser`): split it at a known tail.
  if (!FIXTURE_HEADS.has(word)) {
    const tail = [...FIXTURE_TAILS].find((t) => word.endsWith(t) && FIXTURE_HEADS.has(word.slice(0, -t.length)));
    if (tail === undefined) return false;
    word = word.slice(0, -tail.length);
  }
  for (; i < rest.length; i++) {
    const part = rest[i]!;
    if (!FIXTURE_TAILS.has(part) && !(/^\d+$/.test(part) && part.length <= 6)) return false;
  }
  return FIXTURE_HEADS.has(word);
}

/** Whether a (normalised, lower-case) user name names no one in particular. */
export function isGenericName(username: string): boolean {
  const u = username.trim().toLowerCase();
  if (u === '' || u.length > MAX_GENERIC) return false;
  if (COMMON_USERNAMES.has(u) || FIXTURE_NAMES.has(u) || isFixtureShape(u)) return true;
  // `admin1`, `user_01`, `jenkins-2`: a common word with a short number after it.
  const base = u.replace(/[._-]?\d{1,4}$/, '');
  return base !== u && (COMMON_USERNAMES.has(base) || FIXTURE_NAMES.has(base));
}
