import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The flow store: editors publish flows live, without a build or a restart.
// - `flow_versions`: every stored version of a flow, immutable once written: its JSON text exactly as served (the
//   flow's own `version` field set to the store's number), a SHA-256 checksum of that text, the editor's note, who
//   stored it (the editor token's name) and when. `retired_at` is set once a version is retired (it is then never
//   served again; its visitors were moved on); `published_at` the first time it was published; `moved_at` once a
//   publish of another version moved its visitors on (it may still be published again, which clears it).
// - `flows`: one row per flow, naming its published version. Publishing is one compare-and-set update of this row.
// - `editor_audit`: one row per change an editor made (stored, published, retired, previewed), who, what and when.
// - `sessions.flow_id`, `sessions.flow_version`: the version a visitor started on, which their reloads and returns
//   are served while it is not retired. `sessions.preview`: a session an editor opened through a preview link,
//   left out of every report.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? 'timestamptz' : 'text';
  await db.schema
    .createTable('flow_versions')
    .addColumn('flow_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('json', 'text', (c) => c.notNull())
    .addColumn('checksum', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('published_at', timestamp)
    .addColumn('retired_at', timestamp)
    .addColumn('moved_at', timestamp)
    .addPrimaryKeyConstraint('flow_versions_pk', ['flow_id', 'version'])
    .execute();
  await db.schema
    .createTable('flows')
    .addColumn('flow_id', 'text', (c) => c.primaryKey())
    .addColumn('published_version', 'integer', (c) => c.notNull())
    .addColumn('published_at', timestamp, (c) => c.notNull())
    .addColumn('published_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('editor_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', timestamp, (c) => c.notNull())
    .addColumn('editor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('flow_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(sql.lit('')))
    .execute();
  await db.schema.createIndex('editor_audit_flow_at').on('editor_audit').columns(['flow_id', 'at']).execute();
  await db.schema.alterTable('sessions').addColumn('flow_id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('flow_version', 'integer').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('preview', 'boolean', (c) => c.notNull().defaultTo(sql.lit(false)))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('preview').execute();
  await db.schema.alterTable('sessions').dropColumn('flow_version').execute();
  await db.schema.alterTable('sessions').dropColumn('flow_id').execute();
  await db.schema.dropTable('editor_audit').execute();
  await db.schema.dropTable('flows').execute();
  await db.schema.dropTable('flow_versions').execute();
}
