import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveFirestoreRules, rulesRefusal, type DeployApis, type RulesJudge } from '../../scripts/lib/deploy-checks.ts';
import {
  appRules,
  mergedRules,
  ourRules,
  previousSiteRules,
  startGoogleApisStandIn,
  testModeRules,
  withAppStatements,
  type StandInProject,
} from '../../scripts/lib/google-apis-stand-in.ts';
import { runRulesChecks, type CheckFailure, type RulesReport } from '../../scripts/lib/rules-checks.ts';
import { firestoreEmulator } from '../support/emulators.ts';

// `npm run deploy` judges the live rules by what they let through: the rules the Rules API
// stand-in answers for each project are run through the site's rules checks in the Firestore
// emulator, each case under a demo project of its own, so rules loaded for one case never
// meet another case or the other suites' project. (The deploy starts an emulator of its own
// for this, scripts/lib/rules-emulator.ts; here the suite's emulator serves.)

/** The site's rules with an app's blocks added, as a merge might leave them. */
const ourRulesWith = (block: string) => withAppStatements(ourRules, block);

/** A block an app's rules might hold beside the site's, a check it lets through and its statement. */
type Block = { block: string; check: string; statement: string };
const blocks: Record<string, Block> = {
  'every-member-everything': {
    block: 'match /{document=**} { allow read, write: if request.auth != null; }',
    check:
      "a member whose verified email is the message's address may not update Mail/Mx7pQ2r9LkTz81KpRw3v (its delivery, to RETRY)",
    statement: 'allow read, write: if request.auth != null;',
  },
  'mail-read-by-all': {
    block: 'match /Mail/{doc} { allow read: if true; }',
    check: 'an anonymous visitor may not read Mail/Mx7pQ2r9LkTz81KpRw3v (get)',
    statement: 'allow read: if true;',
  },
  'any-collection-update': {
    block: 'match /{collection}/{doc} { allow update: if request.auth != null; }',
    check: 'a member signed in with Google may not update Mail/Mx7pQ2r9LkTz81KpRw3v (its delivery, to RETRY)',
    statement: 'allow update: if request.auth != null;',
  },
  'threads-written-by-members': {
    block: 'match /MailThreads/{id} { allow read, write: if request.auth != null; }',
    check: 'a signed-in member may not create MailThreads/created-by-a-client',
    statement: 'allow read, write: if request.auth != null;',
  },
  'mail-read-by-its-address': {
    block: 'match /Mail/{id} { allow read: if request.auth.token.email == resource.data.email; }',
    check: "a member whose verified email is the message's address may not read Mail/Mx7pQ2r9LkTz81KpRw3v (get)",
    statement: 'allow read: if request.auth.token.email == resource.data.email;',
  },
  'limits-deleted-by-members': {
    block: 'match /MailLimits/{id} { allow delete: if request.auth != null; }',
    check: 'a member signed in anonymously may not delete MailLimits/Mx7pQ2r9LkTz81KpRw3v',
    statement: 'allow delete: if request.auth != null;',
  },
  'alerts-read-across-collections': {
    block: 'match /{path=**}/MailAlerts/{id} { allow list: if request.auth != null; }',
    check: 'a signed-in member may not query every MailAlerts collection (collection group)',
    statement: 'allow list: if request.auth != null;',
  },
  'mail-created-freely-by-members': {
    block: 'match /Mail/{id} { allow create: if request.auth != null; }',
    check: 'a member signed in with Google may not create a Mail document with a RETRY delivery set by the client',
    statement: 'allow create: if request.auth != null;',
  },
  'mail-read-by-uid': {
    block: 'match /Mail/{id} { allow get: if request.auth.uid == id; }',
    check: "a member whose uid is the document's id may not read Mail/Mx7pQ2r9LkTz81KpRw3v (get)",
    statement: 'allow get: if request.auth.uid == id;',
  },
};

/**
 * The refused projects' live rules: the site's with app blocks added. Blocks that let through
 * none of each other's named checks share a project, where each is still named on its own line:
 * three deploy checks instead of nine (each runs every check, then traces what failed).
 */
const refused: Record<string, string[]> = {
  'every-member-everything': ['every-member-everything'],
  'mail-read-and-functions-data-written': [
    'mail-read-by-all',
    'threads-written-by-members',
    'limits-deleted-by-members',
    'alerts-read-across-collections',
    'mail-created-freely-by-members',
  ],
  'members-update-and-read-their-own': ['any-collection-update', 'mail-read-by-its-address', 'mail-read-by-uid'],
};
const blockOf = (name: string) => blocks[name] as Block;
const refusedRules = (names: string[]) => ourRulesWith(names.map((name) => blockOf(name).block).join('\n'));

const projects: Record<string, StandInProject> = {
  ...Object.fromEntries(
    Object.entries(refused).map(([name, names]) => [name, { rules: refusedRules(names), functions: [] }]),
  ),
  ours: { rules: ourRules, functions: [] },
  merged: { rules: mergedRules, functions: [] },
  'previous-site': { rules: previousSiteRules, functions: [] },
  'test-mode': { rules: testModeRules, functions: [] },
  'open-beside-ours': { rules: ourRulesWith('match /{document=**} { allow read, write: if true; }'), functions: [] },
  'app-only': { rules: appRules, functions: [] },
};

let apis: DeployApis;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ apis, close } = await startGoogleApisStandIn(projects));
});
afterAll(async () => {
  await close();
});

/** What the deploy says of a project's live rules, and the report the emulator gave. */
async function deployCheck(project: string) {
  let report: RulesReport | undefined;
  const judge: RulesJudge = async (rules) => {
    report = await runRulesChecks(rules, {
      host: firestoreEmulator.host,
      port: firestoreEmulator.port,
      projectId: `demo-live-rules-${project}`,
    });
    return report;
  };
  const refusal = await rulesRefusal(await liveFirestoreRules(apis, project), project, judge);
  return { refusal, report };
}

/** Each failure as one line, so that an assertion names every check that failed and why. */
const failed = (failures: CheckFailure[] | undefined) =>
  failures?.map(
    ({ check, detail, allowedBy }) => `${check}: ${detail}${allowedBy ? ` (line ${String(allowedBy.line)})` : ''}`,
  );

/** The 1-based line of `text` in `rules`. */
const lineOf = (rules: string, text: string) => rules.slice(0, rules.indexOf(text)).split('\n').length;

// One case after another: run at once (each has a project of its own) they took 53 s instead
// of 62 s on two cores, the CPU being the limit, and each case many times longer.
describe('the live rules judged by what they let through', () => {
  it.each(Object.entries(refused))(
    'refuse %s, naming each failing check and the statement that allows it',
    async (project, names) => {
      const rules = refusedRules(names);
      const { refusal, report } = await deployCheck(project);
      for (const name of names) {
        const { check, statement } = blockOf(name);
        const failure = report?.failures.find((candidate) => candidate.check === check);
        expect(failure, `${name}: ${check} among ${String(report?.failures.length)} failures`).toBeDefined();
        expect(failure?.allowedBy?.text, name).toBe(statement);
        expect(failure?.allowedBy?.line, name).toBe(lineOf(rules, statement));
        expect(refusal?.reason).toContain(`line ${String(lineOf(rules, statement))} \`${statement}\` lets through:`);
      }
      expect(refusal?.reason).toMatch(/✖ .* may not /);
      expect(refusal?.fix).toMatch(/^In the app's rules file, narrow each statement named above/);
      // Nothing the site itself needs is lost by the additions.
      expect(failed(report?.failures.filter(({ expect: wanted }) => wanted === 'allowed'))).toEqual([]);
    },
    60_000,
  );

  it("accept the repository's own rules and the app's rules merged with the site's part", async () => {
    for (const project of ['ours', 'merged']) {
      const { refusal, report } = await deployCheck(project);
      expect(failed(report?.failures), project).toEqual([]);
      expect(report?.checks).toBeGreaterThan(400);
      expect(refusal).toBeUndefined();
    }
  }, 60_000);

  it("refuse the previous site's rules, which refuse every message of the new form", async () => {
    const { refusal } = await deployCheck('previous-site');
    expect(refusal?.reason).toMatch(/refuse the site's contact message/);
    expect(refusal?.reason).toContain("✖ a visitor may create the site's contact message: the rules refused it");
    expect(refusal?.fix).toMatch(
      /^merge the Mail block and the functions of firestore.rules into the app's rules file/,
    );
  }, 60_000);

  it("refuse the app's rules alone, without the site's part", async () => {
    const { refusal } = await deployCheck('app-only');
    expect(refusal?.reason).toMatch(/refuse the site's contact message/);
  }, 60_000);

  it('refuse rules open to everyone, in test mode or with if true beside the site’s part', async () => {
    for (const project of ['test-mode', 'open-beside-ours']) {
      const { refusal } = await deployCheck(project);
      expect(refusal?.reason, project).toMatch(
        /let anyone, signed in or not, read or write documents of any collection/,
      );
      expect(refusal?.reason).toContain(
        '✖ an anonymous visitor may not read a document of a collection the site does not know',
      );
      expect(refusal?.reason).toMatch(
        /line \d+ `allow read, write: if (true|request\.time < timestamp\.date\(2099, 12, 25\));` lets through:/,
      );
      expect(refusal?.fix).toMatch(/^Close them/);
    }
  }, 120_000);
});
