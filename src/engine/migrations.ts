/** A step that carries saved progress from one version of a flow to the next. */
export type ProgressMigration = (progress: Record<string, unknown>) => Record<string, unknown>;

/**
 * A flow's saved-progress migrations, by the version they migrate FROM. The app keeps them beside its flows and
 * hands the flow's own to loadProgress. When a flow's version is bumped, add a step if old progress can be
 * carried over (rename an answer key, map old option values); without a step, old progress is dropped and the
 * visitor starts again.
 *
 * Example: `{ 1: (p) => ({ ...p, answers: renameKey(p.answers, '3-5', '3-8') }) }`.
 */
export type ProgressMigrations = Readonly<Record<number, ProgressMigration>>;
