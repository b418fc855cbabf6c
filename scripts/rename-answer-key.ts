// `npx tsx scripts/rename-answer-key.ts flows/astrology.json 2-1 name out.json`: a copy of a flow with one answer
// key renamed wherever the flow names it (its screen's `answerKey`, `profile` roles, conditions, `dateFrom` /
// `timeFrom`, `{answer:…}` placeholders), as an editor would do it by hand. `npm test` builds and walks such a copy
// to prove that renaming a key is a JSON edit that keeps every payload right.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The flow's text with answer key `from` renamed to `to`: every string that is exactly the key, and its placeholders;
 * and the renaming declared at the end of its `migrations`, so that a visitor moved to the copy from a version before
 * it keeps the answer.
 */
export function renameAnswerKey(text: string, from: string, to: string): string {
  const rename = (value: unknown): unknown => {
    if (typeof value === 'string') return value === from ? to : value.replaceAll(`{answer:${from}}`, `{answer:${to}}`);
    if (Array.isArray(value)) return value.map(rename);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(v)]));
    return value;
  };
  const renamed = rename(JSON.parse(text)) as { migrations?: unknown[] };
  renamed.migrations = [...((JSON.parse(text) as { migrations?: unknown[] }).migrations ?? []), { rename: 'answerKey', from, to }];
  return `${JSON.stringify(renamed, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, from, to, out] = process.argv.slice(2);
  if (!file || !from || !to || !out) {
    console.error('usage: npx tsx scripts/rename-answer-key.ts <flow.json> <from> <to> <out.json>');
    process.exit(2);
  }
  writeFileSync(out, renameAnswerKey(readFileSync(file, 'utf8'), from, to));
  console.log(`${out}: ${file} with answer key "${from}" renamed to "${to}"`);
}
