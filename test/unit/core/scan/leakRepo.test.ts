// A made-up company's repository (test/fixtures/leak-repo) checked against its leaked
// records (test/fixtures/leak-repo.dataset.json), as Scan Workspace would: example
// passwords in docs, placeholders, i18n strings, form fields and test fixtures are lures;
// five real leaked passwords sit in config, code and scripts. Only those five are errors.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AccountRecord } from '../../../../src/core/service/types';
import { buildLeakIndex } from '../../../../src/core/scan/leakIndex';
import type { LeakMatch } from '../../../../src/core/scan/leakIndex';

const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', 'test', 'fixtures');
const REPO = join(FIXTURES, 'leak-repo');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

const dataset = JSON.parse(readFileSync(join(FIXTURES, 'leak-repo.dataset.json'), 'utf8')) as { domain: string; records: AccountRecord[] };
const index = buildLeakIndex([{ domain: dataset.domain, type: 'accounts', records: dataset.records }]);

const found: { file: string; text: string; match: LeakMatch }[] = [];
for (const file of files(REPO).sort()) {
  const content = readFileSync(file, 'utf8');
  for (const match of index.match(content)) found.push({ file: relative(REPO, file), text: content.slice(match.start, match.end), match });
}

describe('leak index on a made-up company repository', () => {
  it('has about thirty files', () => {
    assert.ok(files(REPO).length >= 25, `${files(REPO).length} files`);
  });

  it('raises errors for exactly the five real leaked passwords, each naming its account', () => {
    const errors = found.filter((f) => f.match.severity === 'error').map((f) => `${f.file} ${f.text} ${f.match.owners.join(',')}`);
    assert.deepEqual(errors, [
      '.env Tr1cky-Otter-42 mia.chen@northwind.test',
      'config/database.yml Gr4nite!Falls svc_billing',
      'notebooks/analysis.py Lantern_Moss_88 raj.patel@northwind.test',
      'scripts/migrate.sh Bl@ckbird-2019 ops',
      'src/legacy/connection.cs Quartz!River9 ops.backup',
    ]);
  });

  it('reports leaked common passwords in password positions only as hints naming nobody, and generic user names as hints', () => {
    const hints = found.filter((f) => f.match.severity === 'hint');
    assert.ok(hints.length >= 3, `${hints.length} hints`);
    for (const h of hints) {
      if (h.match.kind === 'username') {
        assert.equal(h.match.weak, true, `${h.file}: ${h.text} is a generic name nothing ties to its records`);
        continue;
      }
      assert.equal(h.match.kind, 'password');
      assert.deepEqual(h.match.owners, []);
    }
    assert.ok(hints.some((h) => h.file === '.env.example' && h.text === 'changeme'));
  });

  it('never marks a lure as an error: docs, i18n, forms, mocks and fixtures', () => {
    const lureFiles = ['README.md', 'docs/onboarding.md', 'docs/security.md', 'src/i18n/en.json', 'src/components/LoginForm.html', 'src/api/mock.rb', 'test/fixtures/users.json'];
    for (const f of found) if (lureFiles.includes(f.file)) assert.notEqual(f.match.severity, 'error', `${f.file}: ${f.text}`);
  });
});
