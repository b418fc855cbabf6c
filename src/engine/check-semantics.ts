import { didYouMean } from './did-you-mean';
import type { Condition, Flow, Screen } from './generated/flow-types';
import type { FlowProblem } from './flow-problem';
import { branchesOf, followersOf, predecessors, reachable as reach } from './flow-graph';
import { conditionAnswerKeys, conditionOutcomes, conditionOutcomeValues, conditionValues } from './conditions';
import { unknownEffects } from './effect-references';
import { isQuestionScreen } from './answers';
import { checkPlaceholders, type TextPlaceholders } from './text-placeholders';
import { checkFlagCondition, checkFlagDeclarations } from './check-flags';
import { flagDeclarations } from './flags';
import { isVariantText } from './text-variants';
import { checkAnalytics } from './check-analytics';
import type { KindCheck, KindRegistry, ProfileRole, Report } from './kinds/screen-kind';
import { enumeratedValues, flowTextsOf, kindOf, statusEffectOf, submitEffectOf } from './kinds/kind-registry';

const textFields = new Set(['title', 'subtitle', 'eyebrow', 'footnote', 'note', 'done']);

/**
 * The rules of a flow that JSON Schema cannot express. Assumes the flow passed the schema. `kinds` are the screen
 * kinds the flow may use, each checking its own rules; `effects` and `placeholders` are what the app registers, each
 * unchecked when null.
 */
export function checkSemantics(flow: Flow, kinds: KindRegistry, effects: readonly string[] | null, publicPaths: readonly string[], placeholders: TextPlaceholders | null): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const report: Report = (pointer, message, hint) => problems.push({ pointer, message, hint });
  const at = (i: number) => `/screens/${i}`;

  const ids = new Map<string, number>();
  const routes = new Map<string, number>();
  const keys = new Map<string, number>();
  flow.screens.forEach((screen, i) => {
    const first = ids.get(screen.id);
    if (first !== undefined) report(`${at(i)}/id`, `duplicate screen id "${screen.id}" (also at /screens/${first})`, 'give each screen its own id');
    else ids.set(screen.id, i);
    const sameRoute = routes.get(screen.route);
    if (sameRoute !== undefined) report(`${at(i)}/route`, `duplicate route "${screen.route}" (also at /screens/${sameRoute})`, 'give each screen its own route');
    else routes.set(screen.route, i);
    if (isQuestionScreen(screen)) {
      const sameKey = keys.get(screen.answerKey);
      if (sameKey !== undefined) report(`${at(i)}/answerKey`, `duplicate answer key "${screen.answerKey}" (also at /screens/${sameKey})`, 'give each question its own step id');
      else keys.set(screen.answerKey, i);
    }
  });

  checkSessionRules(flow, ids, report);
  checkProfile(flow, keys, kinds, report);

  checkFlagDeclarations(flow, kinds, report);
  const declarations = flagDeclarations(flow);
  const checkFlags = (condition: Condition, pointer: string) => checkFlagCondition(declarations, condition, pointer, report);

  if (flow.progressUntil !== undefined && !ids.has(flow.progressUntil)) report('/progressUntil', `progress screen "${flow.progressUntil}" does not exist`, 'use the id of a screen in this flow, such as the email capture');
  if (!ids.has(flow.start)) report('/start', `start screen "${flow.start}" does not exist`, didYouMean(flow.start, [...ids.keys()], `use one of the screen ids, such as "${flow.screens[0]?.id ?? ''}"`));

  const screenByKey = new Map<string, Screen>();
  for (const s of flow.screens) if (isQuestionScreen(s)) screenByKey.set(s.answerKey, s);

  const contextAt = (i: number): KindCheck => ({ flow, pointer: at(i), report, ids, routes, questions: screenByKey, effects, checkFlags, kinds });

  flow.screens.forEach((screen, i) => {
    const kind = kindOf(kinds, screen);
    if (!(screen.group in flow.groups)) report(`${at(i)}/group`, `unknown page group "${screen.group}"`, `use one of ${Object.keys(flow.groups).join(', ')}`);

    const branches = branchesOf(screen);
    if (typeof screen.next === 'string') {
      if (!ids.has(screen.next)) report(`${at(i)}/next`, `transition to unknown screen "${screen.next}"`, didYouMean(screen.next, [...ids.keys()], 'use the id of a screen in this flow'));
    } else {
      branches.forEach((branch, b) => {
        if (!ids.has(branch.to)) report(`${at(i)}/next/${b}/to`, `transition to unknown screen "${branch.to}"`, didYouMean(branch.to, [...ids.keys()], 'use the id of a screen in this flow'));
        const last = b === branches.length - 1;
        if (!last && !branch.when) report(`${at(i)}/next/${b}`, 'a branch without "when" before the last branch hides the branches after it', 'add "when" or move this branch to the end');
        // A screen that submits to an effect may stay when no branch matches: the visitor submits again.
        const submits = submitEffectOf(kinds, screen) !== undefined;
        if (last && branch.when && !submits) report(`${at(i)}/next/${b}`, 'the last branch has a "when": a visitor whose answers match no branch is stuck', 'add a last branch without "when" as the default');
      });
    }
    if (branches.length === 0 && screen.end !== true) report(at(i), `screen "${screen.id}" has no way forward and is not an end`, 'add "next", or "end": true if the flow ends here');
    if (branches.length > 0 && screen.end === true) report(`${at(i)}/end`, `screen "${screen.id}" is marked as an end but has "next"`, 'remove "end" or "next"');

    if (screen.back?.to === 'screen' && screen.back.screen !== undefined && !ids.has(screen.back.screen)) {
      report(`${at(i)}/back/screen`, `back target "${screen.back.screen}" does not exist`, didYouMean(screen.back.screen, [...ids.keys()], 'use the id of a screen in this flow'));
    }
    if (publicPaths.includes(screen.route)) {
      report(`${at(i)}/route`, `route "${screen.route}" is taken by one of the app's own pages`, 'choose another route');
    }
    if (screen.back?.to === 'path' && screen.back.path !== undefined && publicPaths.length > 0 && !routes.has(screen.back.path) && !publicPaths.includes(screen.back.path)) {
      report(`${at(i)}/back/path`, `back path "${screen.back.path}" is neither a screen route nor a page of the app`, `use a screen route or one of ${publicPaths.join(', ')}`);
    }

    if ('options' in screen) {
      const seen = new Map<string, number>();
      screen.options.forEach((option, o) => {
        const first = seen.get(option.value);
        if (first !== undefined) report(`${at(i)}/options/${o}/value`, `repeated option value "${option.value}" (also option ${first})`, 'give each option its own value');
        else seen.set(option.value, o);
      });
    }
    kind.check?.(screen, contextAt(i));
    const submit = submitEffectOf(kinds, screen);
    const status = statusEffectOf(kinds, screen);
    branchesOf(screen).forEach((branch, b) => {
      if (!branch.when) return;
      const pointer = `${at(i)}/next/${b}/when`;
      checkFlags(branch.when, pointer);
      const own = submit ?? status;
      for (const effect of conditionOutcomes(branch.when)) {
        if (effect === own) continue;
        if (status !== undefined) {
          const field = kind.status?.field ?? '';
          report(pointer, `condition on the outcome of "${effect}", which is not this screen's "${field}"`, `test "${status}", the effect whose outcome this screen shows`);
        }
        else report(pointer, `condition on the outcome of "${effect}", which this screen does not submit to`, own ? `test "${own}", this screen's submit effect` : 'add "submit" with that effect to this screen, or test an answer');
      }
      const outcomes = kind.status?.outcomes ?? [];
      for (const { effect, value } of conditionOutcomeValues(branch.when)) {
        if (status !== undefined && effect === status && !outcomes.includes(value)) {
          report(pointer, `"${status}" never reports the outcome "${value}"`, `use one of ${outcomes.join(', ')}`);
        }
      }
    });
    if (placeholders) {
      for (const [pointer, text] of textsOf(kinds, screen, at(i))) checkPlaceholders(screen, pointer, text, screenByKey, placeholders, report);
    }
  });

  if (effects) problems.push(...unknownEffects(flow, kinds, effects, 'registered'));
  problems.push(...checkAnalytics(flow, kinds));

  // Reachability and "earlier screen" both need the graph; skip them when references are broken.
  if (problems.length > 0) return problems;

  const preds = predecessors(flow);
  const reachable = reach(flow.start, (id) => followersOf(flow, screenById(flow, id)));
  flow.screens.forEach((screen, i) => {
    if (!reachable.has(screen.id)) report(at(i), `screen "${screen.id}" cannot be reached from the start "${flow.start}"`, 'add a transition to it, or remove it');
    const before = preds.get(screen.id) ?? [];
    if (screen.back?.to === 'screen' && screen.back.screen !== undefined && (screen.back.screen === screen.id || !reach(screen.id, (id) => preds.get(id) ?? []).has(screen.back.screen))) {
      report(`${at(i)}/back/screen`, `back target "${screen.back.screen}" is not a screen the visitor passes before "${screen.id}"`, 'go back to a screen that comes earlier on the way here');
    } else if (screen.back?.to === 'screen' && screen.back.screen !== undefined && !before.includes(screen.back.screen)) {
      // An earlier screen, but not the one just before on any way here: Back would skip what the visitor just answered
      // (a question added before this screen, say, with the back target left as it was).
      report(
        `${at(i)}/back/screen`,
        `back target "${screen.back.screen}" is not the screen just before "${screen.id}" on any way here (${before.map((id) => `"${id}"`).join(', ')} ${before.length === 1 ? 'is' : 'are'}): Back would skip it`,
        `use {"to": "previous"}, or one of ${before.map((id) => `"${id}"`).join(', ')}`,
      );
    }
    if (screen.back?.to === 'previous' && (preds.get(screen.id) ?? []).length === 0) {
      report(`${at(i)}/back`, `back to "previous" on "${screen.id}", which no screen leads to`, 'use a screen or path back target');
    }
    const ancestors = reach(screen.id, (id) => preds.get(id) ?? []);
    const loaded = kindOf(kinds, screen).loadedOnTheWay?.(screen);
    if (loaded && !flow.screens.some((s) => ancestors.has(s.id) && (s.effects ?? []).includes(loaded.effect))) {
      report(`${at(i)}/${loaded.field}`, `no screen on the way here runs "${loaded.effect}"`, `add "${loaded.effect}" to the "effects" of this screen or an earlier one`);
    }
    branchesOf(screen).forEach((branch, b) => {
      if (!branch.when) return;
      const pointer = typeof screen.next === 'string' ? `${at(i)}/next` : `${at(i)}/next/${b}/when`;
      for (const key of conditionAnswerKeys(branch.when)) {
        const source = screenByKey.get(key);
        if (!source || !ancestors.has(source.id)) {
          report(pointer, `condition on answer "${key}", which no earlier screen sets`, 'test an answer of a question asked before this screen');
        }
      }
      for (const { answer, value } of conditionValues(branch.when)) {
        const source = screenByKey.get(answer);
        const values = source ? enumeratedValues(kinds, source) : null;
        if (values && !values.includes(value)) report(pointer, `answer "${answer}" can never be "${value}"`, `use one of ${values.join(', ')}`);
      }
    });
  });
  return problems;
}

/** Every profile role: the facts of the visitor the payloads read, each the answer of one question. */
const profileRoles = ['name', 'birthDate', 'birthTime', 'birthPlace', 'gender', 'relationship', 'partnerGender', 'partnerBirthDate', 'partnerBirthTime', 'partnerBirthPlace'] as const satisfies readonly ProfileRole[];

// A role added to the schema's `profile` and missing above is a compile error.
type MissingRole = Exclude<ProfileRole, (typeof profileRoles)[number]>;
const everyRole: MissingRole extends never ? true : never = true;
void everyRole;

/**
 * Every profile role names the answer key of a question of its kind, no two roles the same question, and
 * `inRelationship` is an option of the relationship question: the payloads read the answers through these roles.
 */
function checkProfile(flow: Flow, keys: Map<string, number>, kinds: KindRegistry, report: Report): void {
  const { profile } = flow;
  const questionOf = (key: string): Screen | undefined => {
    const i = keys.get(key);
    return i === undefined ? undefined : flow.screens[i];
  };
  const claimed = new Map<string, string>();
  for (const role of profileRoles) {
    const key = profile[role];
    if (key === undefined) continue;
    // The kind whose questions may hold the role (a date question: a birth date).
    const kind = Object.values(kinds).find((k) => k.profileRoles?.includes(role))?.kind ?? role;
    const pointer = `/profile/${role}`;
    const screen = questionOf(key);
    if (!screen) {
      report(pointer, `role "${role}" names answer key "${key}", which no screen sets`, pointTo(flow, kind));
      continue;
    }
    if (!kindOf(kinds, screen).profileRoles?.includes(role)) {
      report(pointer, `role "${role}" needs a ${kind} question, but "${key}" is the answer of the ${screen.kind} screen "${screen.id}"`, pointTo(flow, kind));
      continue;
    }
    // Two roles of one kind on one question (the partner's birth date on the visitor's, say).
    const other = claimed.get(key);
    if (other !== undefined) report(pointer, `role "${role}" names answer key "${key}", as role "${other}" does`, 'give each role its own question');
    else claimed.set(key, role);
  }
  const relationship = questionOf(profile.relationship);
  const options = relationship && kindOf(kinds, relationship).profileRoles?.includes('relationship') ? enumeratedValues(kinds, relationship) : null;
  if (options && !options.includes(profile.inRelationship)) {
    report(
      '/profile/inRelationship',
      `"${profile.inRelationship}" is not an option of the relationship question "${profile.relationship}"`,
      `use one of ${options.join(', ')}`,
    );
  }
}

/** What to point a role at: the questions of its kind, when there are few, by answer key and screen id. */
function pointTo(flow: Flow, kind: string): string {
  const candidates = flow.screens.flatMap((s) => (s.kind === kind && isQuestionScreen(s) ? [`"${s.answerKey}" (${s.id})`] : []));
  if (candidates.length === 0) return `add a ${kind} screen and use its answerKey`;
  if (candidates.length > 3) return `use the answerKey of a ${kind} screen`;
  return `use the answerKey of a ${kind} screen: ${candidates.join(' or ')}`;
}

const sessionLists = ['refreshOn', 'skipOn', 'skipOnPaymentReturn'] as const;

/** Every screen named once at most, known, and the start screen never one that needs a session. */
function checkSessionRules(flow: Flow, ids: Map<string, number>, report: Report): void {
  const session = flow.session;
  if (!session) return;
  const listed = new Map<string, string>();
  for (const list of sessionLists) {
    (session[list] ?? []).forEach((id, j) => {
      const pointer = `/session/${list}/${j}`;
      if (!ids.has(id)) report(pointer, `unknown screen "${id}"`, 'use the id of a screen in this flow');
      const first = listed.get(id);
      if (first !== undefined) report(pointer, `screen "${id}" is already listed in ${first}`, 'give each screen one session rule');
      else listed.set(id, `/session/${list}`);
    });
  }
  if (ids.has(flow.start) && !listed.has(flow.start)) {
    report('/session', `the start screen "${flow.start}" needs a session, so a new visitor, who has none, could never begin`, `add "${flow.start}" to refreshOn`);
  }
}

function screenById(flow: Flow, id: string): Screen {
  const screen = flow.screens.find((s) => s.id === id);
  if (!screen) throw new Error(`unknown screen ${id}`);
  return screen;
}

/** Every visitor-facing text of a screen with its pointer (each variant of a text with variants), for placeholder checks. */
function textsOf(kinds: KindRegistry, screen: Screen, base: string): Array<[string, string]> {
  const texts: Array<[string, string]> = [];
  for (const [field, value] of Object.entries(screen)) {
    if (textFields.has(field) && typeof value === 'string') texts.push([`${base}/${field}`, value]);
  }
  for (const [pointer, text] of flowTextsOf(kinds, screen)) {
    if (!isVariantText(text)) {
      // The plain title is among the text fields above.
      if (pointer !== '/title') texts.push([`${base}${pointer}`, text]);
      continue;
    }
    for (const [value, variant] of Object.entries(text.variants)) texts.push([`${base}${pointer}/variants/${value}`, variant]);
  }
  for (const [pointer, text] of kindOf(kinds, screen).otherTexts?.(screen) ?? []) texts.push([`${base}${pointer}`, text]);
  return texts;
}
