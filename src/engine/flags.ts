import type { Flag, Flow } from './generated/flow-types';

/** A flag's value: true or false for a boolean flag, one of its `values` for a string flag. */
export type FlagValue = boolean | string;

/** Flag values by flag name. */
export type FlagValues = Record<string, FlagValue>;

/** The flow's flag declarations by name (its `flags`). */
export type FlagDeclarations = Readonly<Record<string, Flag>>;

/** The flow's flag declarations; none when the flow declares no flags. */
export function flagDeclarations(flow: Flow): FlagDeclarations {
  return flow.flags ?? {};
}

/** Whether a flag's declaration allows `value`: a boolean for a boolean flag, one of its `values` for a string flag. */
export function allowsValue(declaration: Flag, value: unknown): value is FlagValue {
  return declaration.type === 'boolean' ? typeof value === 'boolean' : typeof value === 'string' && declaration.values.includes(value);
}

/**
 * The entries of `values` the declarations allow (a declared flag, a value of its type and set). Saved
 * assignments pass through it: a flag the flow no longer declares, or a value it no longer allows, is not kept
 * (the visitor is assigned afresh when a screen reads it).
 */
export function declaredValues(declarations: FlagDeclarations, values: Readonly<Record<string, unknown>>): FlagValues {
  const kept: FlagValues = {};
  for (const [name, value] of Object.entries(values)) {
    const declaration = Object.hasOwn(declarations, name) ? declarations[name] : undefined;
    if (declaration && allowsValue(declaration, value)) kept[name] = value;
  }
  return kept;
}
