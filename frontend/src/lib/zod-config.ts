import { config } from 'zod/mini';

// The server's Content-Security-Policy allows no eval, so zod's compiled parsers can never run
// here; without this, zod probes with `new Function('')` on its first object schema, and the
// browser reports a policy violation on every page that loads one.
config({ jitless: true });
