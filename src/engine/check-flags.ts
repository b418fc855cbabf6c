import type { Condition, Flow } from './generated/flow-types';
import { flagDeclarations, type FlagDeclarations } from './flags';
import { conditionFlagValues } from './conditions';
import { isVariantText } from './text-variants';
import { flowTextsOf } from './kinds/kind-registry';
import type { KindRegistry, Report } from './kinds/screen-kind';

/**
 * The rules of the flow's flags that JSON Schema cannot say: a string flag's default is one of its values; a
 * price screen's `plansBy` and every text variant name a declared string flag, and the variants cover exactly
 * that flag's values. Conditions are checked where they are (checkFlagCondition).
 */
export function checkFlagDeclarations(flow: Flow, kinds: KindRegistry, report: Report): void {
  const declarations = flagDeclarations(flow);
  for (const [name, declaration] of Object.entries(declarations)) {
    if (declaration.type === 'string' && !declaration.values.includes(declaration.default)) {
      report(`/flags/${name}/default`, `default "${declaration.default}" is not one of the values of flag "${name}"`, `use one of ${declaration.values.join(', ')}, or add it to "values"`);
    }
  }
  flow.screens.forEach((screen, i) => {
    if ('plansBy' in screen && screen.plansBy !== undefined) {
      checkStringFlag(declarations, screen.plansBy, `/screens/${i}/plansBy`, 'a price screen chooses its plans by', report);
    }
    for (const [pointer, text] of flowTextsOf(kinds, screen)) {
      if (!isVariantText(text)) continue;
      const at = `/screens/${i}${pointer}`;
      const values = checkStringFlag(declarations, text.flag, `${at}/flag`, 'a text has variants by', report);
      if (!values) continue;
      for (const value of values) {
        if (!Object.hasOwn(text.variants, value)) report(`${at}/variants`, `no variant for value "${value}" of flag "${text.flag}"`, `add "${value}" with its text`);
      }
      for (const key of Object.keys(text.variants)) {
        if (!values.includes(key)) report(`${at}/variants/${key}`, `"${key}" is not a value of flag "${text.flag}"`, `use one of ${values.join(', ')}, or add it to the flag's "values"`);
      }
    }
  });
}

/**
 * Every flag a condition tests is declared, and compared with a value of its kind: true or false for a boolean
 * flag, one of its `values` for a string flag.
 */
export function checkFlagCondition(declarations: FlagDeclarations, condition: Condition, pointer: string, report: Report): void {
  const names = Object.keys(declarations);
  for (const { flag, value } of conditionFlagValues(condition)) {
    const declaration = Object.hasOwn(declarations, flag) ? declarations[flag] : undefined;
    if (!declaration) {
      report(pointer, `unknown flag "${flag}"`, names.length > 0 ? `use one of ${names.join(', ')}, or add it to "flags"` : 'add it to the flow\'s "flags" with its type and default');
    } else if (declaration.type === 'boolean' && typeof value !== 'boolean') {
      report(pointer, `flag "${flag}" is a boolean, but the condition compares it with "${value}"`, 'write "is": true or "is": false, without quotes');
    } else if (declaration.type === 'string' && typeof value !== 'string') {
      report(pointer, `flag "${flag}" is a string flag, but the condition compares it with ${String(value)}`, `use one of its values: ${declaration.values.join(', ')}`);
    } else if (declaration.type === 'string' && typeof value === 'string' && !declaration.values.includes(value)) {
      report(pointer, `flag "${flag}" can never be "${value}"`, `use one of ${declaration.values.join(', ')}`);
    }
  }
}

/** The values of `name` when it is a declared string flag; reports it otherwise. */
function checkStringFlag(declarations: FlagDeclarations, name: string, pointer: string, what: string, report: Report): readonly string[] | null {
  const declaration = Object.hasOwn(declarations, name) ? declarations[name] : undefined;
  const strings = Object.entries(declarations).flatMap(([n, d]) => (d.type === 'string' ? [n] : []));
  const hint = strings.length > 0 ? `use one of ${strings.join(', ')}, or declare it in "flags"` : 'declare it in "flags" with "type": "string", a default and its values';
  if (!declaration) {
    report(pointer, `unknown flag "${name}"`, hint);
    return null;
  }
  if (declaration.type !== 'string') {
    report(pointer, `flag "${name}" is a boolean; ${what} a string flag's values`, hint);
    return null;
  }
  return declaration.values;
}
