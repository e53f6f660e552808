// The "Check Domain for Leaks" pick: configured domains plus "Enter a domain…" (validated as
// you type), with the findings type and date range from settings, overridable in the pick.
import * as vscode from 'vscode';
import { formatRange } from '../../core/text/format';
import { resolveDateRange } from '../../core/service/dateRange';
import { nearMiss } from '../../core/domains/nearMiss';
import { domainProblem, normalizeDateRange, normalizeDomain } from '../../core/service/validate';
import type { DateRange, FindingsType } from '../../core/service/types';
import type { CheckTarget } from '../../core/service/checkPlan';
import type { LeakSearchContext } from '../leakSearchContext';

/** What a row does (`role`: QuickPickItem's own `kind` already marks separators). */
type Pick = vscode.QuickPickItem & (
  | { readonly role: 'domain'; readonly domain: string }
  | { readonly role: 'enter' }
  | { readonly role: 'type' }
  | { readonly role: 'range' }
  | { readonly role: 'separator' }
);

/** `undefined` type/range = from settings; `null` range = all dates. */
interface Overrides {
  types: readonly FindingsType[] | undefined;
  range: DateRange | null | undefined;
}

export async function pickCheckTargets(ctx: LeakSearchContext): Promise<CheckTarget[] | undefined> {
  const o: Overrides = { types: undefined, range: undefined };
  let typed = '';
  for (;;) {
    const picked = await pickOnce(ctx, o, typed);
    if (!picked) return undefined;
    const { choice, value } = picked;
    typed = value;
    switch (choice.role) {
      case 'type': {
        const t = await pickTypes(ctx);
        if (t !== false) o.types = t;
        continue;
      }
      case 'range': {
        const r = await pickRange(ctx);
        if (r !== false) o.range = r;
        continue;
      }
      case 'enter': {
        // What was typed into the pick is kept: checked at once when valid, else shown in the
        // input box with its problem, never thrown away for an empty box.
        const candidate = value.trim();
        const problem = candidate === '' ? undefined : domainProblem(candidate);
        if (candidate !== '' && problem === undefined) {
          const domain = await confirmNearMiss(ctx, candidate);
          if (domain === undefined) continue;
          return targets(domain, o);
        }
        // The input box checks only what is typed in it: the problem of the kept text is said in the prompt.
        const domain = await vscode.window.showInputBox({
          title: vscode.l10n.t('Leak Search: Check Domain for Leaks'),
          prompt: problem ? vscode.l10n.t('“{0}”: {1} Fix it, or enter another domain.', candidate, problem) : vscode.l10n.t('A domain your subscription covers, e.g. example.com'),
          placeHolder: 'example.com',
          value: candidate,
          valueSelection: [candidate.length, candidate.length],
          ignoreFocusOut: true,
          validateInput: (v) => (v.trim() === '' ? undefined : domainProblem(v)),
        });
        if (!domain || domain.trim() === '') continue;
        const confirmed = await confirmNearMiss(ctx, domain.trim());
        if (confirmed === undefined) continue;
        return targets(confirmed, o);
      }
      case 'domain':
        return targets(choice.domain, o);
      case 'separator':
        continue;
    }
  }
}

/** One showing of the pick; resolves with the accepted item and what was typed, or undefined when dismissed. */
function pickOnce(ctx: LeakSearchContext, o: Overrides, typed: string): Promise<{ choice: Pick; value: string } | undefined> {
  const qp = vscode.window.createQuickPick<Pick>();
  qp.title = vscode.l10n.t('Leak Search: Check Domain for Leaks');
  qp.placeholder = vscode.l10n.t('Pick a domain to check, or type one');
  qp.matchOnDescription = true;
  const base = items(ctx, o);
  const known = domainPicks(ctx).map((p) => p.domain);
  const redraw = (): void => {
    const v = qp.value.trim();
    const problem = v === '' ? undefined : domainProblem(v);
    // The "Enter a domain…" row says what Enter does with the text typed so far.
    const near = v === '' || problem ? undefined : nearMiss(normalizeDomain(v), known);
    const description = problem ? `“${v}”: ${problem}` : near ? vscode.l10n.t('check “{0}” (did you mean {1}?)', v, near) : vscode.l10n.t('check “{0}”', v);
    qp.items = base.map((item) => item.role === 'enter' && v !== '' ? { ...item, description } : item);
  };
  qp.value = typed;
  redraw();
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: { choice: Pick; value: string } | undefined): void => {
      if (done) return;
      done = true;
      resolve(result);
      qp.dispose();
    };
    qp.onDidChangeValue(redraw);
    qp.onDidAccept(() => {
      const choice = qp.selectedItems[0] ?? qp.activeItems[0];
      if (choice) finish({ choice, value: qp.value });
    });
    qp.onDidHide(() => finish(undefined));
    qp.show();
  });
}

/**
 * A typed domain a small edit away from a configured or checked one ("exmaple.com") would
 * spend a search on a domain no subscription covers: ask first. Resolves with the domain to
 * check, or undefined when the user dismissed the question.
 */
async function confirmNearMiss(ctx: LeakSearchContext, typed: string): Promise<string | undefined> {
  const domain = normalizeDomain(typed);
  const near = nearMiss(domain, domainPicks(ctx).map((p) => p.domain));
  if (near === undefined) return domain;
  const useKnown = vscode.l10n.t('Check {0}', near);
  const useTyped = vscode.l10n.t('Check {0}', domain);
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Did you mean {0}? {1} is not one of your domains, and a check spends one request of your quota.', near, domain),
    { modal: true },
    useKnown,
    useTyped,
  );
  return answer === useKnown ? near : answer === useTyped ? domain : undefined;
}

function targets(domain: string, o: Overrides): CheckTarget[] {
  const range = o.range === undefined ? {} : { range: o.range };
  if (!o.types) return [{ domain, ...range }];
  return o.types.map((type) => ({ domain, type, ...range }));
}

/** The domain rows of the pick, in order: configured (per folder), then checked before. */
export function domainPicks(ctx: LeakSearchContext): { readonly domain: string; readonly folder?: string; readonly checkedBefore: boolean }[] {
  const out: { domain: string; folder?: string; checkedBefore: boolean }[] = [];
  const seen = new Set<string>();
  const multi = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
  for (const f of ctx.domains.byFolder()) {
    for (const d of f.domains) {
      if (seen.has(d)) continue;
      seen.add(d);
      out.push({ domain: d, checkedBefore: false, ...(multi && f.folder ? { folder: f.folder.name } : {}) });
    }
  }
  let origin: string | undefined;
  try {
    origin = ctx.checks.endpoint().origin;
  } catch {
    origin = undefined;
  }
  for (const d of origin ? ctx.domains.known(origin) : []) {
    if (seen.has(d)) continue;
    seen.add(d);
    out.push({ domain: d, checkedBefore: true });
  }
  return out;
}

function items(ctx: LeakSearchContext, o: Overrides): Pick[] {
  const out: Pick[] = domainPicks(ctx).map((p) =>
    p.checkedBefore
      ? { role: 'domain', domain: p.domain, label: `$(history) ${p.domain}`, description: vscode.l10n.t('checked before') }
      : { role: 'domain', domain: p.domain, label: `$(globe) ${p.domain}`, ...(p.folder !== undefined ? { description: p.folder } : {}) },
  );
  out.push({ role: 'enter', label: `$(edit) ${vscode.l10n.t('Enter a domain…')}`, alwaysShow: true });
  out.push({ role: 'separator', label: vscode.l10n.t('Options'), kind: vscode.QuickPickItemKind.Separator });
  const types = o.types ?? ctx.settings.findingsTypes();
  out.push({ role: 'type', label: `$(filter) ${vscode.l10n.t('Findings type: {0}', types.join(' + '))}`, description: o.types ? vscode.l10n.t('changed for this check') : vscode.l10n.t('from settings'), alwaysShow: true });
  const range = o.range === undefined ? resolveDateRange(ctx.settings.dateRange(), Date.now()) : o.range ?? undefined;
  out.push({ role: 'range', label: `$(calendar) ${vscode.l10n.t('Date range: {0}', formatRange(range))}`, description: o.range === undefined ? vscode.l10n.t('from settings') : vscode.l10n.t('changed for this check'), alwaysShow: true });
  return out;
}

/** false = dismissed (keep the current choice); undefined = back to the settings. */
async function pickTypes(ctx: LeakSearchContext): Promise<readonly FindingsType[] | undefined | false> {
  const choices: (vscode.QuickPickItem & { value: readonly FindingsType[] | undefined })[] = [
    { label: vscode.l10n.t('From settings'), description: ctx.settings.findingsTypes().join(' + '), value: undefined },
    { label: 'accounts', description: vscode.l10n.t('leaked accounts (usernames at your domain)'), value: ['accounts'] },
    { label: 'customers', description: vscode.l10n.t('leaked customer information (logins on your sites)'), value: ['customers'] },
    { label: 'accounts + customers', value: ['accounts', 'customers'] },
  ];
  const pick = await vscode.window.showQuickPick(choices, { title: vscode.l10n.t('Leak Search: Findings type for this check') });
  return pick ? pick.value : false;
}

async function pickRange(ctx: LeakSearchContext): Promise<DateRange | null | undefined | false> {
  const now = Date.now();
  const last = (days: number): DateRange | undefined => resolveDateRange({ mode: 'lastDays', lastDays: days }, now);
  const choices: (vscode.QuickPickItem & { value: DateRange | null | undefined | 'custom' })[] = [
    { label: vscode.l10n.t('From settings'), description: formatRange(resolveDateRange(ctx.settings.dateRange(), now)), value: undefined },
    { label: vscode.l10n.t('All dates'), value: null },
    ...[7, 30, 90, 365].map((days) => ({ label: vscode.l10n.t('Last {0} days', days), description: formatRange(last(days)), value: last(days) ?? null })),
    { label: vscode.l10n.t('Custom range…'), value: 'custom' },
  ];
  const pick = await vscode.window.showQuickPick(choices, { title: vscode.l10n.t('Leak Search: Date range for this check') });
  if (!pick) return false;
  if (pick.value !== 'custom') return pick.value;
  const start = await askDate(vscode.l10n.t('Start date (inclusive), YYYYMMDD or YYYY-MM-DD'), undefined);
  if (!start) return false;
  const end = await askDate(vscode.l10n.t('End date (inclusive), YYYYMMDD or YYYY-MM-DD'), start);
  if (!end) return false;
  return normalizeDateRange(start, end) ?? null;
}

function askDate(prompt: string, start: string | undefined): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: vscode.l10n.t('Leak Search: Custom date range'),
    prompt,
    placeHolder: '20240131',
    ignoreFocusOut: true,
    validateInput: (value) => {
      const v = value.trim().replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1$2$3');
      try {
        normalizeDateRange(start ?? v, v);
        return undefined;
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    },
  }).then((v) => v?.trim().replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1$2$3'));
}
