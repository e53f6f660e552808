// The triage decision of each row of a stored result, for the results panel: a row's triage
// id (core/triage/triage.ts) is computed when first needed and kept; the marks come from the editor
// (engine `setTriage`) and are read through `marks()`, so a new decision shows at the next
// query without rebuilding anything. Node only.
import { TRIAGE_STATES, triageId } from '../../core/triage/triage';
import type { TriageMark, TriageState } from '../../core/triage/triage';
import { identityFields } from '../store/identity';
import type { RecordTable } from '../store/recordTable';

export class RowTriage {
  readonly #ids: (string | undefined)[];
  #states: { readonly marks: ReadonlyMap<string, TriageMark>; readonly codes: Uint8Array } | undefined;

  constructor(
    readonly table: RecordTable,
    private readonly key: Buffer,
    private readonly marks: () => ReadonlyMap<string, TriageMark>,
  ) {
    this.#ids = new Array<string | undefined>(table.length);
  }

  /** A row's triage id. */
  id(row: number): string {
    let id = this.#ids[row];
    if (id === undefined) {
      id = triageId(this.key, identityFields(this.table, row));
      this.#ids[row] = id;
    }
    return id;
  }

  mark(row: number): TriageMark | undefined {
    const marks = this.marks();
    return marks.size === 0 ? undefined : marks.get(this.id(row));
  }

  state(row: number): TriageState | undefined {
    return this.mark(row)?.state;
  }

  /** Every row's state as a code (0: none, else 1 + its index in TRIAGE_STATES), cached per set of marks. */
  codes(): Uint8Array {
    const marks = this.marks();
    if (this.#states?.marks === marks) return this.#states.codes;
    const codes = new Uint8Array(this.table.length);
    if (marks.size > 0) {
      for (let row = 0; row < codes.length; row++) {
        const state = marks.get(this.id(row))?.state;
        codes[row] = state === undefined ? 0 : TRIAGE_STATES.indexOf(state) + 1;
      }
    }
    this.#states = { marks, codes };
    return codes;
  }
}

/** A state code of `RowTriage.codes` back to its state. */
export function stateOfCode(code: number): TriageState | undefined {
  return code === 0 ? undefined : TRIAGE_STATES[code - 1];
}
