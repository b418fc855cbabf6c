// Generated from schemas/flow.schema.json by `npm run generate`. Do not edit.

/**
 * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "text".
 */
export type Text = string;
/**
 * Where a property's value comes from. answer: the screen's answer (an option value, values joined by commas, a plan's productId, offer ids), only on single-choice, multiple-choice, price and offers screens: a text, date, time, place or email answer is personal data and never sent. planId, planPrice, planCurrency: the plan the visitor chose (price and offers screens). answer and the plan sources go with the answered event only. flowId, flowVersion: the flow's id and version. screenId: the screen's id. stepId: the last segment of the screen's route (2-1 of /quiz/2-1), on a screen with an answerKey. questionId: its answerKey. assignments: the visitor's A/B flags, one property each, named <property>_<flag> (ab_discounts).
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "analyticsSource".
 */
export type AnalyticsSource =
  | 'answer'
  | 'planId'
  | 'planPrice'
  | 'planCurrency'
  | 'flowId'
  | 'flowVersion'
  | 'screenId'
  | 'stepId'
  | 'questionId'
  | 'assignments';
/**
 * The id of a screen in this flow.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "screenId".
 */
export type ScreenId = string;
/**
 * A flag's declaration: its type, its default (what a visitor gets when Remote Config is silent, slow or sends a value outside the declaration) and, for a string flag, its allowed values.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "flag".
 */
export type Flag = BooleanFlag | StringFlag;
/**
 * One renaming of saved answers.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "migration".
 */
export type Migration =
  | {
      /**
       * An answer key renamed: the saved answer under `from` is kept under `to`.
       */
      rename: 'answerKey';
      /**
       * The answer key before.
       */
      from: string;
      /**
       * The answer key now (an answerKey of this flow, or renamed again by a later step).
       */
      to: string;
    }
  | {
      /**
       * An option value renamed: a saved answer `from` (alone or in a list) becomes `to`.
       */
      rename: 'value';
      /**
       * The answer key whose value is renamed, as it is named at this step.
       */
      answerKey: string;
      /**
       * The option value before.
       */
      from: string;
      /**
       * The option value now.
       */
      to: string;
    };
/**
 * A screen; `kind` picks the component that shows it.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "screen".
 */
export type Screen =
  | WelcomeScreen
  | SingleChoiceScreen
  | MultipleChoiceScreen
  | TextScreen
  | DateScreen
  | TimeScreen
  | PlaceScreen
  | InterstitialScreen
  | LoadingScreen
  | EmailScreen
  | PriceScreen
  | OffersScreen
  | PaymentResultScreen
  | PaymentErrorScreen
  | OrderSummaryScreen;
/**
 * The path shown in the address bar, such as /quiz/1-1.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "route".
 */
export type Route = string;
/**
 * Where the back button leads. Leave it out for no back button.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "back".
 */
export type Back = {
  /**
   * previous: the screen before this one on the visitor's path; screen: a screen of this flow; path: a page by its path; browser: the browser's history.
   */
  to: 'previous' | 'screen' | 'path' | 'browser';
  screen?: ScreenId;
  path?: Route;
  /**
   * The back button stays disabled this long after the screen opens.
   */
  delayMs?: number;
};
/**
 * The next screen: a screen id, or branches tried in order (the last one without `when` is the default).
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "next".
 */
export type Next = ScreenId | Branch[];
/**
 * A condition on the answers given so far, on the outcome of the screen's submit effect (or of a payment result screen's `statusFrom` effect), on a feature switch, or on whether the visitor has seen a screen offered once.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "condition".
 */
export type Condition =
  | {
      answer: AnswerKey;
      is: OptionValue;
    }
  | {
      answer: AnswerKey;
      isNot: OptionValue;
    }
  | {
      answer: AnswerKey;
      /**
       * @minItems 1
       *
       * Items: The stored value, snake_case.
       */
      in: string[];
    }
  | {
      outcome: EffectName;
      /**
       * An outcome the effect reports, e.g. premium, needsEmail, failed, or a payment status (paid, pending, declined, unknown).
       */
      is: string;
    }
  | {
      flag: FlagName;
      is: boolean | string;
    }
  | {
      seen: ScreenId;
      is: boolean;
    }
  | {
      /**
       * @minItems 1
       */
      all: Condition[];
    }
  | {
      /**
       * @minItems 1
       */
      any: Condition[];
    }
  | {
      not: Condition;
    };
/**
 * The key the answer is stored under: a quiz step id such as 1-1 or 4-0-2, or a lowercase name such as name (letters, digits, hyphens).
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "answerKey".
 */
export type AnswerKey = string;
/**
 * The stored value, snake_case.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "optionValue".
 */
export type OptionValue = string;
/**
 * The name of an effect the app registers, camelCase, such as createAstroUser.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "effectName".
 */
export type EffectName = string;
/**
 * A flag's name, also its Remote Config parameter key (letters, digits, underscores; not starting with a digit), e.g. priceSet.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "flagName".
 */
export type FlagName = string;
/**
 * An analytics event name in Amplitude's Title Case: words of letters and digits with one space between them, the first capitalised, such as "Email Shown". The tracking plan (`npm run generate`) makes it a method, camelCase: ampli.emailShown().
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "analyticsEventName".
 */
export type AnalyticsEventName = string;
/**
 * A plain text, or a text with variants by a flag's value ({"flag": …, "variants": {…}}).
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "flowText".
 */
export type FlowText = Text | VariantText;
/**
 * @minItems 2
 * @maxItems 12
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "options".
 */
export type Options = Option[];
/**
 * A route of this flow, or routes tried in order (the last one without `when` is the default), e.g. the discount page only while the "discounts" flag is on.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "returnRoute".
 */
export type ReturnRoute =
  | Route
  | {
      when?: Condition;
      to: Route;
    }[];
/**
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "slug".
 */
export type Slug = string;
/**
 * A value a string flag may take, as Remote Config sends it, e.g. trial_price_test.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "flagOption".
 */
export type FlagOption = string;
/**
 * An analytics event name (Title Case, such as "Email Shown"), or false for no event.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "analyticsEvent".
 */
export type AnalyticsEvent = AnalyticsEventName | false;

/**
 * A quiz funnel: its screens, their order, texts, options, answer keys, back targets, delays, page groups and branching. Compiled into an XState machine by src/engine.
 */
export interface Flow {
  /**
   * Path to this schema, for editor completion.
   */
  $schema?: string;
  /**
   * Flow id; persisted visitor state is stamped with it.
   */
  id: string;
  /**
   * Bump when a change makes saved visitor progress incompatible (removed screens, changed answer keys or values).
   */
  version: number;
  product: {
    /**
     * Project id sent to the subscription server.
     */
    id: string;
    /**
     * Product name, shown in the header and used as the page title.
     */
    name: string;
  };
  page: {
    title: Text;
    /**
     * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
     */
    description: string;
  };
  /**
   * Page groups: each has its own background image and blur style.
   */
  groups: {
    [k: string]: Group;
  };
  /**
   * The screen a new visitor starts on.
   */
  start: string;
  /**
   * The screen where the quiz's progress bar is full (e.g. the email capture). Screens after it, or off the visitor's path, show no progress bar. Without it the bar runs to the end of the path.
   */
  progressUntil?: string;
  analytics?: FlowAnalytics;
  /**
   * The visitor-session rules, by screen id. A screen in no list needs a valid session: a visitor without one is sent to / (without ?quiz=). Without this object, only the start screen refreshes the session.
   */
  session?: {
    /**
     * Public screens (the landing): assign the visitor's id or reuse it, put it in the URL as usid, refresh the session, and save the visit (flowOuter, A/B data, gclid, test_event_code, IP info) once the URL's usid matches.
     */
    refreshOn?: ScreenId[];
    /**
     * Screens that skip session handling altogether.
     */
    skipOn?: ScreenId[];
    /**
     * Screens that skip session handling when the URL says payment=true (the return from hosted payment).
     */
    skipOnPaymentReturn?: ScreenId[];
  };
  /**
   * A/B flags and feature switches, by name: each declares its type, its default and (a string flag) its allowed values. A Firebase Remote Config parameter of the same name overrides the default; a value outside the declaration is ignored. A flag is fixed for a visitor once a screen that reads it opens (a condition on it in `next` or `returnTo`, a price screen's `plansBy`, a text variant), and sent as the session's abTestData and with every event. E.g. "discounts": {"type": "boolean", "default": true} shows /sale and /secret-discount to a visitor who leaves checkout.
   */
  flags?: {
    [k: string]: Flag;
  };
  /**
   * How a visitor's saved answers are carried from an earlier version of this flow to this one, in order: each step renames an answer key, or a value of one. Append-only: a version keeps the steps of the versions before it and adds its own at the end. A visitor moved to this version (their version retired, or a publish that moves visitors on) has the steps their version lacks applied; moved back to an earlier version (after a rollback), the steps it lacks are undone. Answers the version cannot take are dropped, and the visitor resumes at the first screen of their path whose answer is missing.
   *
   * @maxItems 500
   */
  migrations?: Migration[];
  profile: Profile;
  /**
   * @minItems 1
   */
  screens: Screen[];
}
/**
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "group".
 */
export interface Group {
  /**
   * Background image under public/.
   */
  background: string;
  /**
   * How strongly the card blurs the background behind it.
   */
  blur: 'none' | 'soft' | 'strong';
}
/**
 * The analytics events every screen sends unless its own `analytics` says otherwise, e.g. {"shown": "Screen Shown", "answered": "Screen Answered", "properties": {"answer": "answer", "ab": "assignments"}}. `npm run generate` makes the flow's events a typed tracking plan (src/app/analytics/generated/tracking-plan.ts).
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "flowAnalytics".
 */
export interface FlowAnalytics {
  /**
   * Sent when a screen opens.
   */
  shown?: string;
  /**
   * Sent when a screen is answered, submitted or its button pressed (never on a loading screen, which moves on by itself, nor on an end).
   */
  answered?: string;
  /**
   * Properties of every screen's events, each where the screen has its value: answer only on single-choice, multiple-choice, price and offers screens, the plan sources on price and offers screens, stepId and questionId on screens with an answerKey. A screen's own `properties` add to these (the same name: the screen's wins).
   */
  properties?: {
    [k: string]: AnalyticsSource;
  };
}
export interface BooleanFlag {
  type: 'boolean';
  default: boolean;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  description?: string;
}
export interface StringFlag {
  type: 'string';
  /**
   * One of `values`.
   */
  default: string;
  /**
   * Every value the flag may take; Remote Config's others are ignored.
   *
   * @minItems 2
   * @maxItems 20
   *
   * Items: A value a string flag may take, as Remote Config sends it, e.g. trial_price_test.
   */
  values: string[];
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  description?: string;
}
/**
 * Which answers hold the visitor's profile, by role. The payload builders (astro user, report order) and the sign insights read these answers through their roles, never by step id, so renaming an answer key means changing it here too (flow:check refuses a role whose key no screen sets, or whose screen is of the wrong kind).
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "profile".
 */
export interface Profile {
  /**
   * The answerKey of the text question asking the visitor's name: the astro user's username and the report order's name.
   */
  name: string;
  /**
   * The answerKey of the date question asking the visitor's birth date (2000-01-01 when unanswered).
   */
  birthDate: string;
  /**
   * The answerKey of the time question asking the visitor's birth time (12:00 when unanswered or unknown).
   */
  birthTime: string;
  /**
   * The answerKey of the place question asking the visitor's birth place (New York when unanswered).
   */
  birthPlace: string;
  /**
   * The answerKey of the single-choice question asking the visitor's gender, sent as the astro user's gender.
   */
  gender: string;
  /**
   * The answerKey of the single-choice question asking the visitor's relationship status, sent as the astro user's relationship.
   */
  relationship: string;
  /**
   * The option of the relationship question that means the visitor is in a relationship (in_relationships): only then does the report order carry the partner's data.
   */
  inRelationship: string;
  /**
   * The answerKey of the single-choice question asking the partner's gender. No payload sends it today (the report order's partnerData has no gender).
   */
  partnerGender?: string;
  /**
   * The answerKey of the date question asking the partner's birth date (2000-01-01 when unanswered).
   */
  partnerBirthDate: string;
  /**
   * The answerKey of the time question asking the partner's birth time (12:00 when unanswered or unknown).
   */
  partnerBirthTime: string;
  /**
   * The answerKey of the place question asking the partner's birth place (New York when unanswered).
   */
  partnerBirthPlace: string;
}
/**
 * The landing screen: a headline and a call to action.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "welcomeScreen".
 */
export interface WelcomeScreen {
  id: ScreenId;
  route: Route;
  kind: 'welcome';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  eyebrow?: Text;
  title: Text;
  subtitle?: Text;
  cta: Text;
  footnote?: Text;
}
/**
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "branch".
 */
export interface Branch {
  when?: Condition;
  to: ScreenId;
}
/**
 * This screen's analytics events, overriding the flow's `analytics`, e.g. on /payment-error {"shown": "Payment Error Shown", "answeredAs": {"try_again": "Payment Error Try Again Clicked", "continue": "Payment Error Continue Clicked"}}. Each moment sends one event: the screen's own, else the flow's.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "screenAnalytics".
 */
export interface ScreenAnalytics {
  /**
   * Sent when the screen opens, instead of the flow's; false: none.
   */
  shown?: AnalyticsEventName | false;
  /**
   * Sent when the screen is answered, submitted or its button pressed, instead of the flow's; false: none.
   */
  answered?: AnalyticsEventName | false;
  /**
   * On a single-choice screen, an event of its own for an option, by option value, sent instead of `answered` when the visitor picks it, e.g. {"try_again": "Payment Error Try Again Clicked"}.
   */
  answeredAs?: {
    [k: string]: AnalyticsEventName;
  };
  /**
   * An analytics event name in Amplitude's Title Case: words of letters and digits with one space between them, the first capitalised, such as "Email Shown". The tracking plan (`npm run generate`) makes it a method, camelCase: ampli.emailShown().
   */
  skipped?: string;
  /**
   * Properties of this screen's events, added to the flow's (the same name: this one wins). answer and the plan sources go with the answered event only.
   */
  properties?: {
    [k: string]: AnalyticsSource;
  };
}
/**
 * One tap on an option answers and moves on.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "singleChoiceScreen".
 */
export interface SingleChoiceScreen {
  id: ScreenId;
  route: Route;
  kind: 'single-choice';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  answerKey: AnswerKey;
  /**
   * The question.
   */
  title: Text | VariantText;
  subtitle?: FlowText;
  options: Options;
}
/**
 * A text with one alternative per value of a string flag (an A/B test of the wording), e.g. {"flag": "accessHeadline", "variants": {"a": "…", "b": "…"}}: the visitor sees the one for their value. Plain text, with the same placeholders as any text.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "variantText".
 */
export interface VariantText {
  /**
   * A flag's name, also its Remote Config parameter key (letters, digits, underscores; not starting with a digit), e.g. priceSet.
   */
  flag: string;
  variants: {
    [k: string]: Text;
  };
}
/**
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "option".
 */
export interface Option {
  value: OptionValue;
  label: Text;
  /**
   * An emoji shown before the label.
   */
  icon?: string;
}
/**
 * Several options may be picked, then a button moves on.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "multipleChoiceScreen".
 */
export interface MultipleChoiceScreen {
  id: ScreenId;
  route: Route;
  kind: 'multiple-choice';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  answerKey: AnswerKey;
  /**
   * A plain text, or a text with variants by a flag's value ({"flag": …, "variants": {…}}).
   */
  title: Text | VariantText;
  subtitle?: FlowText;
  options: Options;
  cta: Text;
  minSelected: number;
  maxSelected: number;
  messages: {
    tooFew: Text;
    tooMany: Text;
  };
}
/**
 * A short free-text answer, such as a name.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "textScreen".
 */
export interface TextScreen {
  id: ScreenId;
  route: Route;
  kind: 'text';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  answerKey: AnswerKey;
  /**
   * A plain text, or a text with variants by a flag's value ({"flag": …, "variants": {…}}).
   */
  title: Text | VariantText;
  subtitle?: FlowText;
  label: Text;
  placeholder?: Text;
  cta: Text;
  autocomplete?: 'given-name' | 'name' | 'nickname' | 'off';
  maxLength: number;
  messages: {
    required: Text;
    tooLong: Text;
  };
}
/**
 * A calendar date, such as a birth date (stored as YYYY-MM-DD).
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "dateScreen".
 */
export interface DateScreen {
  id: ScreenId;
  route: Route;
  kind: 'date';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  answerKey: AnswerKey;
  /**
   * A plain text, or a text with variants by a flag's value ({"flag": …, "variants": {…}}).
   */
  title: Text | VariantText;
  subtitle?: FlowText;
  label: Text;
  cta: Text;
  /**
   * The earliest date accepted.
   */
  minDate: string;
  /**
   * On the visitor's own birth date (the profile's birthDate question) only: the youngest age, in whole years on today's date, that may go on, e.g. 18. A later date is refused with messages.tooYoung (flow:check requires it) and the visitor stays on the screen with the date they typed.
   */
  minAge?: number;
  messages: {
    required: Text;
    invalid: Text;
    future: Text;
    tooEarly: Text;
    /**
     * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
     */
    tooYoung?: string;
  };
}
/**
 * A time of day (stored as HH:MM), with an 'I don't know' answer.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "timeScreen".
 */
export interface TimeScreen {
  id: ScreenId;
  route: Route;
  kind: 'time';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  answerKey: AnswerKey;
  /**
   * A plain text, or a text with variants by a flag's value ({"flag": …, "variants": {…}}).
   */
  title: Text | VariantText;
  subtitle?: FlowText;
  label: Text;
  cta: Text;
  dontKnow: {
    label: Text;
    value: OptionValue;
  };
  messages: {
    required: Text;
  };
}
/**
 * A place picked from suggestions; the answer holds latitude, longitude, place and the UTC offset in force at the birth date and time.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "placeScreen".
 */
export interface PlaceScreen {
  id: ScreenId;
  route: Route;
  kind: 'place';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  answerKey: AnswerKey;
  /**
   * A plain text, or a text with variants by a flag's value ({"flag": …, "variants": {…}}).
   */
  title: Text | VariantText;
  subtitle?: FlowText;
  label: Text;
  placeholder?: Text;
  cta: Text;
  /**
   * The key the answer is stored under: a quiz step id such as 1-1 or 4-0-2, or a lowercase name such as name (letters, digits, hyphens).
   */
  dateFrom: string;
  /**
   * The key the answer is stored under: a quiz step id such as 1-1 or 4-0-2, or a lowercase name such as name (letters, digits, hyphens).
   */
  timeFrom?: string;
  messages: {
    required: Text;
    noMatch: Text;
    pick: Text;
    unavailable: Text;
  };
}
/**
 * A page between questions; may show an insight computed from the answers.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "interstitialScreen".
 */
export interface InterstitialScreen {
  id: ScreenId;
  route: Route;
  kind: 'interstitial';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  /**
   * An insight computed from the visitor's birth answers, read through the flow's `profile` roles, and shown with the text; it also fills {sunSign} and {moonSign}.
   */
  insight?: {
    show: 'sun-sign' | 'moon-sign';
    /**
     * The profile role holding the birth date.
     */
    dateFrom: 'birthDate' | 'partnerBirthDate';
    /**
     * The profile role holding the birth time (12:00 when unanswered or unknown).
     */
    timeFrom?: 'birthTime' | 'partnerBirthTime';
    /**
     * The profile role holding the birth place, whose UTC offset is used (New York's when unanswered).
     */
    placeFrom?: 'birthPlace' | 'partnerBirthPlace';
  };
  eyebrow?: Text;
  /**
   * A plain text, or a text with variants by a flag's value ({"flag": …, "variants": {…}}).
   */
  title: Text | VariantText;
  /**
   * Paragraphs: each a text, or variants by a string flag's value.
   */
  body?: FlowText[];
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  cta?: string;
}
/**
 * Progress while something is prepared, then moves on by itself.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "loadingScreen".
 */
export interface LoadingScreen {
  id: ScreenId;
  route: Route;
  kind: 'loading';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  title: Text;
  /**
   * @minItems 1
   */
  steps: Text[];
  durationMs: number;
}
/**
 * Email capture. The address is kept in memory only: never in the URL, analytics or localStorage.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "emailScreen".
 */
export interface EmailScreen {
  id: ScreenId;
  route: Route;
  kind: 'email';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  /**
   * The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  submit?: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  busy?: string;
  /**
   * A plain text, or a text with variants by a flag's value ({"flag": …, "variants": {…}}).
   */
  title: Text | VariantText;
  subtitle?: FlowText;
  label: Text;
  placeholder?: Text;
  cta: Text;
  note?: Text;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  done?: string;
  preview?: ReadingPreview;
  messages: {
    required: Text;
    invalid: Text;
  };
}
/**
 * A first look at the visitor's reading, shown with the email field, from what the funnel already knows: their Sun and Moon signs (from their birth answers, through the flow's `profile`) and one insight for each entry of `insights`, picked by their answer. `locked` says plainly what the rest of the reading holds and how it opens. Nothing of it goes to analytics.
 */
export interface ReadingPreview {
  title: Text;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  sun: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  moon: string;
  /**
   * @minItems 1
   * @maxItems 5
   */
  insights: {
    /**
     * The key the answer is stored under: a quiz step id such as 1-1 or 4-0-2, or a lowercase name such as name (letters, digits, hyphens).
     */
    answer: string;
    /**
     * The insight for each option value of that question; flow:check requires one for every option. Of a multiple-choice answer, the first of the chosen options (as the answer lists them) gives it.
     */
    texts: {
      [k: string]: Text;
    };
  }[];
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  locked: string;
}
/**
 * The price choice: the plans a named effect loaded (`plansFrom`, e.g. loadPlans), of the chosen groups and type, trial prices ascending, with a list of recent transactions. The answer is the chosen plan's productId (kept with the other answers); `submit` then runs (e.g. starts the hosted payment).
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "priceScreen".
 */
export interface PriceScreen {
  id: ScreenId;
  route: Route;
  kind: 'price';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  answerKey: AnswerKey;
  title: Text;
  subtitle?: Text;
  /**
   * The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  submit?: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  busy?: string;
  /**
   * Where the hosted payment sends the visitor back: routes of this flow (or conditional routes).
   */
  returnTo?: {
    success: ReturnRoute;
    error: ReturnRoute;
    cancel: ReturnRoute;
  };
  /**
   * The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  plansFrom: string;
  /**
   * Whose plans are offered.
   */
  provider?: 'maxpay' | 'paypal';
  /**
   * A second way to pay: a button that pays the chosen plan through this provider instead (its plan of the same package and set, e.g. PayPal's).
   */
  otherProvider?: {
    provider: 'maxpay' | 'paypal';
    cta: Text;
  };
  /**
   * The plan groups offered (spec: abTestId → ab_test, price 29 → high, 19 → medium, otherwise low).
   *
   * @minItems 1
   */
  planGroups?: ('high' | 'medium' | 'low' | 'ab_test' | 'paypal')[];
  /**
   * Only the plans of this A/B or discount set (their abTestId, e.g. "sale"); use with planGroups ["ab_test"].
   */
  abTestId?: string;
  /**
   * A flag's name, also its Remote Config parameter key (letters, digits, underscores; not starting with a digit), e.g. priceSet.
   */
  plansBy?: string;
  /**
   * The plan type offered; TRIAL by default.
   */
  planType?: 'TRIAL' | 'SUBSCRIPTION';
  cta: Text;
  note?: Text;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  transactionsTitle?: string;
  /**
   * The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  transactionsFrom?: string;
  /**
   * Offered at most once per visitor (a discount page): the first time it opens, the visitor's session remembers it on the server. Every branch and return route that leads here must hold only while it has not been seen ({"seen": this screen's id, "is": false}; flow:check refuses one without it), and once seen it opens again only by the Back button of the page the visitor reached from it, never by its address, the browser's history or a branch.
   */
  once?: boolean;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  planTerms: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  payTerms: string;
  messages: {
    required: Text;
    /**
     * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
     */
    unavailable: string;
    /**
     * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
     */
    retry: string;
    /**
     * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
     */
    loading?: string;
  };
}
/**
 * An upsell of fixed-price offers (extra reports) that a named effect loaded (`offersFrom`, e.g. loadOffers). The visitor picks any number (none is a valid answer: the skip link); the answer is the list of chosen offer ids; `submit` then runs (e.g. buys them in one click).
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "offersScreen".
 */
export interface OffersScreen {
  id: ScreenId;
  route: Route;
  kind: 'offers';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  answerKey: AnswerKey;
  title: Text;
  subtitle?: Text;
  /**
   * The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  submit?: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  busy?: string;
  /**
   * The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  offersFrom: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  cta: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  skip: string;
  note?: Text;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  boughtLabel?: string;
  /**
   * The buy button once the server has named the stored payment method a purchase charges: {total} is what the button charges (the chosen offers, each once, a bundle less the offers in it the visitor owns), {last4} the card's last four digits. Without it, or while the method is unknown, the button shows `cta` (which may hold {total} too).
   */
  payWith?: {
    /**
     * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
     */
    card: string;
    /**
     * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
     */
    paypal: string;
  };
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  includedLabel?: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  chooseFirst?: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  creditNote?: string;
  messages: {
    /**
     * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
     */
    unavailable: string;
    /**
     * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
     */
    failed: string;
  };
}
/**
 * A payment return page that says what is true of its order: `statusFrom` names the effect (run with the screen's `effects`) that asks the server for the status of the visitor's order, and the page shows the texts of the status it reports, the `checking` texts until it answers. The button (each status's `cta`) leads on by `next`, whose branches may test the outcome, e.g. { "when": { "outcome": "checkPayment", "is": "paid" }, "to": "signup-offer" }; it is not there to press until the effect has answered.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "paymentResultScreen".
 */
export interface PaymentResultScreen {
  id: ScreenId;
  route: Route;
  kind: 'payment-result';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  /**
   * The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  statusFrom: string;
  /**
   * The texts of each status: `checking` from the moment the page opens until the effect answers (claiming nothing; its button, if any, is disabled); `paid` when the server says the order is paid; `pending` while its checkout is still open; `declined` when the payment was refused or left (nothing charged); `unknown` when the visitor has no such order (a forged or foreign id, none in the address) or the server could not be asked, and for any other outcome.
   */
  states: {
    checking: PaymentStatusTexts;
    paid: PaymentStatusTexts;
    pending: PaymentStatusTexts;
    declined: PaymentStatusTexts;
    unknown: PaymentStatusTexts;
  };
}
/**
 * What a payment return page shows for one status.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "paymentStatusTexts".
 */
export interface PaymentStatusTexts {
  eyebrow?: Text;
  title: Text;
  body?: Text[];
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  cta?: string;
}
/**
 * The page a failed payment leads to: says why it failed, as `reasonFrom` (an effect of this screen's `effects`, e.g. readPaymentError) reports it (declined, already_purchased, cancelled, unknown), with one primary action (`primary`, e.g. try again) and a secondary one (`secondary`) whose button is named for the screen it leads to. Each button answers with its value (kept under answerKey, so `next` and `analytics.answeredAs` read it like a single choice's); the buttons are there to press once the reason is known.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "paymentErrorScreen".
 */
export interface PaymentErrorScreen {
  id: ScreenId;
  route: Route;
  kind: 'payment-error';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  answerKey: AnswerKey;
  /**
   * The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  reasonFrom: string;
  /**
   * The texts of each reason: `checking` until the effect answers (claiming nothing); `declined` when the payment was refused (nothing charged); `already_purchased` when the email already has what was being bought (nothing charged); `cancelled` when the visitor left the payment page; `unknown` when the payment could not be started or the reason is not known, and for any other outcome.
   */
  reasons: {
    checking: PaymentErrorTexts;
    declined: PaymentErrorTexts;
    already_purchased: PaymentErrorTexts;
    cancelled: PaymentErrorTexts;
    unknown: PaymentErrorTexts;
  };
  /**
   * The primary action, e.g. { "value": "try_again", "label": "Try again" }.
   */
  primary: {
    value: OptionValue;
    label: Text;
  };
  /**
   * The secondary action, named for where it leads: `labels` gives the button's text for each screen `next` may lead to with this value, e.g. { "sale": "See the discounted prices", "select-price": "Back to the prices" } (flow:check requires one for every screen `next` leads to).
   */
  secondary: {
    value: OptionValue;
    labels: {
      [k: string]: Text;
    };
  };
}
/**
 * What a payment error page shows for one reason (its buttons are the screen's `primary` and `secondary`).
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "paymentErrorTexts".
 */
export interface PaymentErrorTexts {
  eyebrow?: Text;
  title: Text;
  body?: Text[];
}
/**
 * The end of a purchase: what the visitor bought (their plan and any offers, as the effect named by `summaryFrom` found them on the subscription server), where it will arrive (their email, masked: a•••@example.com), what happens next, and a way on (`wayOn`).
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "orderSummaryScreen".
 */
export interface OrderSummaryScreen {
  id: ScreenId;
  route: Route;
  kind: 'order-summary';
  /**
   * A key of `groups`.
   */
  group: string;
  back?: Back;
  next?: Next;
  /**
   * True on a screen where this flow ends (it has no `next`).
   */
  end?: boolean;
  /**
   * Named effects run when the screen opens.
   *
   * Items: The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  effects?: string[];
  analytics?: ScreenAnalytics;
  eyebrow?: Text;
  title: Text;
  /**
   * The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  summaryFrom: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  loading: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  boughtHeading: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  planLabel: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  totalLabel: string;
  deliveryHeading: Text;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  delivery: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  deliveryUnknown: string;
  nextHeading: Text;
  /**
   * What happens next, in order.
   *
   * @minItems 1
   */
  steps: Text[];
  /**
   * The way on from here: a button to a screen the visitor has passed (the visitor's account, or the start).
   */
  wayOn: {
    label: Text;
    /**
     * The id of a screen in this flow.
     */
    to: string;
  };
  messages: {
    /**
     * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
     */
    unavailable: string;
  };
}
/**
 * Event properties, by name (snake_case, such as plan_id), each with the source of its value. Every event already carries screen_id, flow_id and flow_version, and on a screen with an answerKey step_id (the route's last segment, 2-1 of /quiz/2-1) and question_id (the answerKey). Never a name that reads as personal data (email, name, birth…, ip, phone, address…): no event carries any.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "analyticsProperties".
 */
export interface AnalyticsProperties {
  [k: string]: AnalyticsSource;
}
