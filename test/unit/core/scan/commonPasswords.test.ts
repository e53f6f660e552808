// The common-password list: every entry is known in any case, and nothing else is.
import * as assert from 'node:assert/strict';
import { isCommonPassword } from '../../../../src/core/scan/commonPasswords';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const mod = require('@zxcvbn-ts/language-common/dist/passwords.json.cjs') as { default?: string[] } | string[];
const LIST = Array.isArray(mod) ? mod : (mod.default ?? []);
const SET = new Set(LIST);

/** The definition: on the list once lower-cased. */
function naive(password: string): boolean {
  return SET.has(password.toLowerCase());
}

describe('Common passwords', () => {
  it('knows every entry of the list, in any letter case', () => {
    assert.ok(LIST.length > 40_000);
    for (const entry of LIST) {
      assert.ok(isCommonPassword(entry), entry);
      assert.ok(isCommonPassword(entry.toUpperCase()), entry);
    }
  });

  it('answers exactly as a lower-cased lookup for passwords off the list, ASCII or not', () => {
    const samples = [
      '', 'a', 'ab', 'Summer2024!', 'Pw-abc-Winter!', 'x'.repeat(200), 'correct horse battery staple',
      // Non-ASCII that lower-cases into ASCII: the KELVIN SIGN is "k", the dotted capital I is "i̇".
      '\u212Aitty', 'passwor\u212A', 'P\u0130ZZA', 'pässword', '密码123456', 'passw\u00f6rd',
    ];
    for (let i = 0; i < 20_000; i++) {
      const entry = LIST[(i * 7919) % LIST.length] as string;
      samples.push(`${entry}${i % 10}`, `${i % 10}${entry}`, entry.slice(1), `${entry}!`);
    }
    for (const s of samples) assert.equal(isCommonPassword(s), naive(s), JSON.stringify(s));
    assert.equal(isCommonPassword('\u212Aitty'), naive('kitty'), 'the Kelvin sign is the letter k once lower-cased');
  });
});
