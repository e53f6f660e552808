// The formatting path of core's messages: with the German bundle configured (as the editor
// does at activation, src/editor/shareBundle.ts, and the engine worker from its
// workerData) core speaks German; with none it speaks the English the other unit tests pin.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { LeakSearchError } from '../../../src/core/service/errors';
import { formatAge, formatQuota, formatRange } from '../../../src/core/text/format';
import { actionLabel, describeError } from '../../../src/editor/checks/formatError';
import { statusWords } from '../../../src/core/results/recordText';
import { scanReport } from '../../../src/core/export/scanReport';
import { describeMatch } from '../../../src/core/scan/describeMatch';
import type { LeakMatch } from '../../../src/core/scan/leakIndex';
import { triageLabel } from '../../../src/shared/triageLabel';
import { readJson } from './localizedManifest';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

const match = (over: Partial<LeakMatch>): LeakMatch => ({
  start: 0,
  end: 17,
  kind: 'email',
  identifier: 'alice@example.com',
  severity: 'warning',
  refs: [],
  summary: { count: 3, hiddenCount: 0, latestDate: '2024-09-20', browsers: ['Google Chrome'], countries: ['US'], sites: [], statuses: [], domains: ['example.com'] },
  hidden: false,
  owners: [],
  common: false,
  ...over,
}) as LeakMatch;

function samples(): string[] {
  return [
    describeMatch(match({})),
    describeMatch(match({ kind: 'password', identifier: 'alice@example.com', owners: ['alice@example.com'] })),
    formatAge(NOW - 3 * 3_600_000, NOW),
    formatRange(undefined),
    formatQuota(undefined, NOW).tooltip,
    describeError(new LeakSearchError('timeout', 'x'), { origin: 'https://leakjar.com', domain: 'example.com', timeoutSeconds: 30, now: NOW }).message,
    actionLabel('retry'),
    scanReport({ scanned: 10, matches: 2, filesWithMatches: 1, gitIgnored: 3, exports: 0 }).message,
    statusWords('hide').short,
    triageLabel('false-positive'),
  ];
}

describe('core messages in the display language', () => {
  afterEach(() => l10n.config({ contents: {} }));

  it('are English without a bundle, as the rest of the unit tests expect', () => {
    assert.deepEqual(samples(), [
      'alice@example.com appears in 3 leaked records (latest 2024-09-20, Google Chrome, US)',
      'A password leaked for alice@example.com appears here — rotate it',
      '3 h ago',
      'all dates',
      'The service has not reported a request quota yet.',
      'Leak Search: https://leakjar.com did not answer within 30 s for example.com. Try again, or raise leakSearch.requestTimeout.',
      'Retry',
      'Leak Search: 2 leaked identifiers in 1 file (10 scanned). 3 git-ignored files skipped.',
      'marked hidden',
      'false positive',
    ]);
  });

  it('are German with the German bundle, placeholders filled the same way', () => {
    l10n.config({ contents: readJson<Record<string, string>>(path.join(root, 'l10n', 'bundle.l10n.de.json')) });
    assert.deepEqual(samples(), [
      'alice@example.com kommt in 3 geleakten Datensätzen vor (zuletzt 2024-09-20, Google Chrome, US)',
      'Ein für alice@example.com geleaktes Passwort steht hier — ändern Sie es',
      'vor 3 Std.',
      'alle Daten',
      'Der Dienst hat noch kein Anfragekontingent gemeldet.',
      'Leak Search: https://leakjar.com hat nicht innerhalb von 30 s geantwortet für example.com. Versuchen Sie es erneut oder erhöhen Sie leakSearch.requestTimeout.',
      'Erneut versuchen',
      'Leak Search: 2 geleakte Kennungen in 1 Datei (10 gescannt). 3 von git ignorierte Dateien übersprungen.',
      'als verborgen markiert',
      'Fehlalarm',
    ]);
  });
});
