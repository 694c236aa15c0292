export { MyAccountPage as MyAccountRoute, ProfilePage as ProfileRoute } from './components/account-pages.tsx';
export { ProfileEditPage as ProfileEditRoute } from './components/profile-edit-page.tsx';
