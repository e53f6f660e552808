// Entry of the results-panel webview bundle (browser).
export {};
