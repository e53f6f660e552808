// Field names of leaked records are outside text: any name, `__proto__` and `constructor`
// included. Reading and writing them never touches Object.prototype. Pure, browser-safe.
import type { FieldValue } from '../service/types';

/**
 * Sets an own field, whatever its name: `record["__proto__"] = v` would set the object's
 * prototype instead (and the field would vanish), so that one name is defined explicitly.
 */
export function setOwn(record: Record<string, FieldValue>, key: string, value: FieldValue): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

/** A record's own field, or null (never one of Object.prototype's: `constructor`, `toString`…). */
export function getOwn(record: Readonly<Record<string, FieldValue>> | undefined, key: string): FieldValue {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? (record[key] ?? null) : null;
}
