import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Experiments between whole flow versions:
// - `experiments`: one split of a flow's new visitors between two to four stored versions, running or stopped (with
//   the version chosen). At most one runs per flow: a partial unique index, so two editors (or two processes) can
//   never start a second one.
// - `experiment_arms`: each arm's version and its weight now, in the order the editor gave them.
// - `experiment_weights`: every set of weights the experiment ran with and since when, as JSON [{version, weight}]:
//   the sample ratio check expects each period's exposures in that period's proportions.
// - `sessions.experiment_id`: the experiment whose arm the visitor's page was served (the server's signed cookie);
//   the arm is `sessions.flow_version`. A session with one is an exposed visitor.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? 'timestamptz' : 'text';
  await db.schema
    .createTable('experiments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('flow_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('stopped_at', timestamp)
    .addColumn('winner', 'integer')
    .execute();
  await db.schema.createIndex('experiments_one_running_per_flow').on('experiments').column('flow_id').unique().where(sql.ref('state'), '=', 'running').execute();
  await db.schema
    .createTable('experiment_arms')
    .addColumn('experiment_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('experiment_arms_pk', ['experiment_id', 'version'])
    .execute();
  await db.schema
    .createTable('experiment_weights')
    .addColumn('experiment_id', 'text', (c) => c.notNull())
    .addColumn('since', timestamp, (c) => c.notNull())
    .addColumn('weights', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('experiment_weights_experiment_since').on('experiment_weights').columns(['experiment_id', 'since']).execute();
  await db.schema.alterTable('sessions').addColumn('experiment_id', 'text').execute();
  await db.schema.createIndex('sessions_experiment').on('sessions').column('experiment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_experiment').execute();
  await db.schema.alterTable('sessions').dropColumn('experiment_id').execute();
  await db.schema.dropTable('experiment_weights').execute();
  await db.schema.dropTable('experiment_arms').execute();
  await db.schema.dropTable('experiments').execute();
}
