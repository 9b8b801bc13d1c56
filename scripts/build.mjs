// `npm run build`: always rebuilds the console and the server bundle.
import { ensureBuilt, ensureInstalled } from './lib.mjs';

await ensureInstalled();
await ensureBuilt({ force: true });
