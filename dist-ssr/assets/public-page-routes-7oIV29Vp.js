import { t as Mt } from "./styled--U6fbGZ2.js";
import { o as up } from "../prerender.js";
import { Link, useLocation } from "react-router-dom";
import { useEffect } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
// src/ui/text-with-email-links.tsx
/** An email address in running text (the trailing full stop of a sentence is not part of it). */
var emailAddress = /([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/;
/**
* Plain text with every email address in it (the support address in the legal pages) as a mailto: link. The text
* is split and rendered as text nodes and links, never parsed as HTML.
*/
function TextWithEmailLinks({ text }) {
	const parts = text.split(emailAddress);
	return /* @__PURE__ */ jsx(Fragment, { children: parts.map((part, i) => i % 2 === 1 ? /* @__PURE__ */ jsx("a", {
		href: `mailto:${part}`,
		children: part
	}, i) : part) });
}
// src/public-pages/public-page.tsx
var Article = Mt.article`
  max-width: 760px;
  margin: 0 auto;
  padding: 24px 20px 64px;
  background: ${({ theme }) => theme.colors.surfaceSolid};
  ${up("md")} { margin: 32px auto; border-radius: 24px; padding: 40px 48px 64px; }
  h1 { font-size: 30px; margin-bottom: 4px; }
  h2 { font-size: 22px; margin: 32px 0 8px; scroll-margin-top: 80px; }
  h3 { font-size: 18px; margin: 20px 0 6px; scroll-margin-top: 80px; }
  p, li { max-width: 68ch; }
`;
var Updated = Mt.p`
  color: ${({ theme }) => theme.colors.muted};
  margin-top: 0;
`;
function BlockList({ blocks }) {
	return /* @__PURE__ */ jsx(Fragment, { children: blocks.map((block, i) => typeof block === "string" ? /* @__PURE__ */ jsx("p", { children: /* @__PURE__ */ jsx(TextWithEmailLinks, { text: block }) }, i) : /* @__PURE__ */ jsx("ul", { children: block.list.map((item) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(TextWithEmailLinks, { text: item }) }, item)) }, i)) });
}
/** A public page from structured text; plain text only, never HTML. Scrolls to the URL's anchor. */
function PublicPage({ content }) {
	const { hash } = useLocation();
	useEffect(() => {
		const id = decodeURIComponent(hash.replace(/^#!?/, ""));
		const target = id ? document.getElementById(id) : null;
		if (target) target.scrollIntoView();
		else window.scrollTo(0, 0);
	}, [hash]);
	return /* @__PURE__ */ jsxs(Article, { children: [
		/* @__PURE__ */ jsx("h1", { children: content.title }),
		content.updated ? /* @__PURE__ */ jsxs(Updated, { children: ["Last updated ", content.updated] }) : null,
		content.intro ? /* @__PURE__ */ jsx(BlockList, { blocks: content.intro }) : null,
		content.sections.map((section) => /* @__PURE__ */ jsxs("section", {
			"aria-labelledby": section.id ?? void 0,
			children: [
				/* @__PURE__ */ jsx("h2", {
					id: section.id,
					children: section.heading
				}),
				/* @__PURE__ */ jsx(BlockList, { blocks: section.blocks }),
				(section.subsections ?? []).map((sub) => /* @__PURE__ */ jsxs("div", { children: [/* @__PURE__ */ jsx("h3", {
					id: sub.id,
					children: sub.heading
				}), /* @__PURE__ */ jsx(BlockList, { blocks: sub.blocks })] }, sub.heading))
			]
		}, section.heading)),
		/* @__PURE__ */ jsx("p", { children: /* @__PURE__ */ jsx(Link, {
			to: "/",
			children: "Back to Astrelle"
		}) })
	] });
}
// src/public-pages/content/privacy-policy.ts
var privacyPolicy = {
	title: "Privacy Policy",
	updated: "2026-11-01",
	intro: ["This Privacy Policy explains how Astrelle Labs Ltd. (\"Astrelle\", \"we\", \"us\") collects, uses and protects personal information when you take our quiz, subscribe or buy a report. Astrelle Labs Ltd. is the controller of your personal data.", "We ask only for what we need to prepare your readings and run your subscription."],
	sections: [
		{
			id: "data-we-collect",
			heading: "1. Information we collect",
			blocks: [
				"We collect the following categories of information:",
				{ list: [
					"Quiz answers: your name, gender, date, time and place of birth, relationship status, answers about your personality and preferences, and, if you choose to give them, your partner's name, birth details and gender.",
					"Contact details: the email address you enter to receive your results and to access your purchases.",
					"Purchase information: the plan, trial price and reports you choose, transaction amounts, dates and status, and a reference returned by the payment provider. Card and PayPal details are entered on the payment provider's hosted pages; we never receive or store your full card number or security code.",
					"Device and location data: your IP address, the approximate location derived from it (city, postal code, country and time zone) and your browser's user agent.",
					"Usage data: the quiz screens you view, the buttons you tap and the offers you see, collected through Amplitude analytics, and the experiment variants assigned to you through Google Firebase Remote Config.",
					"Advertising identifiers: the Meta (Facebook) browser and click identifiers stored in the fbp and fbc cookies, which tell us whether you arrived from one of our ads.",
					"Messages you send to our support team."
				] },
				"Gender and relationship answers, and details about a partner, may indirectly reveal information about your private life. We use them only to personalise your readings, never to infer or profile your sexual orientation, and never for advertising targeting. Please share a partner's details only if you are comfortable doing so and believe they would not object."
			]
		},
		{
			id: "how-we-use",
			heading: "2. How we use your information and our legal bases",
			blocks: [
				"Under the EU General Data Protection Regulation and the UK GDPR we must have a legal basis for each use of your data:",
				{ list: [
					"To calculate your chart and generate your personalised quiz results, horoscopes and reports, and to deliver them by email (performance of a contract, or steps at your request before entering into one).",
					"To process payments, run your trial and subscription, handle renewals, cancellations and refunds, and keep records of transactions (performance of a contract and compliance with legal obligations such as tax and accounting rules).",
					"To prevent fraud, payment abuse and security incidents, for example by checking that your IP-derived country matches your payment details (our legitimate interest in protecting our customers and our business).",
					"To understand how the quiz is used, fix problems and test improvements through analytics and A/B experiments (your consent to analytics cookies where required, otherwise our legitimate interest in improving the service).",
					"To measure which advertising campaigns bring visitors and purchases, using Meta identifiers (your consent to advertising cookies).",
					"To send service messages about your purchases and renewals (performance of a contract) and, where you agreed or the law permits, occasional offers you can unsubscribe from at any time (consent or legitimate interest).",
					"To answer your questions and handle complaints or legal claims (legitimate interest)."
				] },
				"We do not make decisions that have legal or similarly significant effects on you solely by automated means. Your readings are generated automatically from your answers, but they are for entertainment and self-reflection only."
			]
		},
		{
			id: "sharing",
			heading: "3. Who we share information with",
			blocks: ["We do not sell your personal information for money. We share it only with service providers who process it on our behalf under written agreements, and with others where the law requires:", { list: [
				"Hosting and infrastructure providers that run our servers, databases and email delivery.",
				"Payment providers: Maxpay, which operates our hosted card checkout, and PayPal. They process your payment details as independent controllers under their own privacy policies, including for fraud prevention and regulatory purposes.",
				"Amplitude, Inc., which provides product analytics.",
				"Google LLC and Google Ireland Limited, which provide Firebase Remote Config for feature flags and experiments.",
				"Meta Platforms Ireland Limited and Meta Platforms, Inc., which provide the Meta pixel used for advertising measurement. Meta may combine this information with data it holds about you under its own policies.",
				"Advisers, auditors, authorities or regulators where the law requires it or to defend legal claims, and a successor if our business is sold or reorganised."
			] }]
		},
		{
			id: "cookies",
			heading: "4. Cookies and similar technologies",
			blocks: ["We use browser storage to keep your quiz progress and theme, and cookies and similar technologies for analytics, remote configuration and advertising measurement. Analytics and advertising tools are switched on by default when you first visit; you can turn them off as explained in our Cookie Policy, which lists each technology, its purpose and how long it lasts."]
		},
		{
			id: "retention",
			heading: "5. How long we keep information",
			blocks: [{ list: [
				"Quiz answers and email of visitors who do not make a purchase: up to 12 months after your last visit, then deleted or anonymised.",
				"Customers' quiz and subscription data: while you have an active subscription or purchased reports, and for 24 months afterwards so we can handle questions about past orders.",
				"Transaction and invoicing records: for the period required by tax and accounting law, usually six to seven years.",
				"Analytics events: up to 24 months. Advertising identifiers: up to 90 days in your browser, and with your order record for as long as that record is kept.",
				"Support correspondence: up to 3 years after the conversation ends."
			] }, "When you ask us to delete your data we will do so within 30 days, except for records we must keep by law."]
		},
		{
			id: "your-rights",
			heading: "6. Your rights",
			blocks: ["Depending on where you live, you may have the right to access your personal data, to have it corrected or deleted, to restrict or object to its use (including at any time to direct marketing), to receive it in a portable format, and to withdraw consent at any time without affecting earlier processing. To use any of these rights, email support@astrelle.app from the address you used with us. We may ask for information to verify your identity and will reply within one month, or within the period set by your local law.", "In the EU or UK you may also complain to your local data protection authority (in the UK, the Information Commissioner's Office)."]
		},
		{
			id: "us-privacy",
			heading: "7. Notice for California and other US residents",
			blocks: [
				"In the last 12 months we collected the categories described in section 1: identifiers (name, email, IP address, cookie identifiers), personal characteristics (gender, date of birth, relationship status), commercial information, internet activity, approximate geolocation, and inferences drawn from quiz answers to produce your readings. We use them for the purposes in section 2 and keep them for the periods in section 5.",
				"We do not sell personal information for money. Allowing the Meta pixel to collect identifiers for ad measurement may be considered sharing for cross-context behavioural advertising under the California Consumer Privacy Act as amended by the CPRA. You can opt out by turning off advertising cookies, by emailing support@astrelle.app with the subject Do Not Sell or Share, or by enabling the Global Privacy Control signal in your browser, which we honour. We do not use sensitive personal information for purposes that require a right to limit under the CPRA.",
				"California residents, and residents of other states with similar laws, may ask to know, access, correct and delete their personal information, opt out of sale, sharing and targeted advertising, and will not be discriminated against for doing so. You may use an authorised agent, and may appeal our decision by replying to it."
			]
		},
		{
			id: "international-transfers",
			heading: "8. International transfers",
			blocks: ["Our service providers may process data in the United States and other countries outside the UK and the European Economic Area. Where they do, we rely on adequacy decisions (including the EU-US Data Privacy Framework and its UK extension where the provider is certified) or on the European Commission's Standard Contractual Clauses and the UK International Data Transfer Addendum, with additional safeguards where needed. Ask us for details of these safeguards."]
		},
		{
			id: "security",
			heading: "9. Security",
			blocks: ["We protect your data with encryption in transit, access controls and the safeguards of our hosting and payment providers. No online service is completely secure; contact us immediately if you believe your information has been misused."]
		},
		{
			id: "children",
			heading: "10. Children",
			blocks: ["Astrelle is intended only for adults aged 18 and over. We do not knowingly collect information from anyone under 18. If you believe a minor has used the service, contact us and we will delete their information and cancel any subscription."]
		},
		{
			id: "changes",
			heading: "11. Changes to this policy",
			blocks: ["We may update this policy as our service or the law changes; the date at the top shows the latest version. We will tell customers about significant changes by email or in the service before they take effect."]
		},
		{
			id: "contact",
			heading: "12. Contact",
			blocks: ["Astrelle Labs Ltd. Email: support@astrelle.app. Please use the subject line Privacy so that your request reaches the right person quickly."]
		}
	]
};
// src/public-pages/content/terms-of-use.ts
var termsOfUse = {
	title: "Terms of Use",
	updated: "2026-11-01",
	intro: ["These Terms of Use are an agreement between you and Astrelle Labs Ltd. (\"Astrelle\", \"we\", \"us\") for the Astrelle website, quiz, personalised readings, subscription and reports (the \"Service\"). By using the Service or making a purchase you accept these terms. Please read the subscription and refund sections carefully: they explain how the trial, automatic renewal and cancellation work."],
	sections: [
		{
			id: "eligibility",
			heading: "1. Who can use Astrelle",
			blocks: ["You must be at least 18 years old and able to enter into a binding contract to use the Service. By using it you confirm that you meet these requirements and that the information you give us, including your birth details and email address, is accurate."]
		},
		{
			id: "nature-of-service",
			heading: "2. Entertainment and self-reflection, not advice",
			blocks: ["Astrelle offers astrology-based content for entertainment and personal reflection. Readings are generated from your quiz answers and astronomical calculations, and they describe possibilities, not facts or predictions you should rely on. Astrology is not a science.", "Nothing in the Service is medical, psychological, legal, financial or relationship advice, and it is not a substitute for help from a qualified professional. Do not make important decisions about your health, money, safety or relationships based only on the Service. If you are in crisis, contact your local emergency services."]
		},
		{
			id: "account",
			heading: "3. Your email and access",
			blocks: ["We use the email address you give during the quiz to send your results, receipts, access details and important notices about your subscription. Please make sure it is correct and that you can receive our messages. You are responsible for keeping access to that email account secure and for activity that takes place through your access links. Tell us promptly at support@astrelle.app if you believe someone else has used your access."]
		},
		{
			id: "subscription-terms",
			heading: "4. Subscription, trial and payments",
			blocks: [
				"Introductory trial. After the quiz you can start a 2-week (14-day) trial by choosing one of the trial prices offered and paying it at checkout. The trial gives you access to the subscription features for 14 days.",
				"Automatic renewal. Unless you cancel before the trial ends, your subscription starts automatically at the end of the trial and you will be charged the full subscription price for the billing period shown at checkout. It then renews automatically for further billing periods of the same length, at the same price, and you authorise us and our payment provider to charge your payment method on each renewal date until you cancel.",
				"Price shown before purchase. Before you pay, the checkout page shows the trial price, the subscription price, the length of each billing period and when the first full charge will be taken. Prices are in US dollars unless stated otherwise and include or exclude taxes as shown at checkout. Your bank may add currency conversion or foreign transaction fees. If we ever change the subscription price, we will tell you by email in advance, and the new price applies only from a renewal after that notice; you can cancel before it does.",
				"Payment methods. Payments are processed by Maxpay through a hosted card checkout, or by PayPal. We do not see or store your full card details. If a renewal payment fails, we may retry it over the following days and may pause your access until payment succeeds.",
				{ list: [
					"How to cancel: email support@astrelle.app from the address you used at purchase with the subject Cancel subscription, or use the cancellation link in your purchase confirmation email. If you paid with PayPal, you can also cancel the automatic payment in your PayPal account settings. We will confirm your cancellation by email.",
					"When to cancel: to avoid the next charge, cancel at least 24 hours before the trial ends or before the next renewal date.",
					"What happens after you cancel: no further renewal charges are taken, and you keep access until the end of the trial or the billing period you have already paid for. Cancelling does not by itself refund earlier payments; see the refund policy below."
				] },
				"One-off reports. You can also buy individual reports at a fixed price shown before purchase: the Birth Chart report (19.99 USD), the Love Paths report (24.99 USD), or the Ultra Pack (49.99 USD), which bundles our reports as described on the offer page. These are single payments, not subscriptions, and do not renew. Reports are delivered digitally, usually by email or as a page in the Service, and remain available to you for personal use."
			]
		},
		{
			id: "refund-policy",
			heading: "5. Refund policy",
			blocks: [
				"14-day money-back guarantee. If you are not happy with a purchase, you can ask for a full refund of the trial payment, the first subscription payment after the trial, or a one-off report within 14 days of that payment. A renewal payment can be refunded if you ask within 14 days of the renewal and have not used the Service since that renewal. Each purchase can be refunded under this guarantee once, and we may decline requests that show clear abuse, such as repeated purchase and refund of the same product.",
				{ list: ["How to request a refund: email support@astrelle.app from the address you used at purchase, with the subject Refund request, the date and amount of the payment and, if possible, the order or transaction reference.", "What happens next: we reply within 3 business days. Approved refunds go back to the original payment method; banks and PayPal usually show them within 5 to 10 business days. When a subscription payment is refunded, the subscription is cancelled."] },
				"Statutory rights in the EU and UK. If you live in the European Union or the United Kingdom, you have a legal right to withdraw from a distance contract within 14 days. For the subscription, which starts immediately at your request, you may still withdraw within 14 days of purchase, but we may deduct an amount proportionate to the Service you have already received. For reports, which are digital content supplied immediately, you lose the right of withdrawal once delivery has started, because at checkout you asked for immediate delivery and acknowledged this; our money-back guarantee above still applies. Nothing in these terms affects your statutory rights, including your rights if digital content or a service is faulty or not as described.",
				"Please contact us before disputing a charge with your bank. Most issues can be solved quickly, and chargebacks may lead to your access being suspended while the dispute is open."
			]
		},
		{
			id: "intellectual-property",
			heading: "6. Intellectual property",
			blocks: ["The Service, including its texts, readings, designs, illustrations, software and the Astrelle name and logo, belongs to Astrelle Labs Ltd. or its licensors. We give you a personal, non-transferable, revocable licence to use the Service and your readings and reports for your own non-commercial purposes. You may share your own readings with friends, but you may not resell, republish or commercially exploit our content."]
		},
		{
			id: "acceptable-use",
			heading: "7. Acceptable use",
			blocks: [
				"When using the Service you agree not to:",
				{ list: [
					"enter information about another person that you are not entitled to share, or use the Service to harass, monitor or harm anyone;",
					"copy, scrape or automatically collect content or data from the Service, or reverse engineer it;",
					"interfere with the Service's security or operation, or try to access data or accounts that are not yours;",
					"use stolen or unauthorised payment methods, or misuse refunds or chargebacks."
				] },
				"We may suspend or end your access if you break these terms, and we will refund any unused prepaid period unless the suspension is due to fraud or serious misuse."
			]
		},
		{
			id: "liability",
			heading: "8. Liability",
			blocks: ["We aim to keep the Service available and accurate, but it is provided as it is and as available, and we do not promise that readings will be accurate, that the Service will be uninterrupted, or that it will meet your expectations. To the extent the law allows, we are not liable for decisions you make based on the Service, or for indirect or consequential losses, and our total liability to you is limited to the amount you paid us in the 12 months before the claim.", "Nothing in these terms excludes or limits liability that cannot be limited by law, such as for death or personal injury caused by negligence, for fraud, or under consumer protection laws that apply to you."]
		},
		{
			id: "governing-law",
			heading: "9. Governing law and disputes",
			blocks: ["These terms are governed by the laws of England and Wales, and the courts of England and Wales have jurisdiction. If you are a consumer living elsewhere, you also keep the protection of the mandatory laws of your country of residence and may bring proceedings in your local courts. Please contact us first so we can try to resolve any dispute informally."]
		},
		{
			id: "changes",
			heading: "10. Changes to the Service and these terms",
			blocks: ["We may update the Service and these terms from time to time. If a change materially affects your subscription, we will notify you by email at least 14 days in advance, and you may cancel before it takes effect. The date at the top shows the current version."]
		},
		{
			id: "contact",
			heading: "11. Contact",
			blocks: ["Astrelle Labs Ltd. Email: support@astrelle.app. We answer support requests in English, usually within 2 business days."]
		}
	]
};
// src/public-pages/content/cookie-policy.ts
var cookiePolicy = {
	title: "Cookie Policy",
	updated: "2026-11-01",
	intro: ["This Cookie Policy explains how Astrelle Labs Ltd. (\"Astrelle\", \"we\", \"us\") uses cookies and similar technologies, such as your browser's local storage and IndexedDB, on the Astrelle website and quiz. It should be read together with our Privacy Policy, which explains how we handle personal information more generally."],
	sections: [
		{
			id: "what-are-cookies",
			heading: "1. What cookies and similar technologies are",
			blocks: ["Cookies are small text files that a website stores in your browser so it can recognise your browser on later visits. Local storage and IndexedDB are similar storage areas in your browser that a website can use to remember information on your device. Some of these technologies are set by us (first-party) and some by our partners (third-party). Some last only until you close your browser; others remain for a set period or until you delete them."]
		},
		{
			id: "categories",
			heading: "2. The categories we use",
			blocks: [
				"We group the technologies we use into four categories:",
				{ list: [
					"Strictly necessary: needed for the quiz and checkout to work, for example to remember your answers as you move between screens, your light or dark theme, and to keep payments secure. These cannot be switched off in our service.",
					"Analytics: help us understand how visitors use the quiz, where they drop off and which versions work better, through Amplitude.",
					"Advertising: let us measure whether visitors and purchases came from our ads on Facebook and Instagram, through the Meta pixel.",
					"Remote configuration: let us switch features on or off and run A/B experiments without releasing a new version of the app, through Google Firebase Remote Config."
				] },
				"Analytics, advertising and remote configuration technologies are switched on by default when you first visit. You can switch them off at any time as described in section 4 below."
			]
		},
		{
			id: "details",
			heading: "3. Details of each technology",
			blocks: ["The list below shows each item, who sets it, what it does and how long it lasts."],
			subsections: [
				{
					id: "strictly-necessary",
					heading: "Strictly necessary",
					blocks: [{ list: [
						"Quiz progress (local storage, set by Astrelle). Purpose: saves your quiz answers and current step on your device, so that you can refresh the page or come back later without starting again. Lifetime: stays on your device until you clear your browser data or start a new quiz.",
						"Theme choice (local storage, set by Astrelle). Purpose: remembers whether you prefer the light or dark appearance. Lifetime: until you clear your browser data.",
						"Payment provider cookies (set by Maxpay or PayPal on their own checkout pages). Purpose: security, fraud prevention and completing your payment. Lifetime: set by the provider and described in their own cookie policies."
					] }]
				},
				{
					id: "analytics",
					heading: "Analytics",
					blocks: [{ list: ["Amplitude identity cookie (first-party cookie, name beginning with AMP, set by the Amplitude SDK on our domain). Purpose: stores a random device identifier and session information so that events from the same browser can be grouped together, for example to count how many people complete the quiz. Lifetime: 365 days. Attributes: SameSite Lax, so it is not sent with requests made by other websites.", "Amplitude event queue (local storage, set by the Amplitude SDK). Purpose: temporarily holds analytics events until they are sent, so they are not lost if your connection drops. Lifetime: cleared once events are sent."] }]
				},
				{
					id: "advertising",
					heading: "Advertising",
					blocks: [{ list: [
						"fbp (first-party cookie, named _fbp, set by the Meta pixel). Purpose: a browser identifier that lets Meta recognise visits and purchases from your browser and attribute them to our ads. Lifetime: 90 days.",
						"fbc (first-party cookie, named _fbc, set by the Meta pixel when you arrive by clicking one of our ads). Purpose: stores the ad click identifier so that a later purchase can be linked to the ad you clicked. Lifetime: 90 days.",
						"We also save the fbc and fbp values with your quiz and order records, so that purchases can be attributed to the right campaign. Meta may set its own cookies on its domains if you are logged in to Facebook or Instagram; those are governed by Meta's cookie policy."
					] }]
				},
				{
					id: "remote-configuration",
					heading: "Remote configuration",
					blocks: [{ list: ["Firebase installation identifier (IndexedDB, set by the Google Firebase SDK). Purpose: a random identifier for this app installation, used so that you see a consistent version of an experiment. Lifetime: until you clear your browser data.", "Remote Config cache (IndexedDB, set by the Google Firebase SDK). Purpose: stores the latest feature flag and experiment values so pages load quickly. Lifetime: refreshed at most once an hour and kept until you clear your browser data."] }]
				}
			]
		},
		{
			id: "control",
			heading: "4. How to control cookies",
			blocks: [
				"You have several ways to control these technologies:",
				{ list: [
					"Privacy choices: open the Menu at the top of any page and use Privacy choices to switch analytics, advertising or remote configuration off or back on. Your choice is stored on your device and applies from then on.",
					"Browser settings: most browsers let you block or delete cookies and site data. Deleting site data for our website also clears your saved quiz progress and theme. Blocking all cookies may stop the checkout from working.",
					"Global Privacy Control: if your browser sends this signal, we treat it as a request to opt out of advertising cookies and the sale or sharing of your personal information.",
					"Meta settings: you can manage how Meta uses data from websites in your Facebook or Instagram ad preferences, including the Activity off Meta technologies setting.",
					"Private browsing: cookies and local storage set in a private window are deleted when you close it."
				] },
				"Switching off analytics or advertising does not affect the quiz, your readings or your purchases. If you switch off remote configuration, you will see the standard version of the app instead of any experiment."
			]
		},
		{
			id: "changes",
			heading: "5. Changes to this policy",
			blocks: ["We will update this policy when we add, remove or change the technologies we use. The date at the top shows when it was last revised."]
		},
		{
			id: "contact",
			heading: "6. Contact",
			blocks: ["If you have questions about cookies or your privacy, contact Astrelle Labs Ltd. at support@astrelle.app."]
		}
	]
};
// src/public-pages/content/understanding-astrology.ts
var understandingAstrology = {
	title: "Understanding Astrology",
	updated: "2026-11-01",
	intro: ["Astrology is one of humanity's oldest storytelling traditions. For thousands of years people have looked at the sky and used the movements of the Sun, Moon and planets as a language for describing character, relationships and the rhythm of life. This guide explains the basics behind your Astrelle reading: what your big three signs mean, how the zodiac is organised, why your birth time and place matter, and what we actually do with your quiz answers."],
	sections: [
		{
			id: "big-three",
			heading: "Your big three: Sun, Moon and rising sign",
			blocks: [
				"Most people know their star sign, which is really their Sun sign: the part of the zodiac the Sun appeared to be in on the day they were born. A full birth chart contains much more, and three placements are usually read first.",
				{ list: [
					"Sun sign: your core identity, the qualities you grow into and what gives you energy and purpose. It changes about once a month, so everyone born in the same few weeks shares it.",
					"Moon sign: your emotional world, what makes you feel safe and how you respond when life gets personal. The Moon moves quickly and changes sign roughly every two and a half days, so two people with the same Sun sign often have different Moons.",
					"Rising sign, or ascendant: the sign that was rising on the eastern horizon at the exact moment and place of your birth. It describes your outward style and first impressions, and it sets up the houses of your chart. It changes about every two hours."
				] },
				"Reading the three together is what makes a chart personal. A fiery Aries Sun with a gentle Cancer Moon and a reserved Capricorn rising tells a more nuanced story than Aries alone."
			]
		},
		{
			id: "twelve-signs",
			heading: "The twelve signs and their elements",
			blocks: [
				"The zodiac divides the Sun's yearly path into twelve equal signs of 30 degrees each. Astrelle uses the tropical zodiac, which is tied to the seasons and is the system used by most Western astrologers. The dates below are typical; the exact moment the Sun changes sign shifts by a day from year to year, which is why people born on a cusp should check their full chart.",
				{ list: [
					"Aries, 21 March to 19 April: fire. Bold, direct and quick to start things.",
					"Taurus, 20 April to 20 May: earth. Steady, sensual and loyal.",
					"Gemini, 21 May to 20 June: air. Curious, talkative and adaptable.",
					"Cancer, 21 June to 22 July: water. Caring, protective and intuitive.",
					"Leo, 23 July to 22 August: fire. Warm, expressive and generous.",
					"Virgo, 23 August to 22 September: earth. Thoughtful, practical and attentive to detail.",
					"Libra, 23 September to 22 October: air. Diplomatic, social and drawn to harmony.",
					"Scorpio, 23 October to 21 November: water. Intense, private and deeply committed.",
					"Sagittarius, 22 November to 21 December: fire. Adventurous, honest and optimistic.",
					"Capricorn, 22 December to 19 January: earth. Ambitious, patient and responsible.",
					"Aquarius, 20 January to 18 February: air. Independent, inventive and idealistic.",
					"Pisces, 19 February to 20 March: water. Imaginative, empathetic and dreamy."
				] },
				"The four elements group the signs by temperament. Fire signs bring enthusiasm and courage, earth signs bring realism and stamina, air signs bring ideas and communication, and water signs bring feeling and intuition. Many people find that the balance of elements across their whole chart describes them better than their Sun sign alone."
			]
		},
		{
			id: "houses",
			heading: "The houses in brief",
			blocks: ["If the signs describe how energy is expressed, the twelve houses describe where in life it shows up. They are calculated from your rising sign and birth location, and each covers an area of experience: the first house is self and appearance, the second money and values, the third communication, the fourth home and family, the fifth romance and creativity, the sixth work and daily routines, the seventh partnerships, the eighth intimacy and shared resources, the ninth travel and beliefs, the tenth career and reputation, the eleventh friendships and hopes, and the twelfth rest, endings and the inner life.", "A planet placed in your seventh house, for example, is traditionally read as colouring your approach to committed relationships."]
		},
		{
			id: "compatibility",
			heading: "Synastry: astrology and compatibility",
			blocks: ["Synastry is the comparison of two birth charts. Instead of asking whether two Sun signs match, it looks at how the planets in one chart relate to the planets in the other. Harmonious angles between one partner's Moon and the other's Sun, or between Venus and Mars, are traditionally read as ease and attraction; tense angles point to friction that can also create growth.", "No pairing of signs is doomed or guaranteed. Synastry is best used as a conversation starter about how two people give and receive care, handle conflict and build a life together."]
		},
		{
			id: "birth-time-place",
			heading: "Why your birth time and place matter",
			blocks: ["Your birth date is enough to find your Sun sign and the approximate positions of the slower planets. But the sky turns quickly: the rising sign moves through all twelve signs in a single day, and the Moon moves about 13 degrees in the same time. Your birth time and place let us work out the local time zone at your birth, including historical daylight saving rules, and the exact angle of the horizon where you were born. Without them, the rising sign and houses cannot be calculated reliably.", "If you do not know your birth time, check a birth certificate or ask a relative. Without an exact time, your Sun sign and most planet positions will still be accurate, but your Moon sign may be uncertain if the Moon changed sign that day, and your rising sign and houses should be treated as approximate."]
		},
		{
			id: "what-the-quiz-does",
			heading: "What the Astrelle quiz does with your answers",
			blocks: ["When you take the quiz, we use your answers in two ways. First, your birth date, time and place are used to calculate the real astronomical positions of the Sun, Moon and planets at your birth, which produce your chart. Second, your answers about your personality, relationship status and goals tell us which themes matter most to you right now, so your reading focuses on them instead of giving generic text.", "If you add a partner's birth details, we compare both charts to build your compatibility insights. Your answers are used to create your readings and to improve the service, as explained in our Privacy Policy. We never sell your birth details."]
		},
		{
			id: "honest-note",
			heading: "An honest note",
			blocks: ["We love astrology, and we also want to be straight with you: astrology is not a science. Controlled studies have not shown that the position of the planets at birth predicts personality or life events. The astronomy behind your chart is real, but the meanings given to it come from tradition, symbolism and interpretation.", "That is why we present Astrelle as a tool for reflection and entertainment, not a source of predictions or advice. The value of a reading lies in the questions it prompts: does this sound like me, what do I want from my relationships, where am I holding back? Take what resonates, leave what does not, and make important decisions with people you trust and, where needed, qualified professionals."]
		}
	]
};
// src/public-pages/public-page-routes.tsx
var PrivacyPolicyPage = () => /* @__PURE__ */ jsx(PublicPage, { content: privacyPolicy });
var TermsOfUsePage = () => /* @__PURE__ */ jsx(PublicPage, { content: termsOfUse });
var CookiePolicyPage = () => /* @__PURE__ */ jsx(PublicPage, { content: cookiePolicy });
var UnderstandingAstrologyPage = () => /* @__PURE__ */ jsx(PublicPage, { content: understandingAstrology });
export { CookiePolicyPage, PrivacyPolicyPage, TermsOfUsePage, UnderstandingAstrologyPage };
