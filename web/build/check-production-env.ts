// `npm run build -w web` runs this first: a production build that would carry an emulator
// setting stops here, in well under a second, before the type-check and the bundling (which
// take a minute) have run (production-env.ts says why and how). web/vite.config.ts makes the
// same check for a `vite build` run any other way.
import { buildEnv, refuseEmulatorSettings } from './production-env.ts';

const mode = 'production';
const refusal = refuseEmulatorSettings(mode, buildEnv(mode));
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
