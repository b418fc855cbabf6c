// Generated from flows/astrology.json by `npm run generate`. Do not edit: change the flow's `analytics`.
//
// The tracking plan of flow "astrology", version 1: one typed method per analytics event the flow
// declares, shaped like Ampli (the wrapper `ampli pull` generates from Amplitude Data). Call `ampli.load()` once
// with the analytics client; before that, every method logs Ampli's error and sends nothing.

/** What the events go through: the Amplitude Browser SDK's client fits, or anything that tracks the same way. */
export interface AnalyticsInstance {
  track(eventType: string, eventProperties?: Record<string, unknown>): unknown;
}

/** An event as Amplitude takes it (the classes below, or what screenEvents returns). */
export interface BaseEvent {
  event_type: string;
  event_properties?: Record<string, unknown>;
}

export interface LoadOptions {
  client: { instance: AnalyticsInstance };
  /** True: every method sends nothing, and says nothing (Ampli's `disabled`). */
  disabled?: boolean;
}

/** What every event of this flow carries; the plan fills it in. */
export const flowProperties = { flow_id: 'astrology', flow_version: 1 } as const;

/** The flow's A/B flags and the values each may take. */
export interface FlagValues {
  /** Shows /sale, then /secret-discount, to a visitor who leaves checkout without paying. */
  discounts: boolean;
  /** The trial prices /select-price offers: the regular plans, or the plans of the trial_price_test set. */
  priceSet: 'default' | 'trial_price_test';
  /** The heading of /get-access, the page before the prices. */
  accessHeadline: 'a' | 'b';
}

/** The visitor's A/B flags as event properties, one each, named <prefix>_<flag> (`assignments` in the flow). */
export type FlagAssignments<Prefix extends string> = { [Flag in keyof FlagValues as `${Prefix}_${Flag}`]?: FlagValues[Flag] };

/** The properties of 'Screen Shown', besides flow_id and flow_version. */
export type ScreenShownProperties =
  | { screen_id: 'welcome' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-status'; step_id: '1-1'; question_id: '1-1' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-goal'; step_id: '1-2'; question_id: '1-2' } & FlagAssignments<'ab'>
  | { screen_id: 'knowledge-of-astrology'; step_id: '1-3'; question_id: '1-3' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-lets-learn' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-name'; step_id: '2-1'; question_id: '2-1' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-birthday'; step_id: '2-2'; question_id: '2-2' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-zodiac-sun' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-time-of-birth'; step_id: '2-3'; question_id: '2-3' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-no-problem' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-place-of-birth'; step_id: '2-4'; question_id: '2-4' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-zodiac-moon' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-gender'; step_id: '2-5'; question_id: '2-5' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-next-step' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-being-alone'; step_id: '3-1'; question_id: '3-1' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-criticism-sensitive'; step_id: '3-2'; question_id: '3-2' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-worry-not-good'; step_id: '3-3'; question_id: '3-3' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-overthinking-prone'; step_id: '3-4'; question_id: '3-4' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-most-important'; step_id: '3-5'; question_id: '3-5' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-make-decisions'; step_id: '3-6'; question_id: '3-6' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-knows-want'; step_id: '3-7'; question_id: '3-7' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-next-step' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-partner-gender'; step_id: '4-0-1'; question_id: '4-0-1' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-partner-birthday'; step_id: '4-0-2'; question_id: '4-0-2' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-partner-time-of-birth'; step_id: '4-1'; question_id: '4-1' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-partner-place-of-birth'; step_id: '4-2'; question_id: '4-2' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-feel-comfortable'; step_id: '4-3'; question_id: '4-3' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-easily-angered'; step_id: '4-4'; question_id: '4-4' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-show-self'; step_id: '4-5'; question_id: '4-5' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-ideal-date'; step_id: '4-6'; question_id: '4-6' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-love-language'; step_id: '4-7'; question_id: '4-7' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-loading' } & FlagAssignments<'ab'>
  | { screen_id: 'already-subscribed' } & FlagAssignments<'ab'>
  | { screen_id: 'signup-offer-success' } & FlagAssignments<'ab'>;

/** "Screen Shown": sent when one of these screens opens: /, /quiz/1-1, /quiz/1-2, /quiz/1-3, /profile-lets-learn, /quiz/2-1, /quiz/2-2, /profile-zodiac-sun, /quiz/2-3, /profile-no-problem, /quiz/2-4, /profile-zodiac-moon, /quiz/2-5, /personality-next-step, /quiz/3-1, /quiz/3-2, /quiz/3-3, /quiz/3-4, /quiz/3-5, /quiz/3-6, /quiz/3-7, /relationship-next-step, /quiz/4-0-1, /quiz/4-0-2, /quiz/4-1, /quiz/4-2, /quiz/4-3, /quiz/4-4, /quiz/4-5, /quiz/4-6, /quiz/4-7, /profile-loading, /already-subscribed, /signup-offer-success. */
export class ScreenShown implements BaseEvent {
  readonly event_type = 'Screen Shown';
  readonly event_properties: ScreenShownProperties & typeof flowProperties;

  constructor(properties: ScreenShownProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Screen Answered', besides flow_id and flow_version. */
export type ScreenAnsweredProperties =
  | { screen_id: 'welcome' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-status'; step_id: '1-1'; question_id: '1-1'; answer: 'in_relationships' | 'single' | 'its_complicated' | 'recently_separated' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-goal'; step_id: '1-2'; question_id: '1-2'; answer: 'understand_myself' | 'find_love' | 'improve_relationship' | 'heal_past' | 'life_direction' } & FlagAssignments<'ab'>
  | { screen_id: 'knowledge-of-astrology'; step_id: '1-3'; question_id: '1-3'; answer: 'beginner' | 'sun_sign' | 'big_three' | 'expert' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-lets-learn' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-name'; step_id: '2-1'; question_id: '2-1' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-birthday'; step_id: '2-2'; question_id: '2-2' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-zodiac-sun' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-time-of-birth'; step_id: '2-3'; question_id: '2-3' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-no-problem' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-place-of-birth'; step_id: '2-4'; question_id: '2-4' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-zodiac-moon' } & FlagAssignments<'ab'>
  | { screen_id: 'profile-gender'; step_id: '2-5'; question_id: '2-5'; answer: 'female' | 'male' | 'non_binary' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-next-step' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-being-alone'; step_id: '3-1'; question_id: '3-1'; answer: 'recharge' | 'enjoy_sometimes' | 'prefer_company' | 'feel_lonely' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-criticism-sensitive'; step_id: '3-2'; question_id: '3-2'; answer: 'always' | 'sometimes' | 'rarely' | 'never' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-worry-not-good'; step_id: '3-3'; question_id: '3-3'; answer: 'always' | 'sometimes' | 'rarely' | 'never' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-overthinking-prone'; step_id: '3-4'; question_id: '3-4'; answer: 'always' | 'sometimes' | 'rarely' | 'never' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-most-important'; step_id: '3-5'; question_id: '3-5'; answer: string } & FlagAssignments<'ab'>
  | { screen_id: 'personality-make-decisions'; step_id: '3-6'; question_id: '3-6'; answer: 'heart' | 'head' | 'both' | 'ask_others' } & FlagAssignments<'ab'>
  | { screen_id: 'personality-knows-want'; step_id: '3-7'; question_id: '3-7'; answer: 'always' | 'mostly' | 'rarely' | 'never' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-next-step' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-partner-gender'; step_id: '4-0-1'; question_id: '4-0-1'; answer: 'female' | 'male' | 'non_binary' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-partner-birthday'; step_id: '4-0-2'; question_id: '4-0-2' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-partner-time-of-birth'; step_id: '4-1'; question_id: '4-1' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-partner-place-of-birth'; step_id: '4-2'; question_id: '4-2' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-feel-comfortable'; step_id: '4-3'; question_id: '4-3'; answer: 'always' | 'sometimes' | 'rarely' | 'never' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-easily-angered'; step_id: '4-4'; question_id: '4-4'; answer: 'always' | 'sometimes' | 'rarely' | 'never' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-show-self'; step_id: '4-5'; question_id: '4-5'; answer: 'always' | 'sometimes' | 'rarely' | 'never' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-ideal-date'; step_id: '4-6'; question_id: '4-6'; answer: 'dinner' | 'adventure' | 'cozy_night' | 'culture' | 'trip' } & FlagAssignments<'ab'>
  | { screen_id: 'relationship-love-language'; step_id: '4-7'; question_id: '4-7'; answer: 'words' | 'quality_time' | 'gifts' | 'acts_of_service' | 'touch' } & FlagAssignments<'ab'>;

/** "Screen Answered": sent when one of these screens is answered: /, /quiz/1-1, /quiz/1-2, /quiz/1-3, /profile-lets-learn, /quiz/2-1, /quiz/2-2, /profile-zodiac-sun, /quiz/2-3, /profile-no-problem, /quiz/2-4, /profile-zodiac-moon, /quiz/2-5, /personality-next-step, /quiz/3-1, /quiz/3-2, /quiz/3-3, /quiz/3-4, /quiz/3-5, /quiz/3-6, /quiz/3-7, /relationship-next-step, /quiz/4-0-1, /quiz/4-0-2, /quiz/4-1, /quiz/4-2, /quiz/4-3, /quiz/4-4, /quiz/4-5, /quiz/4-6, /quiz/4-7. */
export class ScreenAnswered implements BaseEvent {
  readonly event_type = 'Screen Answered';
  readonly event_properties: ScreenAnsweredProperties & typeof flowProperties;

  constructor(properties: ScreenAnsweredProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Email Shown', besides flow_id and flow_version. */
export type EmailShownProperties = { screen_id: 'email' } & FlagAssignments<'ab'>;

/** "Email Shown": sent when /email opens. */
export class EmailShown implements BaseEvent {
  readonly event_type = 'Email Shown';
  readonly event_properties: EmailShownProperties & typeof flowProperties;

  constructor(properties: EmailShownProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Email Clicked', besides flow_id and flow_version. */
export type EmailClickedProperties = { screen_id: 'email' } & FlagAssignments<'ab'>;

/** "Email Clicked": sent when /email is answered. */
export class EmailClicked implements BaseEvent {
  readonly event_type = 'Email Clicked';
  readonly event_properties: EmailClickedProperties & typeof flowProperties;

  constructor(properties: EmailClickedProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Access Shown', besides flow_id and flow_version. */
export type AccessShownProperties = { screen_id: 'get-access' } & FlagAssignments<'ab'>;

/** "Access Shown": sent when /get-access opens. */
export class AccessShown implements BaseEvent {
  readonly event_type = 'Access Shown';
  readonly event_properties: AccessShownProperties & typeof flowProperties;

  constructor(properties: AccessShownProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Access Confirmed', besides flow_id and flow_version. */
export type AccessConfirmedProperties = { screen_id: 'get-access' } & FlagAssignments<'ab'>;

/** "Access Confirmed": sent when /get-access is answered. */
export class AccessConfirmed implements BaseEvent {
  readonly event_type = 'Access Confirmed';
  readonly event_properties: AccessConfirmedProperties & typeof flowProperties;

  constructor(properties: AccessConfirmedProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Select Price Shown', besides flow_id and flow_version. */
export type SelectPriceShownProperties =
  | { screen_id: 'select-price'; step_id: 'select-price'; question_id: '5-1' } & FlagAssignments<'ab'>
  | { screen_id: 'sale'; step_id: 'sale'; question_id: '5-2' } & FlagAssignments<'ab'>
  | { screen_id: 'secret-discount'; step_id: 'secret-discount'; question_id: '5-3' } & FlagAssignments<'ab'>;

/** "Select Price Shown": sent when one of these screens opens: /select-price, /sale, /secret-discount. */
export class SelectPriceShown implements BaseEvent {
  readonly event_type = 'Select Price Shown';
  readonly event_properties: SelectPriceShownProperties & typeof flowProperties;

  constructor(properties: SelectPriceShownProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Select Price Clicked', besides flow_id and flow_version. */
export type SelectPriceClickedProperties =
  | { screen_id: 'select-price'; step_id: 'select-price'; question_id: '5-1'; answer: string; plan_id?: string; price?: number; currency?: string } & FlagAssignments<'ab'>
  | { screen_id: 'sale'; step_id: 'sale'; question_id: '5-2'; answer: string; plan_id?: string; price?: number; currency?: string } & FlagAssignments<'ab'>
  | { screen_id: 'secret-discount'; step_id: 'secret-discount'; question_id: '5-3'; answer: string; plan_id?: string; price?: number; currency?: string } & FlagAssignments<'ab'>;

/** "Select Price Clicked": sent when one of these screens is answered: /select-price, /sale, /secret-discount. */
export class SelectPriceClicked implements BaseEvent {
  readonly event_type = 'Select Price Clicked';
  readonly event_properties: SelectPriceClickedProperties & typeof flowProperties;

  constructor(properties: SelectPriceClickedProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Payment Success Shown', besides flow_id and flow_version. */
export type PaymentSuccessShownProperties = { screen_id: 'payment-success' } & FlagAssignments<'ab'>;

/** "Payment Success Shown": sent when /payment-success opens. */
export class PaymentSuccessShown implements BaseEvent {
  readonly event_type = 'Payment Success Shown';
  readonly event_properties: PaymentSuccessShownProperties & typeof flowProperties;

  constructor(properties: PaymentSuccessShownProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Payment Success Continue Clicked', besides flow_id and flow_version. */
export type PaymentSuccessContinueClickedProperties = { screen_id: 'payment-success' } & FlagAssignments<'ab'>;

/** "Payment Success Continue Clicked": sent when /payment-success is answered. */
export class PaymentSuccessContinueClicked implements BaseEvent {
  readonly event_type = 'Payment Success Continue Clicked';
  readonly event_properties: PaymentSuccessContinueClickedProperties & typeof flowProperties;

  constructor(properties: PaymentSuccessContinueClickedProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Payment Error Shown', besides flow_id and flow_version. */
export type PaymentErrorShownProperties = { screen_id: 'payment-error'; step_id: 'payment-error'; question_id: '5-4' } & FlagAssignments<'ab'>;

/** "Payment Error Shown": sent when /payment-error opens. */
export class PaymentErrorShown implements BaseEvent {
  readonly event_type = 'Payment Error Shown';
  readonly event_properties: PaymentErrorShownProperties & typeof flowProperties;

  constructor(properties: PaymentErrorShownProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Payment Error Try Again Clicked', besides flow_id and flow_version. */
export type PaymentErrorTryAgainClickedProperties = { screen_id: 'payment-error'; step_id: 'payment-error'; question_id: '5-4'; answer: 'try_again' } & FlagAssignments<'ab'>;

/** "Payment Error Try Again Clicked": sent when the visitor picks try_again on /payment-error. */
export class PaymentErrorTryAgainClicked implements BaseEvent {
  readonly event_type = 'Payment Error Try Again Clicked';
  readonly event_properties: PaymentErrorTryAgainClickedProperties & typeof flowProperties;

  constructor(properties: PaymentErrorTryAgainClickedProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Payment Error Continue Clicked', besides flow_id and flow_version. */
export type PaymentErrorContinueClickedProperties = { screen_id: 'payment-error'; step_id: 'payment-error'; question_id: '5-4'; answer: 'continue' } & FlagAssignments<'ab'>;

/** "Payment Error Continue Clicked": sent when the visitor picks continue on /payment-error. */
export class PaymentErrorContinueClicked implements BaseEvent {
  readonly event_type = 'Payment Error Continue Clicked';
  readonly event_properties: PaymentErrorContinueClickedProperties & typeof flowProperties;

  constructor(properties: PaymentErrorContinueClickedProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Subscription Shown', besides flow_id and flow_version. */
export type SubscriptionShownProperties = { screen_id: 'signup-offer'; step_id: 'signup-offer'; question_id: '6-1' } & FlagAssignments<'ab'>;

/** "Subscription Shown": sent when /signup-offer opens. */
export class SubscriptionShown implements BaseEvent {
  readonly event_type = 'Subscription Shown';
  readonly event_properties: SubscriptionShownProperties & typeof flowProperties;

  constructor(properties: SubscriptionShownProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Subscribe Clicked', besides flow_id and flow_version. */
export type SubscribeClickedProperties = { screen_id: 'signup-offer'; step_id: 'signup-offer'; question_id: '6-1'; answer: string } & FlagAssignments<'ab'>;

/** "Subscribe Clicked": sent when /signup-offer is answered. */
export class SubscribeClicked implements BaseEvent {
  readonly event_type = 'Subscribe Clicked';
  readonly event_properties: SubscribeClickedProperties & typeof flowProperties;

  constructor(properties: SubscribeClickedProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

/** The properties of 'Subscription Skipped', besides flow_id and flow_version. */
export type SubscriptionSkippedProperties = { screen_id: 'signup-offer'; step_id: 'signup-offer'; question_id: '6-1' } & FlagAssignments<'ab'>;

/** "Subscription Skipped": sent when /signup-offer is skipped. */
export class SubscriptionSkipped implements BaseEvent {
  readonly event_type = 'Subscription Skipped';
  readonly event_properties: SubscriptionSkippedProperties & typeof flowProperties;

  constructor(properties: SubscriptionSkippedProperties) {
    this.event_properties = { ...properties, ...flowProperties };
  }
}

export class Ampli {
  #instance: AnalyticsInstance | undefined;
  #disabled = false;

  get isLoaded(): boolean {
    return this.#instance !== undefined;
  }

  /** Call once when the app starts, with the analytics client. */
  load(options: LoadOptions): void {
    this.#disabled = options.disabled ?? false;
    if (this.#instance) {
      console.warn('WARNING: Ampli is already initialized. Ampli.load() should be called once at application startup.');
      return;
    }
    this.#instance = options.client.instance;
  }

  /** Sends any event: one of the classes above, or one screenEvents built from the flow. */
  track(event: BaseEvent): void {
    this.#ready()?.track(event.event_type, event.event_properties);
  }

  /** "Screen Shown": sent when one of these screens opens: /, /quiz/1-1, /quiz/1-2, /quiz/1-3, /profile-lets-learn, /quiz/2-1, /quiz/2-2, /profile-zodiac-sun, /quiz/2-3, /profile-no-problem, /quiz/2-4, /profile-zodiac-moon, /quiz/2-5, /personality-next-step, /quiz/3-1, /quiz/3-2, /quiz/3-3, /quiz/3-4, /quiz/3-5, /quiz/3-6, /quiz/3-7, /relationship-next-step, /quiz/4-0-1, /quiz/4-0-2, /quiz/4-1, /quiz/4-2, /quiz/4-3, /quiz/4-4, /quiz/4-5, /quiz/4-6, /quiz/4-7, /profile-loading, /already-subscribed, /signup-offer-success. */
  screenShown(properties: ScreenShownProperties): void {
    this.track(new ScreenShown(properties));
  }

  /** "Screen Answered": sent when one of these screens is answered: /, /quiz/1-1, /quiz/1-2, /quiz/1-3, /profile-lets-learn, /quiz/2-1, /quiz/2-2, /profile-zodiac-sun, /quiz/2-3, /profile-no-problem, /quiz/2-4, /profile-zodiac-moon, /quiz/2-5, /personality-next-step, /quiz/3-1, /quiz/3-2, /quiz/3-3, /quiz/3-4, /quiz/3-5, /quiz/3-6, /quiz/3-7, /relationship-next-step, /quiz/4-0-1, /quiz/4-0-2, /quiz/4-1, /quiz/4-2, /quiz/4-3, /quiz/4-4, /quiz/4-5, /quiz/4-6, /quiz/4-7. */
  screenAnswered(properties: ScreenAnsweredProperties): void {
    this.track(new ScreenAnswered(properties));
  }

  /** "Email Shown": sent when /email opens. */
  emailShown(properties: EmailShownProperties): void {
    this.track(new EmailShown(properties));
  }

  /** "Email Clicked": sent when /email is answered. */
  emailClicked(properties: EmailClickedProperties): void {
    this.track(new EmailClicked(properties));
  }

  /** "Access Shown": sent when /get-access opens. */
  accessShown(properties: AccessShownProperties): void {
    this.track(new AccessShown(properties));
  }

  /** "Access Confirmed": sent when /get-access is answered. */
  accessConfirmed(properties: AccessConfirmedProperties): void {
    this.track(new AccessConfirmed(properties));
  }

  /** "Select Price Shown": sent when one of these screens opens: /select-price, /sale, /secret-discount. */
  selectPriceShown(properties: SelectPriceShownProperties): void {
    this.track(new SelectPriceShown(properties));
  }

  /** "Select Price Clicked": sent when one of these screens is answered: /select-price, /sale, /secret-discount. */
  selectPriceClicked(properties: SelectPriceClickedProperties): void {
    this.track(new SelectPriceClicked(properties));
  }

  /** "Payment Success Shown": sent when /payment-success opens. */
  paymentSuccessShown(properties: PaymentSuccessShownProperties): void {
    this.track(new PaymentSuccessShown(properties));
  }

  /** "Payment Success Continue Clicked": sent when /payment-success is answered. */
  paymentSuccessContinueClicked(properties: PaymentSuccessContinueClickedProperties): void {
    this.track(new PaymentSuccessContinueClicked(properties));
  }

  /** "Payment Error Shown": sent when /payment-error opens. */
  paymentErrorShown(properties: PaymentErrorShownProperties): void {
    this.track(new PaymentErrorShown(properties));
  }

  /** "Payment Error Try Again Clicked": sent when the visitor picks try_again on /payment-error. */
  paymentErrorTryAgainClicked(properties: PaymentErrorTryAgainClickedProperties): void {
    this.track(new PaymentErrorTryAgainClicked(properties));
  }

  /** "Payment Error Continue Clicked": sent when the visitor picks continue on /payment-error. */
  paymentErrorContinueClicked(properties: PaymentErrorContinueClickedProperties): void {
    this.track(new PaymentErrorContinueClicked(properties));
  }

  /** "Subscription Shown": sent when /signup-offer opens. */
  subscriptionShown(properties: SubscriptionShownProperties): void {
    this.track(new SubscriptionShown(properties));
  }

  /** "Subscribe Clicked": sent when /signup-offer is answered. */
  subscribeClicked(properties: SubscribeClickedProperties): void {
    this.track(new SubscribeClicked(properties));
  }

  /** "Subscription Skipped": sent when /signup-offer is skipped. */
  subscriptionSkipped(properties: SubscriptionSkippedProperties): void {
    this.track(new SubscriptionSkipped(properties));
  }

  #ready(): AnalyticsInstance | null {
    if (!this.#instance) {
      console.error('ERROR: Ampli is not yet initialized. Have you called ampli.load() on app start?');
      return null;
    }
    return this.#disabled ? null : this.#instance;
  }
}

/** The app's tracking plan: load it once at start. */
export const ampli = new Ampli();
