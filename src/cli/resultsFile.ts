// Placeholder until `leak-search fetch --out FILE` lands: opening its results file is the
// fetch command's to define (the lead merges the real module over this one).
import type { LeakSearchSession } from '../engine/leakSearchSession';
import { UsageError } from './exitCodes';

/** A session whose engine holds the results of a file written by `leak-search fetch`. */
export function openResultsFile(file: string, env: NodeJS.ProcessEnv): Promise<LeakSearchSession> {
  void file;
  void env;
  return Promise.reject(new UsageError('--results needs a results file written by leak-search fetch'));
}
