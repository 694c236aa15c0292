export { NotificationsPage as NotificationsRoute } from './components/notifications-page.tsx';
