// The emulator tests' two lanes (tests/vitest.config.ts's projects), which `npm test` runs side
// by side on the same emulators. The Firestore emulator keeps each project's documents apart and
// gives every project firebase.json's rules; the Functions emulator's triggers and Hosting act
// on the site's project alone. So the files under emulators/own-project/, which call the mail
// modules themselves (no trigger, no Hosting, no Auth), take a project of their own and can run
// while the site's files clear, fill and switch the triggers of the site's project. (The
// emulators run in single project mode, which guards `npm start`: the Firestore emulator serves
// the other project and notes each of its requests in firestore-debug.log.)
import { projectId as siteProject } from '../../scripts/lib/project.ts';

const laneVariable = 'EMULATOR_TESTS_PROJECT';

/** The Firestore project of the files under emulators/own-project/. */
export const ownProject = `${siteProject}-own`;

/** What the own-project lane's files are started with (vitest's `env`). */
export const ownProjectEnvironment = { [laneVariable]: ownProject };

/**
 * The project the running file's tests write to: the lane's, else the one `emulators:exec`
 * runs as (GCLOUD_PROJECT), else the site's.
 */
export const testProject = process.env[laneVariable] ?? process.env.GCLOUD_PROJECT ?? siteProject;

/** True in the files of the site's project, where the triggers, Hosting and Auth act. */
export const onSiteProject = testProject !== ownProject;
