// Entry of an archive-analysis worker thread: registers tsx (worker threads do not inherit `node --import tsx`),
// then exposes the TypeScript task to piscina. See intake-pool.ts.
import { register } from 'tsx/esm/api';

register();
const mod = await import('./intake-worker.ts');
export default mod.default;
