// Generated from schemas/flow.schema.json by `npm run generate`. Do not edit.

/**
 * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "text".
 */
export type Text = string;
/**
 * The id of a screen in this flow.
 *
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "screenId".
 */
export type ScreenId = string;
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
  | PaymentResultScreen;
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
 * A condition on the answers given so far, on the outcome of the screen's submit effect (or of a payment result screen's `statusFrom` effect), or on a feature switch.
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
      flag: Slug;
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
 * This interface was referenced by `Flow`'s JSON-Schema
 * via the `definition` "slug".
 */
export type Slug = string;
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
  /**
   * The visitor-session rules (spec §4), by screen id. A screen in no list needs a valid session: a visitor without one is sent to / (without ?quiz=). Without this object, only the start screen refreshes the session.
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
   * Feature switches with their defaults, used until remote config (Firebase) says otherwise: e.g. "discounts": true shows /sale and /secret-discount to a visitor who leaves checkout. Conditions test them with {"flag": name, "is": true}.
   */
  flags?: {
    [k: string]: boolean;
  };
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
  answerKey: AnswerKey;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  title: string;
  subtitle?: Text;
  options: Options;
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
  answerKey: AnswerKey;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  title: string;
  subtitle?: Text;
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
  answerKey: AnswerKey;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  title: string;
  subtitle?: Text;
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
  answerKey: AnswerKey;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  title: string;
  subtitle?: Text;
  label: Text;
  cta: Text;
  /**
   * The earliest date accepted.
   */
  minDate: string;
  messages: {
    required: Text;
    invalid: Text;
    future: Text;
    tooEarly: Text;
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
  answerKey: AnswerKey;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  title: string;
  subtitle?: Text;
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
  answerKey: AnswerKey;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  title: string;
  subtitle?: Text;
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
  title: Text;
  body?: Text[];
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
  /**
   * The name of an effect the app registers, camelCase, such as createAstroUser.
   */
  submit?: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  busy?: string;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  title: string;
  subtitle?: Text;
  label: Text;
  placeholder?: Text;
  cta: Text;
  note?: Text;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  done?: string;
  messages: {
    required: Text;
    invalid: Text;
  };
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
   * The plan type offered; TRIAL by default.
   */
  planType?: 'TRIAL' | 'SUBSCRIPTION';
  cta: Text;
  note?: Text;
  /**
   * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
   */
  transactionsTitle?: string;
  messages: {
    required: Text;
    /**
     * Plain text; {answer:2-1} inserts an answer, {sunSign} and {moonSign} the visitor's signs. Never rendered as HTML. Must contain more than spaces.
     */
    unavailable: string;
  };
}
/**
 * An upsell of fixed-price offers (spec §3 Extra offers) that a named effect loaded (`offersFrom`, e.g. loadOffers). The visitor picks any number (none is a valid answer: the skip link); the answer is the list of chosen offer ids; `submit` then runs (e.g. buys them in one click).
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
