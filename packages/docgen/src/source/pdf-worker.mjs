// Entry of the CLI's PDF thread when running from the sources: registers tsx (worker threads do not inherit
// `node --import tsx`), then loads the TypeScript worker. The compiled CLI loads dist/pdf-worker.mjs instead.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
