// The command line's exit codes, one meaning each (README "Command line" lists them), so
// scripts and CI can tell findings from a broken setup from an unreachable service.
import type { LeakSearchError } from '../core/service/errors';

export const EXIT = {
  /** Nothing at or above `--fail-on`. */
  ok: 0,
  /** Findings at or above `--fail-on`. */
  findings: 1,
  /** A usage or configuration error: nothing was sent. */
  usage: 2,
  /** The service, the network or the quota failed. */
  service: 3,
  /** Interrupted (Ctrl-C). */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit code of a typed error: bad input is the user's to fix, the rest is the service's side. */
export function exitCodeOf(error: LeakSearchError): ExitCode {
  if (error.kind === 'invalid-input') return EXIT.usage;
  if (error.kind === 'cancelled') return EXIT.interrupted;
  return EXIT.service;
}

/** An error the user can fix (a flag, a missing key): its message is printed, never a stack. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A failure already reported on stderr (each failed domain of a check): the run ends with `code`. */
export class Reported extends Error {
  override readonly name = 'Reported';
  constructor(readonly code: ExitCode) {
    super(`ended with exit code ${code}`);
  }
}
