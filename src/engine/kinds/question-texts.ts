import type { FlowText } from '../generated/flow-types';

/**
 * A question's texts that may have variants by a flag: its title and subtitle. The landing (a welcome screen) has
 * none: it is in the page's HTML before any flag is known.
 */
export function questionTexts(screen: { title: FlowText; subtitle?: FlowText }): Array<[pointer: string, text: FlowText]> {
  return [['/title', screen.title], ...(screen.subtitle !== undefined ? ([['/subtitle', screen.subtitle]] as Array<[string, FlowText]>) : [])];
}
