// Loaded after first paint (it brings zod): the configuration check. The same check runs at build
// time (vite.config.ts), so a bad configuration normally never ships.
export { loadClientConfig } from '../shared/config/client-config.ts';
