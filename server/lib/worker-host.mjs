// Starts a worker of worker-pool.ts through tsx, as the server itself runs: a worker thread does not
// inherit the parent's TypeScript loader.
import { register } from 'tsx/esm/api';

register();
await import('./worker-host.ts');
