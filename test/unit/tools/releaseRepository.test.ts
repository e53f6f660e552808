// A release refuses to start when package.json names another repository than the one the
// workflow runs in (tools/release/release.ts): npm's provenance would be refused at the end.
import * as assert from 'node:assert/strict';
import { checkRepository } from '../../../tools/release/release';

describe('tools/release/release.ts: the repository check', () => {
  const github = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'Acme/leak-search' };

  it('accepts package.json naming the repository the workflow runs in, in any usual spelling', () => {
    for (const url of ['https://github.com/acme/leak-search.git', 'git+https://github.com/Acme/leak-search.git', 'https://github.com/acme/leak-search', 'git@github.com:acme/leak-search.git']) {
      checkRepository({ repository: { url } }, github);
    }
    checkRepository({ repository: 'https://github.com/acme/leak-search' }, github);
  });

  it('refuses another repository, or none, naming both', () => {
    assert.throws(() => checkRepository({ repository: { url: 'https://github.com/leak-search/vscode-leak-search.git' } }, github), /is not this repository \(Acme\/leak-search\)/);
    assert.throws(() => checkRepository({ repository: { url: 'https://github.com/acme/leak-search-old.git' } }, github), /provenance/);
    assert.throws(() => checkRepository({}, github), /provenance/);
  });

  it('checks nothing outside GitHub Actions', () => {
    checkRepository({ repository: { url: 'https://example.com/x.git' } }, {});
  });
});
