import type { CSSProperties } from 'react';
import { escapeHtml, type Landing } from '../shared/page-flow';
import { earlyTapAttribute, landingQuestionAttribute, LANDING_QUESTION_STYLE_ID } from '../shared/early-tap';
import { blurredArtOf } from '../shared/blurred-art';
import { theme } from '../ui/theme';
import { artStyle, blurredCardStyle, cssString } from './funnel/funnel-frame';

/** Style properties as declarations that win over the element's own style attribute. */
const important = (style: CSSProperties | undefined) =>
  Object.entries(style ?? {})
    .map(([property, value]) => `${property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${String(value)}!important`)
    .join(';');

/**
 * The prerendered landing's stylesheet for its first question (none when the landing has none): while <html> has
 * `data-landing-question` (set by the landing's inline script at a tap on the call to action, before the funnel runs),
 * the landing is hidden and the first question, prerendered hidden in the page after it, is shown in its place, with
 * its top bar and its page group's art: the screen the funnel will show, drawn by the same components, before any of
 * the app's code has arrived. A control tapped there meanwhile is marked as chosen until the funnel replays the tap.
 * The element carries the question's route and screen id, which the inline script reads.
 */
export function landingQuestionStyle(landing: Landing | null): string {
  const question = landing?.question;
  if (!landing || !question) return '';
  const on = `html[${landingQuestionAttribute}] #root`;
  const group = question.group;
  const card = group ? blurredCardStyle(blurredArtOf(group)) : undefined;
  const rules = [
    `${on} [data-screen=${cssString(landing.screen.id)}]{display:none!important}`,
    `${on} [data-screen=${cssString(question.screen.id)}]{position:static!important;height:auto!important;overflow:visible!important;visibility:visible!important}`,
    `${on} [data-top-bar-of=${cssString(question.screen.id)}][hidden]{display:flex!important}`,
    `${on} [data-art]{${important(artStyle(group?.background))}}`,
    `${on} [data-group]>section{${card ? important(card) : `background:${theme.colors.surface}!important`}}`,
    `${on} [${earlyTapAttribute}]{border-color:${theme.colors.brandStrong}!important;box-shadow:0 0 0 1px ${theme.colors.brandStrong}!important}`,
  ];
  return `<style id="${LANDING_QUESTION_STYLE_ID}" data-route="${escapeHtml(question.screen.route)}" data-screen="${escapeHtml(question.screen.id)}">${rules.join('')}</style>`;
}
