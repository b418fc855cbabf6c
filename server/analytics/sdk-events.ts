// The events the Amplitude Browser SDK sends by itself with the options the app gives it (amplitudeOptions in
// src/services/analytics/analytics.ts: page views, sessions, file downloads, form interactions and attribution; page-URL
// enrichment, element clicks, web vitals and the rest off), and the properties each carries. Read from the SDK
// (@amplitude/analytics-browser 2.47.1: lib/esm/constants.js, the page-view plugin's createPageViewEvent, analytics-core's
// BASE_CAMPAIGN and attribution/helpers.js createCampaignEvent). When the SDK or its options change, what it sends and
// this list must change together: tests/sdk/sdk.spec.ts walks the funnel and fails on any event the log refused.

/** The campaign parameters the SDK reads from the landing URL and the referrer (analytics-core BASE_CAMPAIGN). */
const CAMPAIGN_PARAMETERS = [
  'utm_campaign',
  'utm_content',
  'utm_id',
  'utm_medium',
  'utm_source',
  'utm_term',
  'referrer',
  'referring_domain',
  'dclid',
  'gbraid',
  'gclid',
  'fbclid',
  'ko_click_id',
  'li_fat_id',
  'msclkid',
  'rdt_cid',
  'ttclid',
  'twclid',
  'wbraid',
] as const;

const PAGE = ['Page Domain', 'Page Location', 'Page Path', 'Page Title', 'Page URL', 'Page View ID', 'Page Counter'].map((name) => `[Amplitude] ${name}`);

/** Event type → the properties it may carry. */
export const SDK_EVENTS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ['session_start', []],
  ['session_end', []],
  // A page view carries the campaign parameters of the page it was opened with.
  ['[Amplitude] Page Viewed', [...CAMPAIGN_PARAMETERS, ...PAGE]],
  ['[Amplitude] Form Started', ['[Amplitude] Form ID', '[Amplitude] Form Name', '[Amplitude] Form Destination']],
  ['[Amplitude] Form Submitted', ['[Amplitude] Form ID', '[Amplitude] Form Name', '[Amplitude] Form Destination']],
  ['[Amplitude] File Downloaded', ['[Amplitude] File Extension', '[Amplitude] File Name', '[Amplitude] Link ID', '[Amplitude] Link Text', '[Amplitude] Link URL']],
]);

/** The event that sets user properties (Amplitude's identify): it has no event properties of its own. */
export const IDENTIFY_EVENT = '$identify';

/**
 * The identify operations the SDK uses: attribution sets each campaign parameter once as initial_<parameter> ($setOnce),
 * sets the ones present ($set) and unsets the others ($unset); the app's own identify uses $set.
 */
export const IDENTIFY_OPERATIONS: readonly string[] = ['$set', '$setOnce', '$unset'];

/** The user properties attribution writes. */
export const ATTRIBUTION_USER_PROPERTIES: readonly string[] = [...CAMPAIGN_PARAMETERS, ...CAMPAIGN_PARAMETERS.map((name) => `initial_${name}`)];
