// Entry of the materials-engine worker thread: loads the TypeScript worker through tsx (worker threads do not
// inherit `node --import tsx`), then the worker listens for jobs. See docgen-engine.ts.
import { register } from 'tsx/esm/api';

register();
await import('./docgen-worker.ts');
