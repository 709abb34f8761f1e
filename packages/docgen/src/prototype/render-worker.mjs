// Entry of a prototype render worker thread: registers tsx (worker threads do not inherit `node --import tsx`),
// then exposes the TypeScript renderer to piscina. See pool.ts.
import { register } from 'tsx/esm/api';

register();
const mod = await import('./render-worker.ts');
export default mod.default;
