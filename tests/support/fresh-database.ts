import { beforeAll, expect } from 'vitest';
import { clearFirestore } from '../../scripts/lib/emulators.ts';
import { testProject } from './lanes.ts';

// Each file of the emulator tests starts with an empty database, its lane's (lanes.ts), as each
// is written to: what one file leaves (mail-abuse.test.ts writes thousands of messages) would
// otherwise slow the queries of every file after it (the sweep's, the digest's) and make a
// file's time depend on the order the files run in. The other folders of this config
// (budgets/, start/) touch no emulator of this run.
beforeAll(async () => {
  const file = expect.getState().testPath;
  if (file === undefined) throw new Error('fresh-database.ts: no test file to judge by');
  if (/[/\\]emulators[/\\]/.test(file)) await clearFirestore(testProject);
});
