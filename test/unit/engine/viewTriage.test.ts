// The team's decisions in the results panel's queries: the Triage column, the triage filter,
// the decision of a machine group, what a panel action applies to, the incident summary's
// counts; and in the matches of a file (diagnostics and hover).
import * as assert from 'node:assert/strict';
import { RecordTableBuilder } from '../../../src/engine/store/recordTable';
import type { RecordTable } from '../../../src/engine/store/recordTable';
import { markdownSummary } from '../../../src/engine/views/exports';
import { ResultView, ISO_DATES } from '../../../src/engine/views/resultView';
import { RowTriage } from '../../../src/engine/views/rowTriage';
import { Leaks } from '../../../src/engine/leaks';
import { Engine } from '../../../src/engine/engine';
import { triageKey } from '../../../src/core/triage/triage';
import type { TriageMark } from '../../../src/core/triage/triage';
import { EMPTY_FILTER, describeFilter, parseFilter, parseWebviewMessage } from '../../../src/shared/webviewProtocol';
import type { FilterState, ViewItem } from '../../../src/shared/webviewProtocol';
import { account } from './views.test';

const ORIGIN = 'https://leaks.example.test';

function sample(): RecordTable {
  const builder = new RecordTableBuilder('accounts');
  builder.add(account({ username: 'alice@example.com', date: '2024-03-05T10:00:00.000Z', ip: '10.0.0.9' }));
  builder.add(account({ username: 'bob@example.com', date: '2024-03-05T11:00:00.000Z', ip: '10.0.0.9' }));
  builder.add(account({ username: 'carol@example.com', date: '2024-01-10T09:00:00.000Z', ip: '9.1.1.1' }));
  return builder.finish();
}

function setup(): { view: ResultView; triage: RowTriage; mark: (rows: number[], m: TriageMark | undefined) => void } {
  const table = sample();
  let marks: ReadonlyMap<string, TriageMark> = new Map();
  const triage = new RowTriage(table, triageKey(ORIGIN), () => marks);
  const view = new ResultView(table, ISO_DATES, new Uint32Array(0), triage);
  return {
    view,
    triage,
    // Like the engine: the map is replaced on every change.
    mark: (rows, m) => {
      const next = new Map(marks);
      for (const row of rows) {
        if (m) next.set(triage.id(row), m);
        else next.delete(triage.id(row));
      }
      marks = next;
    },
  };
}

function users(view: ResultView, filter: Partial<FilterState> = {}): string[] {
  const summary = view.query({ filter: { ...EMPTY_FILTER, ...filter }, grouping: 'none', expanded: [] });
  return view.window(0, summary.items, new Set()).map((item) => (item.kind === 'row' ? (item.cells[1] ?? '').split('@')[0] ?? '' : ''));
}

const REMEDIATED: TriageMark = { state: 'remediated', at: Date.UTC(2026, 10, 23), note: 'rotated' };

describe('engine: triage in the results panel', () => {
  it('copies the Triage cell as shown, and the decision with the row', () => {
    const { view, mark } = setup();
    mark([1], REMEDIATED);
    const triageColumn = view.table.columns.length;
    assert.equal(view.copyText('cell', 1, triageColumn, new Set()), 'remediated');
    assert.equal(view.copyText('cell', 0, triageColumn, new Set()), '');
    assert.match(view.copyText('row', 1, 0, new Set()) ?? '', /\nTriage: remediated$/);
    assert.match(view.copyText('row', 0, 0, new Set()) ?? '', /\nTriage: $/);
  });

  it('shows each row its decision in a last Triage cell, and on the row item', () => {
    const { view, mark } = setup();
    mark([1], REMEDIATED);
    view.query({ filter: EMPTY_FILTER, grouping: 'none', expanded: [] });
    const rows = view.window(0, 3, new Set()).filter((i): i is Extract<ViewItem, { kind: 'row' }> => i.kind === 'row');
    const bob = rows.find((r) => r.row === 1);
    assert.equal(bob?.cells.at(-1), 'remediated');
    assert.equal(bob?.triage, 'remediated');
    assert.equal(bob?.cells.length, view.table.columns.length + 1);
    assert.equal(rows.find((r) => r.row === 0)?.cells.at(-1), '');
  });

  it('filters by state or undecided, and a new decision shows at the next query of the same filter', () => {
    const { view, mark } = setup();
    mark([0], { state: 'false-positive', at: 1 });
    assert.deepEqual(users(view, { triage: 'false-positive' }), ['alice']);
    assert.deepEqual(users(view, { triage: 'untriaged' }).sort(), ['bob', 'carol']);
    assert.deepEqual(users(view, { triage: 'remediated' }), []);
    const before = view.query({ filter: { ...EMPTY_FILTER, triage: 'remediated' }, grouping: 'none', expanded: [] });
    assert.equal(before.shown, 0);
    mark([2], REMEDIATED);
    const after = view.query({ filter: { ...EMPTY_FILTER, triage: 'remediated' }, grouping: 'none', expanded: [] });
    assert.equal(after.shown, 1);
    assert.equal(view.figures().stats.countries.reduce((n, c) => n + c.count, 0), 1, 'the figures follow the new decision');
    mark([0], undefined);
    assert.deepEqual(users(view, { triage: 'untriaged' }).sort(), ['alice', 'bob']);
  });

  it('gives an infected-machine group the decision of all its records, and its rows to a panel action', () => {
    const { view, mark, triage } = setup();
    view.query({ filter: EMPTY_FILTER, grouping: 'machine', expanded: [] });
    const group = view.window(0, 2, new Set()).find((g) => g.kind === 'group' && g.count === 2);
    assert.ok(group?.kind === 'group' && group.triage === undefined);
    const rows = [...view.groupRows(group.key)].sort();
    assert.deepEqual(rows, [0, 1]);
    assert.equal(view.machineSize(0), 2);
    assert.equal(view.machineSize(2), 1);
    mark(rows, REMEDIATED);
    view.query({ filter: EMPTY_FILTER, grouping: 'machine', expanded: [] });
    const marked = view.window(0, 2, new Set()).find((g) => g.kind === 'group' && g.key === group.key);
    assert.equal(marked?.kind === 'group' ? marked.triage : 'none', 'remediated');
    assert.notEqual(triage.id(0), triage.id(1));
  });

  it('counts records per state in the incident summary', () => {
    const { view, mark } = setup();
    mark([0], REMEDIATED);
    mark([1], { state: 'acknowledged', at: 2 });
    view.query({ filter: EMPTY_FILTER, grouping: 'none', expanded: [] });
    const md = markdownSummary(view, view.rows, { domain: 'example.com', type: 'accounts', fetchedAt: 0, filterDescription: '' });
    assert.match(md, /^- Triage: 1 remediated, 1 acknowledged, 0 false positive, 1 not triaged$/m);
    assert.doesNotMatch(md, /rotated/, 'notes stay out of the summary');
  });

  it('reads the filter and the panel actions from untrusted messages', () => {
    assert.equal(parseFilter({ triage: 'remediated' }).triage, 'remediated');
    assert.equal(parseFilter({ triage: '<b>' }).triage, '');
    assert.equal(describeFilter({ ...EMPTY_FILTER, triage: 'false-positive' }), 'triage false positive');
    assert.equal(describeFilter({ ...EMPTY_FILTER, triage: 'untriaged' }), 'not triaged');
    assert.deepEqual(parseWebviewMessage({ type: 'triage', id: 1, target: { group: 'm:x' } }), { type: 'triage', id: 1, target: { group: 'm:x' } });
    assert.deepEqual(parseWebviewMessage({ type: 'guide', id: 2, target: { row: 3, group: 'x' } }), { type: 'guide', id: 2, target: { row: 3 } });
    assert.deepEqual(parseWebviewMessage({ type: 'guide', id: 4, target: { whole: true } }), { type: 'guide', id: 4, target: { whole: true } });
    assert.equal(parseWebviewMessage({ type: 'triage', id: 1, target: { row: -1 } }), undefined);
    assert.equal(parseWebviewMessage({ type: 'triage', id: 1, target: { whole: 'yes' } }), undefined);
    assert.equal(parseWebviewMessage({ type: 'triage', id: 1 }), undefined);
  });
});

describe('engine: triage of a leaked identifier in a file', () => {
  it('carries the decision shared by every record behind a match, and each hover record its triage id', () => {
    const table = sample();
    let marks: ReadonlyMap<string, TriageMark> = new Map();
    const triage = new RowTriage(table, triageKey(ORIGIN), () => marks);
    const leaks = new Leaks();
    const v1 = leaks.set(['k'], [table], ['example.com'], [triage]);
    const text = 'contact: alice@example.com';
    const [before] = leaks.match(text);
    assert.equal(before?.triage, undefined);
    assert.equal(before?.type, 'accounts');
    marks = new Map([[triage.id(0), REMEDIATED]]);
    const v2 = leaks.triageChanged();
    assert.ok(v2 > v1, 'earlier answers are stale');
    assert.equal(leaks.hover(before?.handle ?? 0, 10), undefined, 'so are their handles');
    const [after] = leaks.match(text);
    assert.deepEqual(after?.triage, { state: 'remediated', at: REMEDIATED.at });
    assert.equal(leaks.hover(after?.handle ?? 0, 10)?.records[0]?.triage, triage.id(0));
  });

  it('carries a decision only when every record behind a match has one, whichever record lacks it', () => {
    const builder = new RecordTableBuilder('accounts');
    builder.add(account({ username: 'dave@example.com', date: '2024-03-05T10:00:00.000Z', ip: '10.0.0.9' }));
    builder.add(account({ username: 'dave@example.com', date: '2024-04-05T10:00:00.000Z', ip: '10.0.0.8' }));
    const table = builder.finish();
    let marks: ReadonlyMap<string, TriageMark> = new Map();
    const triage = new RowTriage(table, triageKey(ORIGIN), () => marks);
    const leaks = new Leaks();
    leaks.set(['k'], [table], ['example.com'], [triage]);
    const decided = (rows: number[]): unknown => {
      marks = new Map(rows.map((row) => [triage.id(row), { ...REMEDIATED, at: REMEDIATED.at + row }]));
      leaks.triageChanged();
      const [m] = leaks.match('login: dave@example.com');
      assert.equal(m?.count, 2);
      return m?.triage;
    };
    assert.equal(decided([]), undefined);
    assert.equal(decided([0]), undefined);
    assert.equal(decided([1]), undefined);
    assert.deepEqual(decided([0, 1]), { state: 'remediated', at: REMEDIATED.at + 1 });
  });
});

describe('engine: what a panel action applies to', () => {
  it('counts the machine\'s records only when asked (the guide), not for a triage', async () => {
    const engine = new Engine();
    const query = { domain: 'example.com', type: 'accounts' as const };
    const records = [
      account({ username: 'alice@example.com', date: '2024-03-05T10:00:00.000Z', ip: '10.0.0.9' }),
      account({ username: 'bob@example.com', date: '2024-03-05T11:00:00.000Z', ip: '10.0.0.9' }),
    ];
    engine.ingestBegin(1, 'k', ORIGIN, query, 1000);
    engine.ingestChunk(1, new TextEncoder().encode(JSON.stringify({ count: records.length, results: records })));
    engine.ingestEnd(1);
    await engine.ingestCommit(1, Date.now(), undefined);
    assert.ok(await engine.panelOpen(7, 'k'));
    const triage = engine.panelSelection(7, [0], undefined, false);
    assert.equal(triage.ids.length, 1);
    assert.equal(triage.machineRecords, undefined);
    assert.equal(engine.panelSelection(7, [0], undefined, true).machineRecords, 2);
  });
});

describe('engine: decisions sent to the engine', () => {
  it('answers matches anew only when the decisions changed', () => {
    const engine = new Engine();
    const id = 'a'.repeat(22);
    const first = engine.setTriage(ORIGIN, []).version;
    assert.equal(engine.setTriage(ORIGIN, []).version, first, 'nothing held, nothing sent');
    const marked = engine.setTriage(ORIGIN, [[id, REMEDIATED]]).version;
    assert.ok(marked > first);
    assert.equal(engine.setTriage(ORIGIN, [[id, { ...REMEDIATED }]]).version, marked, 'the same decisions again');
    assert.ok(engine.setTriage(ORIGIN, [[id, { ...REMEDIATED, note: 'other' }]]).version > marked, 'a changed note');
  });
});

describe('engine: sorting by the Triage column', () => {
  it('orders by state, undecided first when ascending, record order within a state', () => {
    const { view, mark } = setup();
    mark([2], REMEDIATED);
    mark([0], { state: 'acknowledged', at: 1 });
    const order = (direction: 'asc' | 'desc'): string[] => {
      const summary = view.query({ filter: EMPTY_FILTER, sort: { column: 'triage', direction }, grouping: 'none', expanded: [] });
      return view.window(0, summary.items, new Set()).map((item) => (item.kind === 'row' ? (item.cells[1] ?? '').split('@')[0] ?? '' : ''));
    };
    assert.deepEqual(order('asc'), ['bob', 'alice', 'carol']);
    assert.deepEqual(order('desc'), ['carol', 'alice', 'bob']);
  });
});
