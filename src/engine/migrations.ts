/**
 * Saved-progress migrations, by flow id and the version they migrate FROM. When a flow's version
 * is bumped, add a step here if old progress can be carried over (rename an answer key, map old
 * option values); without a step, old progress is dropped and the visitor starts again.
 *
 * Example: `{ astrology: { 1: (p) => ({ ...p, answers: renameKey(p.answers, '3-5', '3-8') }) } }`.
 */
export const migrations: Record<string, Record<number, (progress: Record<string, unknown>) => Record<string, unknown>>> = {
  astrology: {},
};
