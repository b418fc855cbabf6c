import type { ProgressMigrations } from '../engine/migrations';

/**
 * The saved-progress migrations of the app's flows, by flow id (src/engine/migrations.ts says how to write one).
 * When a flow's version is bumped, add a step under its id if old progress can be carried over; without one, old
 * progress is dropped and the visitor starts again.
 */
export const progressMigrations: Readonly<Record<string, ProgressMigrations>> = {
  astrology: {},
};
