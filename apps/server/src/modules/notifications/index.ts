/** The notifications module's public face: what other modules may use. */
export { notify } from './notifications.producer.ts';
export { seedDemoNotifications } from './notifications.seed.ts';
