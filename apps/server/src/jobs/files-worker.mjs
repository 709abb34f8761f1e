// Entry of an untrusted-file worker thread: registers tsx (worker threads do not inherit `node --import tsx`), then
// exposes the TypeScript task to piscina. See files-pool.ts.
import { register } from 'tsx/esm/api';

register();
const mod = await import('./files-worker.ts');
export default mod.default;
