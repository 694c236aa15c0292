export { MyAccountPage as MyAccountRoute, ProfilePage as ProfileRoute } from './components/account-pages.tsx';
import { accountLocales } from './locales/index.ts';

export const locales = [accountLocales];

export { ProfileEditPage as ProfileEditRoute } from './components/profile-edit-page.tsx';
