// The flow checker's located reading of a flow file's text: a syntax error or each problem the validator finds, with
// its line, column and JSON pointer. flow:check, the build and the server's flow store (which refuses a version with
// the very lines flow:check prints) all read a flow through it.
import { parseTree, findNodeAtLocation, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { validateFlow, type ValidateOptions } from '../engine/validate-flow';
import { productKinds } from '../engine/kinds/product-kinds';
import type { Flow } from '../engine/generated/flow-types';
import type { FlowProblem } from '../engine/flow-problem';
import { effectKinds, effectNames } from './effect-names';
import { publicPaths } from './public-paths';
import { textPlaceholders } from './text-placeholders';
import { blurredArtOf } from './blurred-art';

/** One located problem: `file:line:column pointer message; hint`. */
export interface LocatedProblem {
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
  hint: string;
}

export function formatProblem(p: LocatedProblem): string {
  return `${p.file}:${p.line}:${p.column} ${p.pointer || '/'} ${p.message}; ${p.hint}`;
}

/** Line and column (1-based) of a character offset. */
function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i += 1) {
    if (text.charCodeAt(i) === 10) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

function decodePointer(pointer: string): Array<string | number> {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The node a pointer names, or its nearest existing ancestor (a missing property points at its object). */
function locate(root: Node, pointer: string): Node {
  const path = decodePointer(pointer);
  for (let n = path.length; n >= 0; n -= 1) {
    const node = findNodeAtLocation(root, path.slice(0, n));
    if (node) {
      // Point at the property's key rather than its value when the pointer names a property.
      return node.parent?.type === 'property' && n === path.length ? node.parent : node;
    }
  }
  return root;
}

/** Checks the text of one flow file; returns located problems (empty when the flow is valid). */
export function checkFlowText(file: string, text: string): LocatedProblem[] {
  return readFlowText(file, text).problems;
}

/** What a flow's files must be among, when known: `assetExists('/backgrounds/quiz.svg')`. */
export interface FlowAssets {
  /** Whether a file the flow names (a group's background) is there to serve. */
  exists(path: string): boolean;
  /** Where they are looked for, for the message: "public/" to flow:check, "the app's build" to the server. */
  where: string;
  /** Whether the blurred copies of the backgrounds (made by the build) must be there too. */
  blurredCopies: boolean;
}

/** The screen kinds a flow may use and the schema they make together: the product's unless a test brings its own. */
export type FlowLanguage = Pick<ValidateOptions, 'kinds' | 'schema'>;

/**
 * The validated flow of a flow file's text, or its problems located by line, column and JSON pointer. With `assets`,
 * each group's background must be among them (and, when asked, its blurred copy): a version published live may use
 * only the art the build shipped.
 */
export function readFlowText(file: string, text: string, assets?: FlowAssets, language: FlowLanguage = { kinds: productKinds }): { flow: Flow | null; problems: LocatedProblem[] } {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || !root) {
    const first = errors[0];
    const { line, column } = position(text, first?.offset ?? 0);
    const what = first ? describeSyntaxError(printParseErrorCode(first.error)) : 'the file is empty';
    const problem = { file, line, column, pointer: '', message: `JSON syntax error: ${what}`, hint: 'fix the JSON syntax at this position (a missing comma, quote or bracket?)' };
    return { flow: null, problems: [problem] };
  }
  const result = validateFlow(JSON.parse(text), { ...language, effects: effectNames, effectKinds, publicPaths, placeholders: textPlaceholders });
  if (!result.ok) return { flow: null, problems: locateIn(file, text, root, result.problems) };
  const missing = assets ? missingArt(result.flow, assets) : [];
  if (missing.length > 0) return { flow: null, problems: locateIn(file, text, root, missing) };
  return { flow: result.flow, problems: [] };
}

/** The groups whose background (or its blurred copy) is not among the assets. */
function missingArt(flow: Flow, assets: FlowAssets): FlowProblem[] {
  const problems: FlowProblem[] = [];
  for (const [name, group] of Object.entries(flow.groups)) {
    const blurred = blurredArtOf(group);
    if (!assets.exists(group.background)) {
      problems.push({ pointer: `/groups/${name}/background`, message: `background "${group.background}" is not in ${assets.where}`, hint: 'use an image the app ships (public/backgrounds/), or add it and build the app' });
    } else if (assets.blurredCopies && blurred && !assets.exists(blurred)) {
      problems.push({
        pointer: `/groups/${name}/blur`,
        message: `the build made no "${group.blur}" blurred copy of "${group.background}"`,
        hint: 'use a blur the build made for this image (the built flow\'s), or rebuild the app with this one',
      });
    }
  }
  return problems;
}

/**
 * Problems found in a valid flow's text by later checks (the compiled machine's walk, the personas' replay), located
 * as the validator's are. The text must be valid JSON.
 */
export function locateProblems(file: string, text: string, problems: readonly FlowProblem[]): LocatedProblem[] {
  const root = parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
  if (!root) return problems.map((problem) => ({ file, line: 1, column: 1, ...problem }));
  return locateIn(file, text, root, problems);
}

function locateIn(file: string, text: string, root: Node, problems: readonly FlowProblem[]): LocatedProblem[] {
  return problems.map((problem) => {
    const node = locate(root, problem.pointer);
    return { file, ...position(text, node.offset), ...problem };
  });
}

const syntaxMessages: Record<string, string> = {
  CommaExpected: 'a comma is missing',
  ColonExpected: 'a colon is missing',
  PropertyNameExpected: 'a property name in double quotes is expected',
  ValueExpected: 'a value is expected',
  CloseBraceExpected: 'a closing } is missing',
  CloseBracketExpected: 'a closing ] is missing',
  EndOfFileExpected: 'text after the end of the JSON',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfComment: 'a comment is not closed',
  InvalidCommentToken: 'comments are not allowed in JSON',
  InvalidSymbol: 'an unexpected character',
  InvalidEscapeCharacter: 'an invalid escape in a string',
  InvalidCharacter: 'an invalid character in a string',
};

function describeSyntaxError(code: string): string {
  return syntaxMessages[code] ?? code;
}
