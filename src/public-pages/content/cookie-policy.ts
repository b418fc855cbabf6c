import type { PageContent } from '../page-content';

export const cookiePolicy: PageContent = {
  title: 'Cookie Policy',
  updated: '2026-11-01',
  intro: [
    'This Cookie Policy explains how Astrelle Labs Ltd. ("Astrelle", "we", "us") uses cookies and similar technologies, such as your browser\'s local storage and IndexedDB, on the Astrelle website and quiz. It should be read together with our Privacy Policy, which explains how we handle personal information more generally.',
  ],
  sections: [
    {
      id: 'what-are-cookies',
      heading: '1. What cookies and similar technologies are',
      blocks: [
        'Cookies are small text files that a website stores in your browser so it can recognise your browser on later visits. Local storage and IndexedDB are similar storage areas in your browser that a website can use to remember information on your device. Some of these technologies are set by us (first-party) and some by our partners (third-party). Some last only until you close your browser; others remain for a set period or until you delete them.',
      ],
    },
    {
      id: 'categories',
      heading: '2. The categories we use',
      blocks: [
        'We group the technologies we use into four categories:',
        {
          list: [
            'Strictly necessary: needed for the quiz and checkout to work, for example to remember your answers as you move between screens, your light or dark theme, and to keep payments secure. These cannot be switched off in our service.',
            'Analytics: help us understand how visitors use the quiz, where they drop off and which versions work better, through Amplitude.',
            'Advertising: let us measure whether visitors and purchases came from our ads on Facebook and Instagram, through the Meta pixel.',
            'Remote configuration: let us switch features on or off and run A/B experiments without releasing a new version of the app, through Google Firebase Remote Config.',
          ],
        },
        'Analytics, advertising and remote configuration technologies are switched on by default when you first visit. You can switch them off at any time as described in section 4 below.',
      ],
    },
    {
      id: 'details',
      heading: '3. Details of each technology',
      blocks: [
        'The list below shows each item, who sets it, what it does and how long it lasts.',
      ],
      subsections: [
        {
          id: 'strictly-necessary',
          heading: 'Strictly necessary',
          blocks: [
            {
              list: [
                'Quiz progress (local storage, set by Astrelle). Purpose: saves your quiz answers and current step on your device, so that you can refresh the page or come back later without starting again. Lifetime: stays on your device until you clear your browser data or start a new quiz.',
                'Theme choice (local storage, set by Astrelle). Purpose: remembers whether you prefer the light or dark appearance. Lifetime: until you clear your browser data.',
                'Payment provider cookies (set by Maxpay or PayPal on their own checkout pages). Purpose: security, fraud prevention and completing your payment. Lifetime: set by the provider and described in their own cookie policies.',
              ],
            },
          ],
        },
        {
          id: 'analytics',
          heading: 'Analytics',
          blocks: [
            {
              list: [
                'Amplitude identity cookie (first-party cookie, name beginning with AMP, set by the Amplitude SDK on our domain). Purpose: stores a random device identifier and session information so that events from the same browser can be grouped together, for example to count how many people complete the quiz. Lifetime: 365 days. Attributes: SameSite Lax, so it is not sent with requests made by other websites.',
                'Amplitude event queue (local storage, set by the Amplitude SDK). Purpose: temporarily holds analytics events until they are sent, so they are not lost if your connection drops. Lifetime: cleared once events are sent.',
              ],
            },
          ],
        },
        {
          id: 'advertising',
          heading: 'Advertising',
          blocks: [
            {
              list: [
                'fbp (first-party cookie, named _fbp, set by the Meta pixel). Purpose: a browser identifier that lets Meta recognise visits and purchases from your browser and attribute them to our ads. Lifetime: 90 days.',
                'fbc (first-party cookie, named _fbc, set by the Meta pixel when you arrive by clicking one of our ads). Purpose: stores the ad click identifier so that a later purchase can be linked to the ad you clicked. Lifetime: 90 days.',
                "We also save the fbc and fbp values with your quiz and order records, so that purchases can be attributed to the right campaign. Meta may set its own cookies on its domains if you are logged in to Facebook or Instagram; those are governed by Meta's cookie policy.",
              ],
            },
          ],
        },
        {
          id: 'remote-configuration',
          heading: 'Remote configuration',
          blocks: [
            {
              list: [
                'Firebase installation identifier (IndexedDB, set by the Google Firebase SDK). Purpose: a random identifier for this app installation, used so that you see a consistent version of an experiment. Lifetime: until you clear your browser data.',
                'Remote Config cache (IndexedDB, set by the Google Firebase SDK). Purpose: stores the latest feature flag and experiment values so pages load quickly. Lifetime: refreshed at most once an hour and kept until you clear your browser data.',
              ],
            },
          ],
        },
      ],
    },
    {
      id: 'control',
      heading: '4. How to control cookies',
      blocks: [
        'You have several ways to control these technologies:',
        {
          list: [
            'Privacy choices: open the Menu at the top of any page and use Privacy choices to switch analytics, advertising or remote configuration off or back on. Your choice is stored on your device and applies from then on.',
            'Browser settings: most browsers let you block or delete cookies and site data. Deleting site data for our website also clears your saved quiz progress and theme. Blocking all cookies may stop the checkout from working.',
            'Global Privacy Control: if your browser sends this signal, we treat it as a request to opt out of advertising cookies and the sale or sharing of your personal information.',
            'Meta settings: you can manage how Meta uses data from websites in your Facebook or Instagram ad preferences, including the Activity off Meta technologies setting.',
            'Private browsing: cookies and local storage set in a private window are deleted when you close it.',
          ],
        },
        'Switching off analytics or advertising does not affect the quiz, your readings or your purchases. If you switch off remote configuration, you will see the standard version of the app instead of any experiment.',
      ],
    },
    {
      id: 'changes',
      heading: '5. Changes to this policy',
      blocks: [
        'We will update this policy when we add, remove or change the technologies we use. The date at the top shows when it was last revised.',
      ],
    },
    {
      id: 'contact',
      heading: '6. Contact',
      blocks: [
        'If you have questions about cookies or your privacy, contact Astrelle Labs Ltd. at support@astrelle.app.',
      ],
    },
  ],
};
