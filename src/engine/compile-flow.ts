import type { AnyActorLogic } from 'xstate';
import type { Flow } from './generated/flow-types';
import type { Answers } from './answers';
import type { Flags } from './conditions';
import { flagDeclarations, type FlagValues } from './flags';
import { flagsOfScreen } from './flag-reads';
import type { EffectName } from './effect-results';
import { defaultFlags, indexFlow, predecessors, returnTargetsOf, screensOfferedOnce } from './flow-graph';
import { unknownEffects } from './effect-references';
import { FlowProblemsError } from './flow-problem';
import type { AnyEffectOutputs, CompileOptions, EffectLogics } from './funnel-types';
import { funnelSetup, type FlowModel } from './funnel-setup';
import { screenStates } from './screen-states';

export type { AnyEffectOutputs, CompileOptions, EffectInput, EffectLogic, EffectLogics, FunnelContext, FunnelEvent, Move } from './funnel-types';

/**
 * Compiles a validated flow into an XState machine: one state per screen, transitions from `next`
 * (conditions become the parameterised guard `answerMatches`), back targets, and a root NAVIGATE
 * event for the address bar that is accepted only for screens on the visitor's trail.
 */
export function compileFlow<R = AnyEffectOutputs>(flow: Flow, options: CompileOptions<NoInfer<R>>) {
  const { kinds } = options;
  const { byId, byRoute } = indexFlow(flow);
  // The screens each screen's hosted payment (a price screen's) may send the visitor back to.
  const returns = new Map(flow.screens.map((screen) => [screen.id, returnTargetsOf(flow, screen)] as const));
  const returnTargets = [...new Set([...returns.values()].flat())];
  const reads = new Map(flow.screens.map((screen) => [screen.id, flagsOfScreen(kinds, screen)] as const));
  // XState takes the implementations by name; it cannot pair a flow's effect name with an output type, `effects` does.
  // Every effect the flow names is part of the machine (so `.provide()` can swap it); one without an implementation
  // is refused here, located, never silently left out.
  const effects: EffectLogics<R> = options.effects ?? {};
  const actors: Record<string, AnyActorLogic> = {};
  for (const name in effects) {
    const logic = effects[name];
    if (logic) actors[name] = logic;
  }
  const missing = unknownEffects(flow, kinds, Object.keys(actors), 'implemented');
  if (missing.length > 0) throw new FlowProblemsError(missing);
  const isImplemented = (name: string): name is EffectName<R> => Object.hasOwn(actors, name);
  // Always true after the check above; the type of the name follows from it.
  const implemented = (name: string): EffectName<R> => {
    if (isImplemented(name)) return name;
    throw new FlowProblemsError(unknownEffects(flow, kinds, Object.keys(actors), 'implemented'));
  };
  const model: FlowModel = {
    flow,
    kinds,
    now: options.now ?? (() => new Date()),
    actors,
    offeredOnce: screensOfferedOnce(flow),
    declarations: flagDeclarations(flow),
    byRoute,
    preds: predecessors(flow),
    screenOf: (id) => {
      const screen = byId.get(id);
      if (!screen) throw new Error(`compileFlow: unknown screen "${id}"`);
      return screen;
    },
    returnsOf: (id) => returns.get(id) ?? [],
    readsOf: (id) => reads.get(id) ?? [],
  };
  const machineSetup = funnelSetup<R>(model);
  const states = screenStates<R>(machineSetup, model, implemented);

  return machineSetup.createMachine({
      id: flow.id,
      initial: flow.start,
      context: () => ({
        answers: {},
        trail: [flow.start],
        email: null,
        move: 'start',
        results: {},
        flags: defaultFlags(flow),
        assigned: {},
        flagsSettled: false,
        leaving: null,
        seen: [],
      }),
      on: {
        SEEN: { actions: 'rememberSeen' },
        SET_FLAGS: { actions: { type: 'applyFlags', params: { reads: [] } } },
        FLAGS_SETTLED: { actions: { type: 'applyFlags', params: { reads: [] } } },
        RETURN: returnTargets.map((screen) => ({
          target: `.${screen}`,
          guard: { type: 'isPaymentReturn' as const, params: { screen } },
          actions: { type: 'returnTo' as const, params: { screen } },
        })),
        NAVIGATE: flow.screens.map((screen) => ({
          target: `.${screen.id}`,
          guard: { type: 'canNavigate' as const, params: { screen: screen.id } },
          actions: { type: 'markMove', params: { move: 'navigate' } },
        })),
      },
      states,
    });
}

/**
 * The machine's snapshot for saved progress: the screen and the context, resolved by the machine so
 * that a restored actor is exactly as consistent as one that walked there. `flags` are the flow's defaults; the
 * saved assignments (checked against the flow by loadProgress) hold over them, and the screens offered once that
 * were seen stay seen.
 */
export function restoreSnapshot<R>(
  machine: FunnelMachine<R>,
  progress: { screen: string; answers: Answers; trail: string[]; assigned?: FlagValues; seen?: readonly string[] },
  flags: Flags,
) {
  const assigned = progress.assigned ?? {};
  return machine.resolveState({
    value: progress.screen,
    context: {
      answers: progress.answers,
      trail: progress.trail,
      email: null,
      move: 'start',
      results: {},
      flags: { ...flags, ...assigned },
      assigned,
      flagsSettled: false,
      leaving: null,
      seen: [...(progress.seen ?? [])],
    },
  });
}

export type FunnelMachine<R = AnyEffectOutputs> = ReturnType<typeof compileFlow<R>>;

/** The screen a snapshot is on: its top-level state (a screen may have sub-states, like a submitting screen's). */
export function screenIdOf(snapshot: { value: unknown }): string {
  const value = snapshot.value;
  if (typeof value === 'string') return value;
  return typeof value === 'object' && value !== null ? (Object.keys(value)[0] ?? '') : '';
}
