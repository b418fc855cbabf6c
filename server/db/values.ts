// Turning what either driver returns into the contract's values (see schema.ts for the column types).

/** A timestamp column as an ISO string: PostgreSQL gives a Date, SQLite the ISO text we stored. */
export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

/** A boolean column as a boolean: PostgreSQL gives true/false, SQLite 1/0. */
export function toBool(value: boolean | number): boolean {
  return value === true || value === 1;
}

/** A bigint column as a number: PostgreSQL's driver gives a string (exact up to 2^53, all the app stores), SQLite a number. */
export function fromBigInt(value: number | string): number {
  return typeof value === 'number' ? value : Number(value);
}

/** A JSON text column. */
export function fromJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

/** The key emails are compared by: the same address in any letter case is one person. */
export function emailKey(email: string): string {
  return email.toLowerCase();
}

const UNIQUE_VIOLATION = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNIQUE_VIOLATION.has(code);
}

/** Now, as stored and returned. */
export function now(): string {
  return new Date().toISOString();
}
