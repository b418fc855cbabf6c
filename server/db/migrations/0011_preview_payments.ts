import { sql, type Kysely } from 'kysely';

// The payments of an editor's preview carry its mark, as its session does: `checkouts.preview`, `purchases.preview`
// and `charges.preview`, copied from the paying visitor's session when the row is made (a charge from its checkout or
// purchase). A preview walks the sandbox checkout to the end; its money is no business's, and every report and
// readout of payments leaves it out without having to find the session again (sessions may be pruned, payments never).
// Rows made before are no preview's: previews came with the flow store, and these columns with them.

const tables = ['checkouts', 'purchases', 'charges'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    await db.schema
      .alterTable(table)
      .addColumn('preview', 'boolean', (c) => c.notNull().defaultTo(sql.lit(false)))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...tables].reverse()) await db.schema.alterTable(table).dropColumn('preview').execute();
}
