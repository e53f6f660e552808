// esbuild bundles imported stylesheets into dist/webview.css.
declare module '*.css';
