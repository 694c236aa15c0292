/**
 * `node apps/server/src/main.ts` (what `npm start` runs): turns on Node's module compile cache
 * before the server's modules load, so that every start after the first reuses their compiled
 * code instead of parsing and compiling them again. The cache lives in NODE_COMPILE_CACHE, else
 * in the system's temporary directory; NODE_DISABLE_COMPILE_CACHE=1 turns it off. Static
 * imports would load before these lines run, hence the dynamic import.
 */
import { enableCompileCache, flushCompileCache } from 'node:module';

enableCompileCache();
const { serve } = await import('./serve.ts');
await serve();
// Written now, once everything the server loads at start has been compiled, not only at a clean exit.
flushCompileCache();
