// The file names that hold secrets (.env and the like), matched by name with simple wildcards.
import * as assert from 'node:assert/strict';
import { DEFAULT_SECRET_FILES, SecretFileNames } from '../../../../../src/core/scan/files/secretFiles';

describe('secret-bearing file names', () => {
  const names = new SecretFileNames(DEFAULT_SECRET_FILES);

  it('matches the usual secret files by their name, in any folder and case', () => {
    for (const p of ['/w/.env', '/w/.env.local', '/w/app/.ENV.production', '/w/deploy.env', 'C:\\w\\certs\\server.pem', '/w/tls.key', '/w/cert.p12', '/w/credentials.json', '/w/credentials', '/home/u/.ssh/id_rsa', '/w/id_ed25519.pub', '/w/.npmrc', '/w/prod.tfvars', '/w/secrets.yaml']) {
      assert.ok(names.matches(p), p);
    }
  });

  it('does not match ordinary files', () => {
    for (const p of ['/w/README.md', '/w/src/env.ts', '/w/keys.ts', '/w/environment.yml', '/w/pem.txt', '/w/.envrc.d/', '/w/mykey', '/w/docs/credential-rotation.md']) {
      assert.ok(!names.matches(p), p);
    }
  });

  it('takes * and ? as wildcards and everything else literally', () => {
    const custom = new SecretFileNames(['a?.(x)', 'vault*.hcl', '', '  ', 'dir/name']);
    assert.ok(custom.matches('/w/ab.(x)'));
    assert.ok(!custom.matches('/w/abc.(x)'));
    assert.ok(custom.matches('/w/vault-prod.hcl'));
    assert.ok(!custom.matches('/w/name'), 'a pattern with a folder never matches a file name');
    assert.ok(!custom.matches('/w/'), 'an empty name never matches');
  });

  it('matches each pattern against the whole name, whichever pattern it is in the list', () => {
    const custom = new SecretFileNames(['*.pem', 'id_rsa*', '.npmrc', 'a|b']);
    for (const p of ['/w/x.pem', '/w/id_rsa.pub', '/w/.npmrc', '/w/a|b']) assert.ok(custom.matches(p), p);
    for (const p of ['/w/x.pem.bak', '/w/my_id_rsa', '/w/old.npmrc.txt', '/w/.npmrcx', '/w/a', '/w/b']) assert.ok(!custom.matches(p), p);
  });

  it('an empty list matches nothing', () => {
    assert.ok(!new SecretFileNames([]).matches('/w/.env'));
  });
});
