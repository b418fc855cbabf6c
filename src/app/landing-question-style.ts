import { escapeHtml, type Landing } from '../shared/page-flow';
import { earlyTapAttribute, landingQuestionAttribute, LANDING_QUESTION_STYLE_ID } from '../shared/early-tap';
import { blurredArtOf } from '../shared/blurred-art';
import { theme } from '../ui/theme';
import { cssString } from './funnel/funnel-frame';

const url = (path: string) => `url(${cssString(path)})`;
const flat = (color: string) => `linear-gradient(${color},${color})`;

/**
 * The prerendered landing's stylesheet for its first question (none when the landing has none): while <html> has
 * `data-landing-question` (set by the landing's inline script at a tap on the call to action, before the funnel runs),
 * the landing is hidden and the first question, prerendered hidden in the page after it, is shown in its place, with
 * its top bar and its page group's art: the screen the funnel will show, drawn by the same components, before any of
 * the app's code has arrived. The art layer takes the group's art, and the card its blurred copy as its own background
 * (fixed to the viewport as the copy's layer is), for the moment until the funnel draws them: layers of that group
 * drawn ahead in the landing's HTML had their images loaded and painted in the landing's first seconds. A control tapped there meanwhile is marked as chosen until the funnel replays the tap.
 * The element carries the question's route and screen id, which the inline script reads.
 */
export function landingQuestionStyle(landing: Landing | null): string {
  const question = landing?.question;
  if (!landing || !question) return '';
  const on = `html[${landingQuestionAttribute}] #root`;
  const group = question.group;
  const blurred = group && blurredArtOf(group);
  const { surface, artOverlay, page } = theme.colors;
  const card = blurred ? `${flat(surface)},${flat(artOverlay)},${url(blurred)} center/cover no-repeat fixed ${page}` : surface;
  const rules = [
    `${on} [data-screen=${cssString(landing.screen.id)}]{display:none!important}`,
    `${on} [data-screen=${cssString(question.screen.id)}]{position:static!important;height:auto!important;overflow:visible!important;visibility:visible!important}`,
    `${on} [data-top-bar-of=${cssString(question.screen.id)}][hidden]{display:flex!important}`,
    `${on} [data-art]{background-image:${group?.background ? url(group.background) : 'none'}!important}`,
    `${on} [data-group]>section{background:${card}!important}`,
    `${on} [${earlyTapAttribute}]{border-color:${theme.colors.brandStrong}!important;box-shadow:0 0 0 1px ${theme.colors.brandStrong}!important}`,
  ];
  return `<style id="${LANDING_QUESTION_STYLE_ID}" data-route="${escapeHtml(question.screen.route)}" data-screen="${escapeHtml(question.screen.id)}">${rules.join('')}</style>`;
}
