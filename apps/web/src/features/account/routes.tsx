export { MyAccountPage as MyAccountRoute, ProfilePage as ProfileRoute } from './components/account-pages.tsx';
import { directoryLocales } from '../../shared/directory/locales/index.ts';
import { accountLocales } from './locales/index.ts';

// the profile shows the caller's place in the chart (shared/directory's PersonTeam)
export const locales = [accountLocales, directoryLocales];

export { ProfileEditPage as ProfileEditRoute } from './components/profile-edit-page.tsx';
