// Documentation files and the host-only matches dropped from them unless asked for.
import * as assert from 'node:assert/strict';
import { isDocumentationFile, visibleMatches } from '../../../../../src/core/scan/files/docFiles';

describe('host-only matches in documentation files', () => {
  it('knows documentation files by their extension', () => {
    for (const p of ['/w/README.md', '/w/docs/Guide.MARKDOWN', 'C:\\w\\notes.rst', '/w/a.adoc', '/w/page.mdx']) assert.ok(isDocumentationFile(p), p);
    for (const p of ['/w/.env', '/w/config.yaml', '/w/app.ts', '/w/md', '/w/.md', '/w/notes.md/file.ts']) assert.ok(!isDocumentationFile(p), p);
  });

  it('drops host-only matches from documentation files unless asked for', () => {
    const matches = [{ kind: 'host' }, { kind: 'email' }, { kind: 'url' }, { kind: 'password' }];
    assert.deepEqual(visibleMatches('/w/README.md', matches, false).map((m) => m.kind), ['email', 'url', 'password']);
    assert.equal(visibleMatches('/w/README.md', matches, true).length, 4);
    assert.equal(visibleMatches('/w/hosts.yaml', matches, false).length, 4, 'a host in a configuration file is kept');
    assert.deepEqual(visibleMatches('/w/README.md', [{ kind: 'email' }, { kind: 'url' }], false).map((m) => m.kind), ['email', 'url'], 'a documentation file without a host keeps every match');
    assert.deepEqual(visibleMatches('/w/README.md', [], false), []);
  });
});
