import { PublicPage } from './public-page';
import { privacyPolicy } from './content/privacy-policy';
import { termsOfUse } from './content/terms-of-use';
import { cookiePolicy } from './content/cookie-policy';
import { understandingAstrology } from './content/understanding-astrology';

// One lazily loaded module for the long texts, so none of them weighs on the landing page.
export const PrivacyPolicyPage = () => <PublicPage content={privacyPolicy} />;
export const TermsOfUsePage = () => <PublicPage content={termsOfUse} />;
export const CookiePolicyPage = () => <PublicPage content={cookiePolicy} />;
export const UnderstandingAstrologyPage = () => <PublicPage content={understandingAstrology} />;
