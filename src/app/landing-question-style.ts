import { escapeHtml, type Landing } from '../shared/page-flow';
import { earlyTapAttribute, landingQuestionAttribute, LANDING_QUESTION_STYLE_ID } from '../shared/early-tap';
import { theme } from '../ui/theme';
import { cssString } from './funnel/funnel-frame';

/**
 * The prerendered landing's stylesheet for its first question (none when the landing has none): while <html> has
 * `data-landing-question` (set by the landing's inline script at a tap on the call to action, before the funnel runs),
 * the landing is hidden and the first question, prerendered hidden in the page after it, is shown in its place, with
 * its top bar and its page group's art (drawn ahead with the landing when it is another group's, and shown in place of
 * the landing's): the screen the funnel will show, drawn by the same components, before any of the app's code has
 * arrived. A control tapped there meanwhile is marked as chosen until the funnel replays the tap.
 * The element carries the question's route and screen id, which the inline script reads.
 */
export function landingQuestionStyle(landing: Landing | null): string {
  const question = landing?.question;
  if (!landing || !question) return '';
  const on = `html[${landingQuestionAttribute}] #root`;
  const otherGroup = question.screen.group !== landing.screen.group;
  const rules = [
    `${on} [data-screen=${cssString(landing.screen.id)}]{display:none!important}`,
    `${on} [data-screen=${cssString(question.screen.id)}]{position:static!important;height:auto!important;overflow:visible!important;visibility:visible!important}`,
    `${on} [data-top-bar-of=${cssString(question.screen.id)}][hidden]{display:flex!important}`,
    ...(otherGroup ? [`${on} :is([data-art],[data-card-art]):not([data-ahead]){opacity:0!important}`, `${on} [data-ahead]{opacity:1!important}`] : []),
    `${on} [${earlyTapAttribute}]{border-color:${theme.colors.brandStrong}!important;box-shadow:0 0 0 1px ${theme.colors.brandStrong}!important}`,
  ];
  return `<style id="${LANDING_QUESTION_STYLE_ID}" data-route="${escapeHtml(question.screen.route)}" data-screen="${escapeHtml(question.screen.id)}">${rules.join('')}</style>`;
}
