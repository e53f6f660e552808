// Checks that a JSON value (an object or an array) is well formed, one character at a time, as
// the answer parser copies a record's nested field (searchBodyParser.ts). It builds nothing: the
// field is kept as its text, so building the value only to check it (JSON.parse) would
// allocate an object for every bracket, and a field of thousands of nested arrays would cost
// the collector more than the parse. Its memory is one byte per open bracket; its time is
// constant per character, whatever the chunks the text arrives in. RFC 8259's grammar, as
// JSON.parse reads it. Pure: no vscode.

const enum At {
  /** A value (after `:` or `,` in an array). */
  Value,
  /** A value or `]` (after `[`). */
  ValueOrClose,
  /** A key or `}` (after `{`). */
  KeyOrClose,
  /** A key (after `,` in an object). */
  Key,
  Colon,
  /** `,` or the container's close. */
  AfterValue,
  InString,
  InKey,
  Escape,
  KeyEscape,
  /** In a \u escape: `hex` digits still to come. */
  Unicode,
  KeyUnicode,
  /** A number: after `-`, one digit needed. */
  Minus,
  /** A number's integer part was `0`. */
  Zero,
  Digits,
  /** After `.`: one digit needed. */
  Dot,
  Fraction,
  /** After `e`: a sign or a digit. */
  Exponent,
  /** After the exponent's sign: one digit needed. */
  ExponentSign,
  ExponentDigits,
  Literal,
  /** The outermost value is closed. */
  Done,
}

const LITERALS = ['true', 'false', 'null'];
const OBJECT = 1;
const ARRAY = 2;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 102);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

export class JsonGrammar {
  #at = At.Value;
  /** The open containers, innermost last. */
  #stack = new Uint8Array(16);
  #depth = 0;
  #hex = 0;
  #literal = '';
  #literalAt = 0;
  #failed = false;

  /** Whether the value so far can still be well formed. */
  get ok(): boolean {
    return !this.#failed;
  }

  /** Whether the outermost value is closed (and nothing but whitespace followed). */
  get complete(): boolean {
    return !this.#failed && this.#at === At.Done;
  }

  /** Reads the next character; false once the text cannot be well formed. */
  step(c: number): boolean {
    if (this.#failed) return false;
    if (!this.#read(c)) this.#failed = true;
    return !this.#failed;
  }

  #read(c: number): boolean {
    switch (this.#at) {
      case At.InString:
      case At.InKey:
        if (c === 34) this.#at = this.#at === At.InKey ? At.Colon : At.AfterValue;
        else if (c === 92) this.#at = this.#at === At.InKey ? At.KeyEscape : At.Escape;
        else if (c < 0x20) return false;
        return true;
      case At.Escape:
      case At.KeyEscape: {
        const key = this.#at === At.KeyEscape;
        if (c === 117) {
          this.#hex = 4;
          this.#at = key ? At.KeyUnicode : At.Unicode;
          return true;
        }
        // " \ / b f n r t
        if (c !== 34 && c !== 92 && c !== 47 && c !== 98 && c !== 102 && c !== 110 && c !== 114 && c !== 116) return false;
        this.#at = key ? At.InKey : At.InString;
        return true;
      }
      case At.Unicode:
      case At.KeyUnicode:
        if (!isHex(c)) return false;
        if (--this.#hex === 0) this.#at = this.#at === At.KeyUnicode ? At.InKey : At.InString;
        return true;
      case At.Literal:
        if (c !== this.#literal.charCodeAt(this.#literalAt)) return false;
        if (++this.#literalAt === this.#literal.length) this.#at = At.AfterValue;
        return true;
      case At.Minus:
        if (c === 48) this.#at = At.Zero;
        else if (isDigit(c)) this.#at = At.Digits;
        else return false;
        return true;
      case At.Zero:
      case At.Digits:
        if (this.#at === At.Digits && isDigit(c)) return true;
        if (c === 46) this.#at = At.Dot;
        else if (c === 101 || c === 69) this.#at = At.Exponent;
        else return this.#afterValue(c);
        return true;
      case At.Dot:
        if (!isDigit(c)) return false;
        this.#at = At.Fraction;
        return true;
      case At.Fraction:
        if (isDigit(c)) return true;
        if (c === 101 || c === 69) {
          this.#at = At.Exponent;
          return true;
        }
        return this.#afterValue(c);
      case At.Exponent:
        if (c === 43 || c === 45) this.#at = At.ExponentSign;
        else if (isDigit(c)) this.#at = At.ExponentDigits;
        else return false;
        return true;
      case At.ExponentSign:
        if (!isDigit(c)) return false;
        this.#at = At.ExponentDigits;
        return true;
      case At.ExponentDigits:
        return isDigit(c) || this.#afterValue(c);
      case At.AfterValue:
        return this.#afterValue(c);
      case At.Colon:
        if (isSpace(c)) return true;
        if (c !== 58) return false;
        this.#at = At.Value;
        return true;
      case At.KeyOrClose:
      case At.Key:
        if (isSpace(c)) return true;
        if (c === 34) this.#at = At.InKey;
        else if (c === 125 && this.#at === At.KeyOrClose) this.#close();
        else return false;
        return true;
      case At.Value:
      case At.ValueOrClose:
        if (isSpace(c)) return true;
        if (c === 93 && this.#at === At.ValueOrClose) {
          this.#close();
          return true;
        }
        return this.#value(c);
      case At.Done:
        return isSpace(c);
    }
  }

  /** The first character of a value. */
  #value(c: number): boolean {
    if (c === 123 || c === 91) {
      if (this.#depth === this.#stack.length) {
        const grown = new Uint8Array(this.#stack.length * 2);
        grown.set(this.#stack);
        this.#stack = grown;
      }
      this.#stack[this.#depth++] = c === 123 ? OBJECT : ARRAY;
      this.#at = c === 123 ? At.KeyOrClose : At.ValueOrClose;
    } else if (this.#depth === 0) {
      // Only an object or an array is checked here (a record's nested field).
      return false;
    } else if (c === 34) this.#at = At.InString;
    else if (c === 45) this.#at = At.Minus;
    else if (c === 48) this.#at = At.Zero;
    else if (isDigit(c)) this.#at = At.Digits;
    else {
      const literal = LITERALS.find((l) => l.charCodeAt(0) === c);
      if (literal === undefined) return false;
      this.#literal = literal;
      this.#literalAt = 1;
      this.#at = At.Literal;
    }
    return true;
  }

  /** A character after a complete value (a number ends at the first that is not its own). */
  #afterValue(c: number): boolean {
    this.#at = At.AfterValue;
    if (isSpace(c)) return true;
    const inside = this.#stack[this.#depth - 1];
    if (c === 44) {
      this.#at = inside === OBJECT ? At.Key : At.Value;
      return true;
    }
    if ((c === 125 && inside === OBJECT) || (c === 93 && inside === ARRAY)) {
      this.#close();
      return true;
    }
    return false;
  }

  #close(): void {
    this.#depth--;
    this.#at = this.#depth === 0 ? At.Done : At.AfterValue;
  }
}
