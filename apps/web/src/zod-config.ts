// zod builds a fast parser for each object schema with `new Function`, after probing once whether eval is allowed.
// The site's Content-Security-Policy (script-src 'self', no 'unsafe-eval') forbids it: the probe fails quietly but
// the browser reports a `securitypolicyviolation` on every page. jitless skips the probe and the generated parsers
// (same results, by the interpreted path). It must run before the first schema is built, so main.tsx imports this
// first; `config` comes from zod's core module (a few KB), so the entry does not carry the schema library.
import { config } from 'zod/v4/core';

config({ jitless: true });
