// The one command table. Palette commands are declared in package.json `contributes.commands`;
// the `tree.*` ones are internal (context menus) and hidden from the palette with `when: false`.
export const CommandId = {
  checkDomain: 'leakSearch.checkDomain',
  checkAllDomains: 'leakSearch.checkAllDomains',
  checkShownAgain: 'leakSearch.refresh',
  setApiKey: 'leakSearch.setApiKey',
  clearApiKey: 'leakSearch.clearApiKey',
  addDomain: 'leakSearch.addDomain',
  openResults: 'leakSearch.openResults',
  resetQuotaState: 'leakSearch.resetQuotaState',
  copyUsername: 'leakSearch.tree.copyUsername',
  copyUrl: 'leakSearch.tree.copyUrl',
  showInResults: 'leakSearch.tree.showInResults',
  recheck: 'leakSearch.tree.recheck',
  removeDomain: 'leakSearch.tree.removeDomain',
  manageIgnored: 'leakSearch.diagnostics.manageIgnored',
  showMore: 'leakSearch.tree.showMore',
  scanWorkspace: 'leakSearch.scanWorkspace',
  showLeakedRecords: 'leakSearch.diagnostics.showRecords',
  ignoreIdentifier: 'leakSearch.diagnostics.ignore',
  acknowledge: 'leakSearch.tree.acknowledge',
  remediate: 'leakSearch.tree.remediate',
  falsePositive: 'leakSearch.tree.falsePositive',
  clearTriage: 'leakSearch.tree.clearTriage',
  exportTriage: 'leakSearch.exportTriage',
  importTriage: 'leakSearch.importTriage',
  exportSarif: 'leakSearch.exportSarif',
  openGuide: 'leakSearch.openGuide',
  treeGuide: 'leakSearch.tree.openGuide',
} as const;

export type CommandId = (typeof CommandId)[keyof typeof CommandId];
