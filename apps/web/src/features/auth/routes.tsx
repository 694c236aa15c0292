// Public sign-in screens (spec §2): each route module re-exports its screen. The screens reached
// from a link (an invitation, a magic-link e-mail) or from settings (onboarding) are in
// link-routes.tsx, a chunk of their own: a cold /login or /sign-in does not download them.
import { authLocales } from './locales/index.ts';

export const locales = [authLocales];

export { LoginPage as LoginRoute } from './components/login-page.tsx';
export { SignInPage as SignInRoute } from './components/sign-in-page.tsx';
