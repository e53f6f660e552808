// Themed only through --vscode-* variables: readable in dark, light and high-contrast themes.
// Saves a screenshot per theme to test-results/webview/.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { accountsEntry, generateAccounts } from './dataset';
import { evaluate, openPanel, useHarness, waitForViewCount } from './harness';
import { THEMES } from './themes';
import type { ThemeName } from './themes';

const ROOT = path.resolve(__dirname, '..', '..', '..');

function channels(color: string): [number, number, number] {
  const match = /rgba?\((\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?)/.exec(color);
  assert.ok(match, `not an rgb colour: ${color}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** WCAG relative luminance and contrast ratio. */
function contrast(a: string, b: string): number {
  const luminance = (color: string): number => {
    const [r, g, bl] = channels(color).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('results panel themes', function () {
  this.timeout(60_000);
  const harness = useHarness();
  before(() => {
    mkdirSync(path.join(ROOT, 'test-results', 'webview'), { recursive: true });
  });

  it('uses no literal colour: only --vscode-* variables and color-mix()', () => {
    const css = readFileSync(path.join(ROOT, 'src', 'webview', 'main.css'), 'utf8');
    assert.doesNotMatch(css, /#[0-9a-f]{3,8}\b/i);
    assert.doesNotMatch(css, /\b(rgb|rgba|hsl|hsla)\(/i);
    assert.doesNotMatch(css, /:\s*(white|black|red|blue|green|gray|grey)\b/i);
  });

  for (const theme of ['dark', 'light', 'high-contrast'] as ThemeName[]) {
    it(`is readable in the ${theme} theme`, async () => {
      const records = generateAccounts(120, 61);
      const host = await openPanel(harness, { entry: accountsEntry(records), theme });
      await waitForViewCount(host.page, records.length);
      const vars = THEMES[theme];
      const style = await evaluate<Record<string, string>>(
        host.page,
        `(() => {
          const cs = (s, p) => getComputedStyle(document.querySelector(s))[p];
          return {
            body: cs('body', 'backgroundColor'),
            text: cs('.grid-body [role=gridcell]', 'color'),
            header: cs('[role=columnheader]', 'color'),
            caption: cs('.chart figcaption', 'color'),
            bar: cs('.chart-sites rect.bar', 'fill'),
            timeline: cs('svg.timeline rect.bar', 'fill'),
            label: cs('.chart-sites text.bar-label', 'fill'),
            chartBorder: cs('.chart', 'borderTopColor'),
          };
        })()`,
      );
      assert.equal(style.body, vars['--vscode-editor-background']);
      assert.equal(style.text, vars['--vscode-foreground']);
      assert.equal(style.header, vars['--vscode-foreground']);
      assert.equal(style.bar, vars['--vscode-charts-blue']);
      assert.equal(style.timeline, vars['--vscode-charts-blue']);
      assert.equal(style.label, vars['--vscode-foreground']);
      for (const part of ['text', 'header', 'caption', 'label'] as const) {
        const ratio = contrast(style[part] ?? '', style.body ?? '');
        assert.ok(ratio >= 4.5, `${part} contrast ${ratio.toFixed(2)} in ${theme}`);
      }
      assert.ok(contrast(style.bar ?? '', style.body ?? '') >= 3, `bars stand out in ${theme}`);
      if (theme === 'high-contrast') assert.equal(style.chartBorder, vars['--vscode-contrastBorder']);
      await host.page.screenshot({ path: path.join(ROOT, 'test-results', 'webview', `results-panel-${theme}.png`) });
      await host.page.close();
    });
  }
});
