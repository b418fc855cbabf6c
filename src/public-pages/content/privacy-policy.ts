import type { PageContent } from '../page-content';

export const privacyPolicy: PageContent = {
  title: 'Privacy Policy',
  updated: '2026-11-01',
  intro: [
    'This Privacy Policy explains how Astrelle Labs Ltd. ("Astrelle", "we", "us") collects, uses and protects personal information when you take our quiz, subscribe or buy a report. Astrelle Labs Ltd. is the controller of your personal data.',
    'We ask only for what we need to prepare your readings and run your subscription.',
  ],
  sections: [
    {
      id: 'data-we-collect',
      heading: '1. Information we collect',
      blocks: [
        'We collect the following categories of information:',
        {
          list: [
            "Quiz answers: your name, gender, date, time and place of birth, relationship status, answers about your personality and preferences, and, if you choose to give them, your partner's name, birth details and gender.",
            'Contact details: the email address you enter to receive your results and to access your purchases.',
            "Purchase information: the plan, trial price and reports you choose, transaction amounts, dates and status, and a reference returned by the payment provider. Card and PayPal details are entered on the payment provider's hosted pages; we never receive or store your full card number or security code.",
            "Device and location data: your IP address, the approximate location derived from it (city, postal code, country and time zone) and your browser's user agent.",
            'Usage data: the quiz screens you view, the buttons you tap and the offers you see, collected through Amplitude analytics, and the experiment variants assigned to you through Google Firebase Remote Config.',
            'Advertising identifiers: the Meta (Facebook) browser and click identifiers stored in the fbp and fbc cookies, which tell us whether you arrived from one of our ads.',
            'Messages you send to our support team.',
          ],
        },
        "Gender and relationship answers, and details about a partner, may indirectly reveal information about your private life. We use them only to personalise your readings, never to infer or profile your sexual orientation, and never for advertising targeting. Please share a partner's details only if you are comfortable doing so and believe they would not object.",
      ],
    },
    {
      id: 'how-we-use',
      heading: '2. How we use your information and our legal bases',
      blocks: [
        'Under the EU General Data Protection Regulation and the UK GDPR we must have a legal basis for each use of your data:',
        {
          list: [
            'To calculate your chart and generate your personalised quiz results, horoscopes and reports, and to deliver them by email (performance of a contract, or steps at your request before entering into one).',
            'To process payments, run your trial and subscription, handle renewals, cancellations and refunds, and keep records of transactions (performance of a contract and compliance with legal obligations such as tax and accounting rules).',
            'To prevent fraud, payment abuse and security incidents, for example by checking that your IP-derived country matches your payment details (our legitimate interest in protecting our customers and our business).',
            'To understand how the quiz is used, fix problems and test improvements through analytics and A/B experiments (your consent to analytics cookies where required, otherwise our legitimate interest in improving the service).',
            'To measure which advertising campaigns bring visitors and purchases, using Meta identifiers (your consent to advertising cookies).',
            'To send service messages about your purchases and renewals (performance of a contract) and, where you agreed or the law permits, occasional offers you can unsubscribe from at any time (consent or legitimate interest).',
            'To answer your questions and handle complaints or legal claims (legitimate interest).',
          ],
        },
        'We do not make decisions that have legal or similarly significant effects on you solely by automated means. Your readings are generated automatically from your answers, but they are for entertainment and self-reflection only.',
      ],
    },
    {
      id: 'sharing',
      heading: '3. Who we share information with',
      blocks: [
        'We do not sell your personal information for money. We share it only with service providers who process it on our behalf under written agreements, and with others where the law requires:',
        {
          list: [
            'Hosting and infrastructure providers that run our servers, databases and email delivery.',
            'Payment providers: Maxpay, which operates our hosted card checkout, and PayPal. They process your payment details as independent controllers under their own privacy policies, including for fraud prevention and regulatory purposes.',
            'Amplitude, Inc., which provides product analytics.',
            'Google LLC and Google Ireland Limited, which provide Firebase Remote Config for feature flags and experiments.',
            'Meta Platforms Ireland Limited and Meta Platforms, Inc., which provide the Meta pixel used for advertising measurement. Meta may combine this information with data it holds about you under its own policies.',
            'Advisers, auditors, authorities or regulators where the law requires it or to defend legal claims, and a successor if our business is sold or reorganised.',
          ],
        },
      ],
    },
    {
      id: 'cookies',
      heading: '4. Cookies and similar technologies',
      blocks: [
        'We use browser storage to keep your quiz progress and theme, and cookies and similar technologies for analytics, remote configuration and advertising measurement. Analytics and advertising tools are switched on by default when you first visit; you can turn them off as explained in our Cookie Policy, which lists each technology, its purpose and how long it lasts.',
      ],
    },
    {
      id: 'retention',
      heading: '5. How long we keep information',
      blocks: [
        {
          list: [
            'Quiz answers and email of visitors who do not make a purchase: up to 12 months after your last visit, then deleted or anonymised.',
            "Customers' quiz and subscription data: while you have an active subscription or purchased reports, and for 24 months afterwards so we can handle questions about past orders.",
            'Transaction and invoicing records: for the period required by tax and accounting law, usually six to seven years.',
            'Analytics events: up to 24 months. Advertising identifiers: up to 90 days in your browser, and with your order record for as long as that record is kept.',
            'Support correspondence: up to 3 years after the conversation ends.',
          ],
        },
        'When you ask us to delete your data we will do so within 30 days, except for records we must keep by law.',
      ],
    },
    {
      id: 'your-rights',
      heading: '6. Your rights',
      blocks: [
        'Depending on where you live, you may have the right to access your personal data, to have it corrected or deleted, to restrict or object to its use (including at any time to direct marketing), to receive it in a portable format, and to withdraw consent at any time without affecting earlier processing. To use any of these rights, email support@astrelle.app from the address you used with us. We may ask for information to verify your identity and will reply within one month, or within the period set by your local law.',
        "In the EU or UK you may also complain to your local data protection authority (in the UK, the Information Commissioner's Office).",
      ],
    },
    {
      id: 'us-privacy',
      heading: '7. Notice for California and other US residents',
      blocks: [
        'In the last 12 months we collected the categories described in section 1: identifiers (name, email, IP address, cookie identifiers), personal characteristics (gender, date of birth, relationship status), commercial information, internet activity, approximate geolocation, and inferences drawn from quiz answers to produce your readings. We use them for the purposes in section 2 and keep them for the periods in section 5.',
        'We do not sell personal information for money. Allowing the Meta pixel to collect identifiers for ad measurement may be considered sharing for cross-context behavioural advertising under the California Consumer Privacy Act as amended by the CPRA. You can opt out by turning off advertising cookies, by emailing support@astrelle.app with the subject Do Not Sell or Share, or by enabling the Global Privacy Control signal in your browser, which we honour. We do not use sensitive personal information for purposes that require a right to limit under the CPRA.',
        'California residents, and residents of other states with similar laws, may ask to know, access, correct and delete their personal information, opt out of sale, sharing and targeted advertising, and will not be discriminated against for doing so. You may use an authorised agent, and may appeal our decision by replying to it.',
      ],
    },
    {
      id: 'international-transfers',
      heading: '8. International transfers',
      blocks: [
        "Our service providers may process data in the United States and other countries outside the UK and the European Economic Area. Where they do, we rely on adequacy decisions (including the EU-US Data Privacy Framework and its UK extension where the provider is certified) or on the European Commission's Standard Contractual Clauses and the UK International Data Transfer Addendum, with additional safeguards where needed. Ask us for details of these safeguards.",
      ],
    },
    {
      id: 'security',
      heading: '9. Security',
      blocks: [
        'We protect your data with encryption in transit, access controls and the safeguards of our hosting and payment providers. No online service is completely secure; contact us immediately if you believe your information has been misused.',
      ],
    },
    {
      id: 'children',
      heading: '10. Children',
      blocks: [
        'Astrelle is intended only for adults aged 18 and over. We do not knowingly collect information from anyone under 18. If you believe a minor has used the service, contact us and we will delete their information and cancel any subscription.',
      ],
    },
    {
      id: 'changes',
      heading: '11. Changes to this policy',
      blocks: [
        'We may update this policy as our service or the law changes; the date at the top shows the latest version. We will tell customers about significant changes by email or in the service before they take effect.',
      ],
    },
    {
      id: 'contact',
      heading: '12. Contact',
      blocks: [
        'Astrelle Labs Ltd. Email: support@astrelle.app. Please use the subject line Privacy so that your request reaches the right person quickly.',
      ],
    },
  ],
};
