// Public sign-in screens (spec §2): each route module re-exports its screen.
import { authLocales } from './locales/index.ts';

export const locales = [authLocales];

export { LoginPage as LoginRoute } from './components/login-page.tsx';
export { SignInPage as SignInRoute } from './components/sign-in-page.tsx';
export { FromInvitePage as FromInviteRoute } from './components/from-invite-page.tsx';
export { FromMagicLinkPage as FromMagicLinkRoute } from './components/from-magic-link-page.tsx';
export { OnboardingPage as OnboardingRoute } from './components/onboarding-page.tsx';
