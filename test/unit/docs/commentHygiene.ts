// What a source comment must not hold: a figure someone measured (a timing, a size or a rate
// read off a run, a speed-up, a profile's finding), which goes stale in a comment without
// anyone noticing; and what a file must begin with: a header that says what it is for.
// Used by commentHygiene.test.ts. Limits that are design rules ("at most 300 characters",
// "default 250 ms", "2^31−1 ms") are exact numbers without a hedge, and pass.
import { uncomment } from './commentRefs';

/** A number as comments write it: `70`, `1,000`, `2.4`. */
const NUM = String.raw`\d[\d,]*(?:\.\d+)?`;
const TIME_UNITS = 'ns|µs|us|ms|s|sec|seconds?|milliseconds?|microseconds?|nanoseconds?|min|minutes?';
/** Units of time. */
const TIME = String.raw`(?:${TIME_UNITS})(?![\w/])`;
/** Units of time, size and share. */
const UNIT = String.raw`(?:${TIME_UNITS}|[KMGT]i?B|bytes?|%)(?![\w/])`;
/** What a throughput counts. */
const WORK = String.raw`(?:[KMGT]i?B|bytes?|records?|rows?|lines?|candidates?|units?|characters?|files?)`;
/** Words that hedge a figure: it was read off a run rather than set. */
const HEDGE = String.raw`(?:~|≈|\b(?:about|around|roughly|nearly|approximately)\s+~?)`;
/** What a comparison of speed or size says it beat. */
const COMPARED = String.raw`(?:faster|slower|quicker|cheaper|smaller|larger|bigger|less|more|fewer)\b`;

/** Each kind of measured figure, named for the failure message. */
export const FIGURES: readonly (readonly [string, RegExp])[] = [
  ['a hedged figure ("~70 ms", "about 60 bytes")', new RegExp(`${HEDGE}\\s*${NUM}\\s*${UNIT}`, 'i')],
  ['a range read off runs ("8–240 ms")', new RegExp(`${NUM}\\s*(?:–|—)\\s*${NUM}\\s*${UNIT}`, 'i')],
  ['a figure with decimals ("3.2 ms")', new RegExp(`\\b\\d+\\.\\d+\\s*${UNIT}`, 'i')],
  ['a throughput ("120 MB/s", "5,000 records/s", "gigabytes per second")', new RegExp(`${NUM}\\s*${WORK}\\s*(?:/\\s*s(?:ec)?\\b|per second|a second)|\\b(?:kilo|mega|giga|tera)bytes (?:per|a) second\\b`, 'i')],
  ['a speed-up ("3× faster", "several times faster", "40% smaller")', new RegExp(`(?:${NUM}\\s*(?:×|x|%)|\\b(?:several|many|two|three|four|five|ten|\\d+) times)\\s*${COMPARED}`, 'i')],
  ['a time something took ("took 40 ms", "costs 2 s")', new RegExp(`\\b(?:took|takes|costs?|ran in|spent|lasted)\\s+${HEDGE}?\\s*${NUM}\\s*${TIME}`, 'i')],
  ['a share of runs ("1 in 7 calls", "5 of 21 runs", "one value in about 370 passes")', /\b(?:\d+|one) (?:\w+ ){0,2}(?:in|of) (?:about )?\d[\d,]* (?:runs|calls|tries|attempts|checks|passes)\b/i],
  ['a duration in words ("a few milliseconds", "paid seconds")', /\b(?:a few|several|tens of|hundreds of|thousands of)\s+(?:dozen\s+|hundred\s+|thousand\s+)?(?:nanoseconds|microseconds|milliseconds|seconds)\b|\bpaid (?:\w+ )?(?:milliseconds|seconds|minutes)\b/i],
  ['a measurement or a profile ("we measured", "a CPU profile showed")', /\b(?:measured|benchmarked|profiled)\b|\bprofiles? (?:showed|shows|show|found)\b|\ba (?:CPU |heap )?profile of\b|\bwe (?:measured|timed|tried)\b|\bseen in (?:a |the )?(?:CPU |heap )?(?:profile|bench\w*|integration tests?|runs?)\b/i],
];

/** The kinds of measured figure in a comment's text (empty when there is none). */
export function figuresIn(text: string): string[] {
  return FIGURES.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

/**
 * What is wrong with a file's beginning, or undefined when it opens with a purpose header: a
 * comment (after a `#!` line) whose first one or two lines say in words what the file is for.
 */
export function headerProblem(source: string): string | undefined {
  const header = /^(?:\/\/.*(?:\r?\n\/\/.*)*|\/\*[\s\S]*?\*\/)/.exec(source.replace(/^#!.*\r?\n/, ''));
  if (!header) return 'does not begin with a comment that says what the file is for';
  const lines = uncomment(header[0]);
  if (/^(?:eslint|@ts-|prettier|#region|global\b)/.test(lines[0] ?? '')) return 'begins with a tool directive, not a purpose header';
  const words = lines.slice(0, 2).join(' ').split(/\s+/).filter((w) => /\w/.test(w));
  return words.length < 4 ? 'its header is too short to say what the file is for' : undefined;
}
