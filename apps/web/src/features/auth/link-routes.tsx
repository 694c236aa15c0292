// Public screens reached from a link (an invitation, a magic-link or password-reset e-mail) or
// from settings (onboarding): the other half of the auth area (routes.tsx holds /login and /sign-in).
import { authLocales } from './locales/index.ts';

export const locales = [authLocales];

export { FromInvitePage as FromInviteRoute } from './components/from-invite-page.tsx';
export { FromMagicLinkPage as FromMagicLinkRoute } from './components/from-magic-link-page.tsx';
export { OnboardingPage as OnboardingRoute } from './components/onboarding-page.tsx';
export { ForgotPasswordPage as ForgotPasswordRoute } from './components/forgot-password-page.tsx';
export { ResetPasswordPage as ResetPasswordRoute } from './components/reset-password-page.tsx';
