// Names read off Windows paths as well as POSIX ones: secret-bearing files (`.pgpass`, `_netrc`,
// `.env`) and documentation files are known by the last segment, whichever separator precedes
// it (drive letters, UNC shares, URI paths, mixed separators) and whatever its case.
import * as assert from 'node:assert/strict';
import { isDocumentationFile, visibleMatches } from '../../../../../src/core/scan/files/docFiles';
import { DEFAULT_SECRET_FILES, SecretFileNames } from '../../../../../src/core/scan/files/secretFiles';

describe('file names on Windows paths', () => {
  const secrets = new SecretFileNames(DEFAULT_SECRET_FILES);

  it('knows secret-bearing files by name under a drive letter, a UNC share or a URI path, in any case', () => {
    const paths = [
      'C:\\repo\\.PGPASS',
      'c:\\Users\\me\\_netrc',
      'C:\\Users\\me\\_NETRC',
      'C:/repo/.netrc',
      '/c:/repo/config/.Env.Local',
      '\\\\server\\share\\repo\\file.env',
      '\\\\server\\share\\repo\\.git-credentials',
      'C:\\repo/certs\\Server.PEM',
      'D:\\a\\repo\\repo\\infra\\prod.TFVARS',
      'C:\\Users\\me\\.ssh\\ID_RSA',
    ];
    for (const p of paths) assert.ok(secrets.matches(p), p);
  });

  it('reads only the last segment, never a folder or the drive', () => {
    for (const p of ['C:\\repo\\.env\\readme.txt', 'C:\\.pgpass\\x.ts', '\\\\server\\share\\_netrc\\notes.txt', 'C:\\repo\\', 'C:\\repo\\src\\env.ts']) {
      assert.ok(!secrets.matches(p), p);
    }
  });

  it('matches the same names on POSIX paths', () => {
    for (const p of ['/home/me/.pgpass', '/home/me/_netrc', '/w/file.env', 'config/.env.local']) assert.ok(secrets.matches(p), p);
    assert.ok(!secrets.matches('/home/me/.pgpass.d/'), 'a folder is no file name');
  });

  it('refuses a pattern naming a Windows folder, as it does a POSIX one', () => {
    const custom = new SecretFileNames(['conf\\db.ini', 'conf/db.ini', 'db.ini']);
    assert.ok(custom.matches('C:\\repo\\conf\\db.ini'));
    assert.ok(custom.matches('C:\\repo\\DB.INI'));
    assert.ok(!new SecretFileNames(['conf\\db.ini']).matches('C:\\repo\\conf\\db.ini'));
  });

  it('knows documentation files on Windows paths, and drops host-only matches there', () => {
    for (const p of ['C:\\repo\\README.MD', 'c:/repo/docs/Guide.markdown', '\\\\server\\share\\wiki\\page.ADOC', '/c:/repo/notes.rst', 'C:\\repo/docs\\a.mdx']) {
      assert.ok(isDocumentationFile(p), p);
    }
    for (const p of ['C:\\repo\\docs.md\\app.ts', 'C:\\repo\\.md', 'C:\\repo\\README']) assert.ok(!isDocumentationFile(p), p);
    const matches = [{ kind: 'host' }, { kind: 'email' }];
    assert.deepEqual(visibleMatches('C:\\repo\\README.md', matches, false).map((m) => m.kind), ['email']);
    assert.equal(visibleMatches('C:\\repo\\hosts.yaml', matches, false).length, 2);
  });
});
