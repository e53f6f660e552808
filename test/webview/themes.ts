// The --vscode-* variables VS Code sets in a webview, for three themes (values from VS Code's
// Dark Modern, Light Modern and High Contrast themes), served to the test page as stylesheets.

export type ThemeName = 'dark' | 'light' | 'high-contrast';

type Variables = Readonly<Record<string, string>>;

const common: Variables = {
  '--vscode-font-family': 'system-ui, sans-serif',
  '--vscode-font-size': '13px',
};

export const THEMES: Readonly<Record<ThemeName, Variables>> = {
  dark: {
    ...common,
    '--vscode-foreground': 'rgb(204, 204, 204)',
    '--vscode-editor-background': 'rgb(31, 31, 31)',
    '--vscode-descriptionForeground': 'rgb(157, 157, 157)',
    '--vscode-panel-border': 'rgb(43, 43, 43)',
    '--vscode-focusBorder': 'rgb(0, 120, 212)',
    '--vscode-badge-background': 'rgb(97, 97, 97)',
    '--vscode-badge-foreground': 'rgb(248, 248, 248)',
    '--vscode-charts-blue': 'rgb(55, 148, 255)',
    '--vscode-charts-green': 'rgb(137, 209, 133)',
    '--vscode-charts-purple': 'rgb(179, 128, 255)',
    '--vscode-list-hoverBackground': 'rgb(42, 45, 46)',
    '--vscode-list-activeSelectionBackground': 'rgb(4, 57, 94)',
    '--vscode-list-activeSelectionForeground': 'rgb(255, 255, 255)',
    '--vscode-list-inactiveSelectionBackground': 'rgb(55, 55, 61)',
    '--vscode-editorWarning-foreground': 'rgb(204, 167, 0)',
  },
  light: {
    ...common,
    '--vscode-foreground': 'rgb(59, 59, 59)',
    '--vscode-editor-background': 'rgb(255, 255, 255)',
    '--vscode-descriptionForeground': 'rgb(113, 113, 113)',
    '--vscode-panel-border': 'rgb(229, 229, 229)',
    '--vscode-focusBorder': 'rgb(0, 95, 184)',
    '--vscode-badge-background': 'rgb(203, 203, 203)',
    '--vscode-badge-foreground': 'rgb(59, 59, 59)',
    '--vscode-charts-blue': 'rgb(26, 133, 255)',
    '--vscode-charts-green': 'rgb(56, 138, 52)',
    '--vscode-charts-purple': 'rgb(101, 44, 144)',
    '--vscode-list-hoverBackground': 'rgb(242, 242, 242)',
    '--vscode-list-activeSelectionBackground': 'rgb(232, 232, 232)',
    '--vscode-list-activeSelectionForeground': 'rgb(0, 0, 0)',
    '--vscode-list-inactiveSelectionBackground': 'rgb(228, 230, 241)',
    '--vscode-editorWarning-foreground': 'rgb(191, 136, 3)',
  },
  'high-contrast': {
    ...common,
    '--vscode-foreground': 'rgb(255, 255, 255)',
    '--vscode-editor-background': 'rgb(0, 0, 0)',
    '--vscode-descriptionForeground': 'rgb(255, 255, 255)',
    '--vscode-panel-border': 'rgb(111, 195, 223)',
    '--vscode-contrastBorder': 'rgb(111, 195, 223)',
    '--vscode-contrastActiveBorder': 'rgb(243, 143, 0)',
    '--vscode-focusBorder': 'rgb(243, 143, 0)',
    '--vscode-badge-background': 'rgb(0, 0, 0)',
    '--vscode-badge-foreground': 'rgb(255, 255, 255)',
    '--vscode-charts-blue': 'rgb(55, 148, 255)',
    '--vscode-charts-green': 'rgb(137, 209, 133)',
    '--vscode-charts-purple': 'rgb(179, 128, 255)',
    '--vscode-list-activeSelectionForeground': 'rgb(255, 255, 255)',
    '--vscode-editorWarning-foreground': 'rgb(255, 215, 0)',
  },
};

export function themeCss(name: ThemeName): string {
  const body = Object.entries(THEMES[name])
    .map(([variable, value]) => `  ${variable}: ${value};`)
    .join('\n');
  return `:root {\n${body}\n}\n`;
}

export function isThemeName(value: string): value is ThemeName {
  return value === 'dark' || value === 'light' || value === 'high-contrast';
}
