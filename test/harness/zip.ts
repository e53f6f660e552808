// Lists the entries of a zip file (a .vsix) from its central directory, and reads one.
import * as fs from 'node:fs';
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  readonly name: string;
  readonly size: number;
  readonly compressedSize: number;
}

export function listZip(file: string): ZipEntry[] {
  const data = fs.readFileSync(file);
  const end = findEndOfCentralDirectory(data);
  const count = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (data.readUInt32LE(offset) !== 0x02014b50) throw new Error(`${file}: bad central directory entry ${i}`);
    const compressedSize = data.readUInt32LE(offset + 20);
    const size = data.readUInt32LE(offset + 24);
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    const name = data.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.push({ name, size, compressedSize });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** One entry's bytes (stored or deflated, the two methods vsce writes). */
export function readZipEntry(file: string, wanted: string): Buffer {
  const data = fs.readFileSync(file);
  const end = findEndOfCentralDirectory(data);
  const count = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const method = data.readUInt16LE(offset + 10);
    const compressedSize = data.readUInt32LE(offset + 20);
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    const local = data.readUInt32LE(offset + 42);
    if (data.toString('utf8', offset + 46, offset + 46 + nameLength) === wanted) {
      const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
      const raw = data.subarray(start, start + compressedSize);
      if (method === 0) return Buffer.from(raw);
      if (method === 8) return inflateRawSync(raw);
      throw new Error(`${file}: ${wanted} uses compression method ${method}`);
    }
    offset += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`${file} has no entry ${wanted}`);
}

function findEndOfCentralDirectory(data: Buffer): number {
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) return i;
  }
  throw new Error('not a zip file (no end of central directory)');
}
