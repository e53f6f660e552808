// Default of `leakSearch.diagnostics.maxFileSize`, in bytes: larger files are not scanned, by
// the editor (src/editor/diagnostics/diagnosticSettings.ts) and the command line alike (keep
// in step with package.json). Pure.
export const DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024;
