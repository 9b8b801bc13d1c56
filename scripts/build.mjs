// `npm run build`: always rebuilds the console and the server bundle.
import './node-runtime.mjs'; // first: re-runs this script under Node >= 24 when needed
import { ensureBuilt, ensureInstalled } from './lib.mjs';

await ensureInstalled();
await ensureBuilt({ force: true });
