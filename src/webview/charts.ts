// The pictures before the table: leaks per month and the top sites, countries and browsers.
// Plain SVG drawn by our own code; colours come from the theme through CSS classes only.
import * as l10n from '@vscode/l10n';
import { el, numberFormat, recordCount, svg } from './dom';
import type { MonthCount, ValueCount } from '../shared/webviewProtocol';

const TIMELINE_WIDTH = 600;
const TIMELINE_HEIGHT = 120;


/** A bar per month from the first to the last leak; empty months keep their place. */
export function timelineChart(histogram: readonly MonthCount[]): HTMLElement {
  const figure = el('figure', { className: 'chart chart-timeline' });
  const caption = el('figcaption', { text: l10n.t('Leaks per month') });
  figure.append(caption);
  if (histogram.length === 0) {
    figure.append(el('p', { className: 'chart-empty', text: l10n.t('No dated records.') }));
    return figure;
  }
  const max = Math.max(...histogram.map((m) => m.count), 1);
  const step = TIMELINE_WIDTH / histogram.length;
  const gap = step > 4 ? 1 : 0;
  const first = histogram[0] as MonthCount;
  const last = histogram[histogram.length - 1] as MonthCount;
  const peak = histogram.reduce((a, b) => (b.count > a.count ? b : a), first);
  const chart = svg('svg', {
    class: 'timeline',
    viewBox: `0 0 ${TIMELINE_WIDTH} ${TIMELINE_HEIGHT}`,
    preserveAspectRatio: 'none',
    role: 'img',
    'aria-label': l10n.t('Leaks per month from {0} to {1}; peak {2} in {3}.', first.month, last.month, recordCount(peak.count), peak.month),
  });
  chart.append(svg('line', { class: 'axis', x1: 0, y1: TIMELINE_HEIGHT - 0.5, x2: TIMELINE_WIDTH, y2: TIMELINE_HEIGHT - 0.5 }));
  histogram.forEach((month, index) => {
    const height = month.count === 0 ? 0 : Math.max(2, (month.count / max) * (TIMELINE_HEIGHT - 4));
    const bar = svg('rect', {
      class: 'bar',
      x: index * step + gap / 2,
      y: TIMELINE_HEIGHT - height,
      width: Math.max(step - gap, 0.5),
      height,
      'data-month': month.month,
      'data-count': month.count,
    });
    const title = svg('title');
    title.textContent = `${month.month}: ${recordCount(month.count)}`;
    bar.append(title);
    chart.append(bar);
  });
  const axis = el('div', { className: 'chart-axis' }, [el('span', { text: first.month }), el('span', { text: last.month })]);
  figure.append(chart, axis);
  return figure;
}

const BAR_ROW = 22;
/**
 * Shortens each bar label that does not fit its column to what does, keeping the end of the
 * name (a site's own domain: `…portal.example.com`), after layout and again when the panel's
 * width changes. The full name stays in the label's tooltip and the chart's accessible name.
 */
export function fitBarLabels(root: ParentNode): void {
  for (const chart of root.querySelectorAll<SVGSVGElement>('svg.bars')) {
    const room = (chart.getBoundingClientRect().width * LABEL_END) / 100 - 4;
    if (room <= 0) continue;
    for (const label of chart.querySelectorAll<SVGTextElement>('text.bar-label')) {
      const full = label.dataset.full ?? '';
      const span = label.querySelector('tspan');
      if (!span) continue;
      span.textContent = full;
      if (label.getComputedTextLength() <= room) continue;
      // The longest tail that fits, found by halving: a few measurements per label.
      let lo = 0;
      let hi = full.length;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        span.textContent = `…${full.slice(full.length - mid)}`;
        if (label.getComputedTextLength() <= room) lo = mid;
        else hi = mid - 1;
      }
      span.textContent = `…${full.slice(full.length - lo)}`;
    }
  }
}

/** Horizontal layout in percent of the chart width: labels, then bars, then counts. */
const LABEL_END = 42;
const BAR_START = 44;
const BAR_SPAN = 42;

/** Horizontal bars of the most frequent values. */
export function barChart(title: string, values: readonly ValueCount[], className: string): HTMLElement {
  const figure = el('figure', { className: `chart chart-bars ${className}` });
  figure.append(el('figcaption', { text: title }));
  if (values.length === 0) {
    figure.append(el('p', { className: 'chart-empty', text: l10n.t('No data.') }));
    return figure;
  }
  const max = Math.max(...values.map((v) => v.count), 1);
  const chart = svg('svg', {
    class: 'bars',
    width: '100%',
    height: values.length * BAR_ROW,
    role: 'img',
    'aria-label': `${title}: ${values.map((v) => `${v.value} ${numberFormat.format(v.count)}`).join(', ')}`,
  });
  values.forEach((value, index) => {
    const y = index * BAR_ROW;
    const label = svg('text', { class: 'bar-label', x: `${LABEL_END}%`, y: y + BAR_ROW / 2, 'text-anchor': 'end', 'dominant-baseline': 'middle', 'data-full': value.value });
    // Shortened to fit once laid out (fitBarLabels); the full name shows on hover.
    const labelText = svg('tspan');
    labelText.textContent = value.value;
    const labelTitle = svg('title');
    labelTitle.textContent = `${value.value}: ${recordCount(value.count)}`;
    label.append(labelTitle, labelText);
    const fullTitle = svg('title');
    fullTitle.textContent = `${value.value}: ${recordCount(value.count)}`;
    const width = Math.max(0.5, (value.count / max) * BAR_SPAN);
    const bar = svg('rect', { class: 'bar', x: `${BAR_START}%`, y: y + 3, width: `${width}%`, height: BAR_ROW - 6, 'data-value': value.value, 'data-count': value.count }, [fullTitle]);
    const count = svg('text', { class: 'bar-count', x: `${BAR_START + width + 1}%`, y: y + BAR_ROW / 2, 'dominant-baseline': 'middle' });
    count.textContent = numberFormat.format(value.count);
    chart.append(label, bar, count);
  });
  figure.append(chart);
  return figure;
}
