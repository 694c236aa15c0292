import { notificationsLocales } from './locales/index.ts';

export const locales = [notificationsLocales];

export { NotificationsPage as NotificationsRoute } from './components/notifications-page.tsx';
