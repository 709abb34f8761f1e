import './zod-config';
import './styles/global.css';
import { pageLoadersFor } from './routes';

// The entry is small on purpose: it starts loading the code of the page the visitor opened (and its layout) at
// once, in parallel with the app shell (React, antd, the router), instead of after the shell has loaded and the
// router has matched the path. The router's lazy routes call the same loaders and get the same modules.
for (const load of pageLoadersFor(location.pathname)) void load();
void import('./boot');
