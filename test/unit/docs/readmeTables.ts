// Pure: the README's commands and settings tables, rendered from package.json, and the
// splice that puts them between their markers. `npm run docs:settings` writes them
// (writeReadmeTables.ts); readme.test.ts fails when the README drifts from package.json.

export interface CommandContribution {
  readonly command: string;
  readonly title: string;
  readonly category?: string;
}

export interface MenuItem {
  readonly command: string;
  readonly when?: string;
  readonly group?: string;
}

export interface SettingContribution {
  readonly type?: string | readonly string[];
  readonly default?: unknown;
  readonly scope?: string;
  readonly enum?: readonly string[];
  readonly items?: { readonly type?: string; readonly enum?: readonly string[] };
  readonly minimum?: number;
  readonly maximum?: number;
  readonly order?: number;
  readonly markdownDescription?: string;
  readonly description?: string;
}

export interface Manifest {
  readonly contributes: {
    readonly commands: readonly CommandContribution[];
    readonly menus?: Readonly<Record<string, readonly MenuItem[]>>;
    readonly configuration: { readonly properties: Readonly<Record<string, SettingContribution>> };
  };
}

export const COMMANDS_START = '<!-- commands:start (generated from package.json by `npm run docs:settings`) -->';
export const COMMANDS_END = '<!-- commands:end -->';
export const SETTINGS_START = '<!-- settings:start (generated from package.json by `npm run docs:settings`) -->';
export const SETTINGS_END = '<!-- settings:end -->';

/** Text safe inside a markdown table cell: one line, no bare pipe. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
}

/** `#leakSearch.x#` setting links (VS Code's settings editor syntax) as plain code. */
function plainLinks(text: string): string {
  return text.replace(/`?#([\w.]+)#`?/g, '`$1`');
}

const MENU_NAMES: Readonly<Record<string, string>> = {
  'view/title': 'view title bar',
  'view/item/context': 'tree item menu',
  'editor/context': 'editor menu',
};

/** Where a command can be run from: the palette (unless hidden there) and the menus listing it. */
function placesOf(manifest: Manifest, command: string): string[] {
  const menus = manifest.contributes.menus ?? {};
  const hidden = (menus['commandPalette'] ?? []).some((m) => m.command === command && m.when === 'false');
  const places = hidden ? [] : ['Command Palette'];
  for (const [menu, items] of Object.entries(menus)) {
    if (menu === 'commandPalette') continue;
    if (items.some((m) => m.command === command)) places.push(MENU_NAMES[menu] ?? menu);
  }
  return [...new Set(places)];
}

export function renderCommandsTable(manifest: Manifest): string {
  const rows = manifest.contributes.commands.map((c) => {
    const title = c.category ? `${c.category}: ${c.title}` : c.title;
    const places = placesOf(manifest, c.command);
    return `| ${cell(title)} | \`${c.command}\` | ${places.length > 0 ? places.join(', ') : 'quick fixes and hovers only'} |`;
  });
  return ['| command | id | where |', '|---|---|---|', ...rows].join('\n');
}

function typeOf(s: SettingContribution): string {
  const base = Array.isArray(s.type) ? s.type.join(' \\| ') : (s.type ?? 'any');
  if (s.enum) return `${base}: ${s.enum.map((v) => `\`${v}\``).join(', ')}`;
  if (base === 'array' && s.items?.enum) return `array of ${s.items.enum.map((v) => `\`${v}\``).join(', ')}`;
  if (base === 'array' && s.items?.type) return `array of ${s.items.type}`;
  const range =
    s.minimum !== undefined && s.maximum !== undefined ? ` (${s.minimum}–${s.maximum})`
    : s.minimum !== undefined ? ` (≥ ${s.minimum})`
    : s.maximum !== undefined ? ` (≤ ${s.maximum})`
    : '';
  return base + range;
}

function defaultOf(s: SettingContribution): string {
  if (s.default === undefined) return '';
  if (typeof s.default === 'string' && s.default === '') return '`""`';
  return `\`${JSON.stringify(s.default)}\``;
}

export function renderSettingsTable(manifest: Manifest): string {
  const entries = Object.entries(manifest.contributes.configuration.properties);
  entries.sort(([, a], [, b]) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER));
  const rows = entries.map(([name, s]) => {
    const description = plainLinks(s.markdownDescription ?? s.description ?? '');
    return `| \`${name}\` | ${cell(typeOf(s))} | ${cell(defaultOf(s))} | ${s.scope ?? 'window'} | ${cell(description)} |`;
  });
  return ['| setting | type | default | scope | what it does |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** Replaces the text between `start` and `end` (markers kept); throws when a marker is missing. */
export function splice(text: string, start: string, end: string, body: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from + 1);
  if (from < 0 || to < 0) throw new Error(`README.md has no "${start}" … "${end}" markers`);
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
}

/** The README with both tables regenerated from the manifest. */
export function withTables(readme: string, manifest: Manifest): string {
  const commands = splice(readme, COMMANDS_START, COMMANDS_END, renderCommandsTable(manifest));
  return splice(commands, SETTINGS_START, SETTINGS_END, renderSettingsTable(manifest));
}
