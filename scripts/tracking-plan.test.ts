import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { validateFlow } from '../src/engine/validate-flow';
import type { Flow } from '../src/engine/generated/flow-types';
import { trackingPlan } from './tracking-plan';
import { trackingPlanFile } from './generate-artifacts';
import { productKinds } from '../src/engine/kinds/product-kinds';

function flowWith(edit: (flow: Record<string, unknown> & { screens: Array<Record<string, unknown>> }) => void): Flow {
  const data = JSON.parse(readFileSync('flows/astrology.json', 'utf8'));
  edit(data);
  const result = validateFlow(data, { kinds: productKinds });
  if (!result.ok) throw new Error(result.problems.map((p) => `${p.pointer} ${p.message}`).join('\n'));
  return result.flow;
}

describe('the tracking plan generated from the flow', () => {
  it('is the committed one (npm run generate writes it)', () => {
    expect(readFileSync(trackingPlanFile, 'utf8')).toBe(trackingPlan(flowWith(() => {}), productKinds, 'flows/astrology.json'));
  });

  it('has one class and one camelCase method per event name, however many screens send it', () => {
    const plan = trackingPlan(flowWith(() => {}), productKinds, 'flows/astrology.json');
    expect(plan.match(/^export class \w+ implements BaseEvent/gm)).toHaveLength(16);
    expect(plan).toContain("  selectPriceShown(properties: SelectPriceShownProperties): void {\n    this.track(new SelectPriceShown(properties));\n  }\n");
    expect(plan).toContain("export type SelectPriceShownProperties =\n  | { screen_id: 'select-price'; step_id: 'select-price'; question_id: '5-1' } & FlagAssignments<'ab'>\n  | { screen_id: 'sale';");
  });

  it('follows the flow: an event added to a screen is a method, an event turned off is gone', () => {
    const plan = trackingPlan(flowWith((flow) => {
        const welcome = flow.screens[0]!;
        welcome.analytics = { shown: 'Landing Viewed', answered: false };
      }), productKinds, 'flows/astrology.json');
    expect(plan).toContain("  landingViewed(properties: LandingViewedProperties): void {");
    expect(plan).toContain("export type LandingViewedProperties = { screen_id: 'welcome' } & FlagAssignments<'ab'>;");
    expect(plan).not.toContain("| { screen_id: 'welcome' } & FlagAssignments<'ab'>");
  });

  it('keeps personal answers out of the types as out of the events', () => {
    const plan = trackingPlan(flowWith(() => {}), productKinds, 'flows/astrology.json');
    expect(plan).toContain("| { screen_id: 'profile-name'; step_id: '2-1'; question_id: '2-1' } & FlagAssignments<'ab'>\n");
  });
});
