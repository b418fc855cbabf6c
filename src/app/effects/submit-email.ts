import type { Answers } from '../../engine/answers';
import type { EffectInputReading } from './effect-input';
import { effectLogic } from './define-effect';
import { buildAstroUser } from '../../domain/build-astro-user';
import { buildSubscriptionUser, cookieValue } from '../../domain/build-subscription-user';
import { visitorProfile } from '../../domain/visitor-profile';
import type { Profile } from '../../engine/generated/flow-types';
import type { IpInfo } from '../../shared/contract/subscription';
import type { AstroApi } from '../../services/astro-api';
import type { SubscriptionApi } from '../../services/subscription-api';

/** What the email effect needs besides the funnel's answers and the address. */
export interface SubmitEmailServices {
  astro: Pick<AstroApi, 'getUserByEmail' | 'createUser' | 'updateUser'>;
  subscriptions: Pick<SubscriptionApi, 'checkSubscription' | 'createUser'>;
  /** The project id sent to the subscription server. */
  project: string;
  /** The flow's `profile`: which answers hold the visitor's name, birth, gender and relationship. */
  profile: Profile;
  /** The visitor session's id, outer-flow flag and IP info. */
  visitor(): { usid: string; flowOuter: boolean; ipInfo: IpInfo | null };
  /** The browser's user agent, cookies and time zone. */
  browser(): { userAgent: string; cookies: string; timeZone: string };
}

/** How the email submission ended: `premium` sends a subscriber to /already-subscribed. */
export type SubmitEmailResult =
  | { outcome: 'premium'; productId: string | null }
  | { outcome: 'new'; astroUser: boolean; subscriptionUser: boolean };

/**
 * `submitEmail`, the email screen's submit effect: a subscriber (isPremium) is recognised first;
 * anyone else gets an astro server user (created, or updated when the address is known) and a
 * subscription-server user, in parallel. Each failed call is logged by its client and the funnel
 * carries on, so the outcome is `new` unless the server says the visitor is premium.
 */
export function submitEmail(services: SubmitEmailServices) {
  return effectLogic({
    // The address the screen submitted, and the answers the astro user is made from.
    input: ({ email, answers }: EffectInputReading) => ({ email: email ?? '', answers }),
    run: ({ email, answers }) => submit(services, email, answers),
  });
}

async function submit(services: SubmitEmailServices, email: string, answers: Answers): Promise<SubmitEmailResult> {
  const check = await services.subscriptions.checkSubscription(email, services.project);
  if (check?.isPremium) return { outcome: 'premium', productId: check.info?.productId ?? null };

  const visitor = services.visitor();
  const browser = services.browser();
  const astroUser = buildAstroUser({
    profile: visitorProfile(answers, services.profile),
    email,
    usid: visitor.usid,
    flowOuter: visitor.flowOuter,
    ipInfo: visitor.ipInfo,
    browserTimeZone: browser.timeZone,
  });
  const [astro, subscriber] = await Promise.all([
    services.astro.getUserByEmail(email).then((known) => (known ? services.astro.updateUser(email, astroUser) : services.astro.createUser(astroUser))),
    services.subscriptions.createUser(
      buildSubscriptionUser({
        email,
        flowOuter: visitor.flowOuter,
        project: services.project,
        ipInfo: visitor.ipInfo,
        fbc: cookieValue(browser.cookies, '_fbc'),
        fbp: cookieValue(browser.cookies, '_fbp'),
        userAgent: browser.userAgent,
      }),
    ),
  ]);
  return { outcome: 'new', astroUser: astro !== null, subscriptionUser: subscriber !== null };
}
