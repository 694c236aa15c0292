import type { CapacitorConfig } from '@capacitor/cli';

/**
 * Faena's native shells (decision 030): Android and iOS apps around the same web build the browser
 * gets (apps/web/dist, `npm run build`). The app opens its organisation's address
 * (FAENA_APP_URL, e.g. https://acme.faena.app) so tenant discovery, sign-in links and the API work
 * as on the web; without it the bundled build is served from the app itself (demo tenant).
 * The web code reaches the device through shared/platform/capacitor.ts (camera, push, back button).
 */
const appUrl = process.env.FAENA_APP_URL;

const config: CapacitorConfig = {
  appId: process.env.FAENA_APP_ID ?? 'app.faena.mobile',
  appName: process.env.FAENA_APP_NAME ?? 'Faena',
  webDir: '../web/dist',
  ...(appUrl ? { server: { url: appUrl, cleartext: false, errorPath: 'index.html' } } : {}),
  android: { allowMixedContent: false },
  ios: { contentInset: 'automatic' },
  plugins: {
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
