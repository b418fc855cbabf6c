import type { PageContent } from '../page-content';

export const termsOfUse: PageContent = {
  title: 'Terms of Use',
  updated: '2026-11-01',
  intro: [
    'These Terms of Use are an agreement between you and Astrelle Labs Ltd. ("Astrelle", "we", "us") for the Astrelle website, quiz, personalised readings, subscription and reports (the "Service"). By using the Service or making a purchase you accept these terms. Please read the subscription and refund sections carefully: they explain how the trial, automatic renewal and cancellation work.',
  ],
  sections: [
    {
      id: 'eligibility',
      heading: '1. Who can use Astrelle',
      blocks: [
        'You must be at least 18 years old and able to enter into a binding contract to use the Service. By using it you confirm that you meet these requirements and that the information you give us, including your birth details and email address, is accurate.',
      ],
    },
    {
      id: 'nature-of-service',
      heading: '2. Entertainment and self-reflection, not advice',
      blocks: [
        'Astrelle offers astrology-based content for entertainment and personal reflection. Readings are generated from your quiz answers and astronomical calculations, and they describe possibilities, not facts or predictions you should rely on. Astrology is not a science.',
        'Nothing in the Service is medical, psychological, legal, financial or relationship advice, and it is not a substitute for help from a qualified professional. Do not make important decisions about your health, money, safety or relationships based only on the Service. If you are in crisis, contact your local emergency services.',
      ],
    },
    {
      id: 'account',
      heading: '3. Your email and access',
      blocks: [
        'We use the email address you give during the quiz to send your results, receipts, access details and important notices about your subscription. Please make sure it is correct and that you can receive our messages. You are responsible for keeping access to that email account secure and for activity that takes place through your access links. Tell us promptly at support@astrelle.app if you believe someone else has used your access.',
      ],
    },
    {
      id: 'subscription-terms',
      heading: '4. Subscription, trial and payments',
      blocks: [
        'Introductory trial. After the quiz you can start a 2-week (14-day) trial by choosing one of the trial prices offered and paying it at checkout. The trial gives you access to the subscription features for 14 days.',
        'Automatic renewal. Unless you cancel before the trial ends, your subscription starts automatically at the end of the trial and you will be charged the full subscription price for the billing period shown at checkout. It then renews automatically for further billing periods of the same length, at the same price, and you authorise us and our payment provider to charge your payment method on each renewal date until you cancel.',
        'Price shown before purchase. Before you pay, the checkout page shows the trial price, the subscription price, the length of each billing period and when the first full charge will be taken. Prices are in US dollars unless stated otherwise and include or exclude taxes as shown at checkout. Your bank may add currency conversion or foreign transaction fees. If we ever change the subscription price, we will tell you by email in advance, and the new price applies only from a renewal after that notice; you can cancel before it does.',
        'Payment methods. Payments are processed by Maxpay through a hosted card checkout, or by PayPal. We do not see or store your full card details. If a renewal payment fails, we may retry it over the following days and may pause your access until payment succeeds.',
        {
          list: [
            'How to cancel: email support@astrelle.app from the address you used at purchase with the subject Cancel subscription, or use the cancellation link in your purchase confirmation email. If you paid with PayPal, you can also cancel the automatic payment in your PayPal account settings. We will confirm your cancellation by email.',
            'When to cancel: to avoid the next charge, cancel at least 24 hours before the trial ends or before the next renewal date.',
            'What happens after you cancel: no further renewal charges are taken, and you keep access until the end of the trial or the billing period you have already paid for. Cancelling does not by itself refund earlier payments; see the refund policy below.',
          ],
        },
        'One-off reports. You can also buy individual reports at a fixed price shown before purchase: the Birth Chart report (19.99 USD), the Love Paths report (24.99 USD), or the Ultra Pack (49.99 USD), which bundles our reports as described on the offer page. These are single payments, not subscriptions, and do not renew. Reports are delivered digitally, usually by email or as a page in the Service, and remain available to you for personal use.',
      ],
    },
    {
      id: 'refund-policy',
      heading: '5. Refund policy',
      blocks: [
        '14-day money-back guarantee. If you are not happy with a purchase, you can ask for a full refund of the trial payment, the first subscription payment after the trial, or a one-off report within 14 days of that payment. A renewal payment can be refunded if you ask within 14 days of the renewal and have not used the Service since that renewal. Each purchase can be refunded under this guarantee once, and we may decline requests that show clear abuse, such as repeated purchase and refund of the same product.',
        {
          list: [
            'How to request a refund: email support@astrelle.app from the address you used at purchase, with the subject Refund request, the date and amount of the payment and, if possible, the order or transaction reference.',
            'What happens next: we reply within 3 business days. Approved refunds go back to the original payment method; banks and PayPal usually show them within 5 to 10 business days. When a subscription payment is refunded, the subscription is cancelled.',
          ],
        },
        'Statutory rights in the EU and UK. If you live in the European Union or the United Kingdom, you have a legal right to withdraw from a distance contract within 14 days. For the subscription, which starts immediately at your request, you may still withdraw within 14 days of purchase, but we may deduct an amount proportionate to the Service you have already received. For reports, which are digital content supplied immediately, you lose the right of withdrawal once delivery has started, because at checkout you asked for immediate delivery and acknowledged this; our money-back guarantee above still applies. Nothing in these terms affects your statutory rights, including your rights if digital content or a service is faulty or not as described.',
        'Please contact us before disputing a charge with your bank. Most issues can be solved quickly, and chargebacks may lead to your access being suspended while the dispute is open.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: '6. Intellectual property',
      blocks: [
        'The Service, including its texts, readings, designs, illustrations, software and the Astrelle name and logo, belongs to Astrelle Labs Ltd. or its licensors. We give you a personal, non-transferable, revocable licence to use the Service and your readings and reports for your own non-commercial purposes. You may share your own readings with friends, but you may not resell, republish or commercially exploit our content.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: '7. Acceptable use',
      blocks: [
        'When using the Service you agree not to:',
        {
          list: [
            'enter information about another person that you are not entitled to share, or use the Service to harass, monitor or harm anyone;',
            'copy, scrape or automatically collect content or data from the Service, or reverse engineer it;',
            "interfere with the Service's security or operation, or try to access data or accounts that are not yours;",
            'use stolen or unauthorised payment methods, or misuse refunds or chargebacks.',
          ],
        },
        'We may suspend or end your access if you break these terms, and we will refund any unused prepaid period unless the suspension is due to fraud or serious misuse.',
      ],
    },
    {
      id: 'liability',
      heading: '8. Liability',
      blocks: [
        'We aim to keep the Service available and accurate, but it is provided as it is and as available, and we do not promise that readings will be accurate, that the Service will be uninterrupted, or that it will meet your expectations. To the extent the law allows, we are not liable for decisions you make based on the Service, or for indirect or consequential losses, and our total liability to you is limited to the amount you paid us in the 12 months before the claim.',
        'Nothing in these terms excludes or limits liability that cannot be limited by law, such as for death or personal injury caused by negligence, for fraud, or under consumer protection laws that apply to you.',
      ],
    },
    {
      id: 'governing-law',
      heading: '9. Governing law and disputes',
      blocks: [
        'These terms are governed by the laws of England and Wales, and the courts of England and Wales have jurisdiction. If you are a consumer living elsewhere, you also keep the protection of the mandatory laws of your country of residence and may bring proceedings in your local courts. Please contact us first so we can try to resolve any dispute informally.',
      ],
    },
    {
      id: 'changes',
      heading: '10. Changes to the Service and these terms',
      blocks: [
        'We may update the Service and these terms from time to time. If a change materially affects your subscription, we will notify you by email at least 14 days in advance, and you may cancel before it takes effect. The date at the top shows the current version.',
      ],
    },
    {
      id: 'contact',
      heading: '11. Contact',
      blocks: [
        'Astrelle Labs Ltd. Email: support@astrelle.app. We answer support requests in English, usually within 2 business days.',
      ],
    },
  ],
};
