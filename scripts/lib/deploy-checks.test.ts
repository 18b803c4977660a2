import { readFirebaseJson } from './firebase-config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codebase,
  functionClashes,
  hostingSite,
  serviceWorkerCacheRefusal,
  liveFirestoreRules,
  ourFunctionNames,
  rulesRefusal,
  type DeployApis,
  type RulesJudge,
} from './deploy-checks.ts';
import { mergedRules, startGoogleApisStandIn, type StandInProject } from './google-apis-stand-in.ts';
import type { RulesReport } from './rules-checks.ts';
import { allowStatements } from './rules-text.ts';

// The deploy's checks against a local stand-in for the Rules API and the Cloud Functions API
// (the same requests, paths and answers as Google's), one project per case. What the live
// rules let through is judged in the Firestore emulator: tests/emulators/deploy-rules.test.ts
// runs those cases; here the judge is a stand-in too, to test what the deploy makes of it.

const wildcard = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} {
      allow read, write: if request.auth != null;
    }
  }
}`;

/** Each project's live rules (undefined: none released) and functions, as the stand-in answers. */
const projects: Record<string, StandInProject> = {
  'p-merged': { rules: mergedRules, functions: [{ id: 'sendContactMail', region: 'europe-west1', codebase }] },
  'p-wildcard': { rules: wildcard, functions: [] },
  'p-none': { functions: [] },
  'p-foreign': {
    rules: mergedRules,
    functions: [
      { id: 'sendContactMail', region: 'europe-west1' },
      { id: 'exportMemberData', region: 'us-central1' },
      { id: 'onNewCatch', region: 'europe-west1', codebase: 'default' },
    ],
  },
};

let apis: DeployApis;
let requests: string[];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ apis, requests, close } = await startGoogleApisStandIn(projects));
});
afterAll(async () => {
  await close();
});

const passing: RulesReport = { checks: 500, failures: [], statementsTried: 0, traceBudget: 2000 };
/** A judge that reports what the emulator would for a wildcard open to every member. */
const wildcardJudge: RulesJudge = (rules) => {
  const statement = allowStatements(rules)[0];
  return Promise.resolve({
    ...passing,
    failures: [
      {
        check: 'a signed-in member may not update Mail/x (its delivery, to RETRY)',
        topic: 'mail',
        expect: 'refused',
        detail: 'the rules let it through',
        traced: true,
        ...(statement ? { allowedBy: statement } : {}),
      },
    ],
    statementsTried: 1,
  });
};

describe('the live Firestore rules', () => {
  it('are handed to the judge as the Rules API has them, and pass when the judge finds nothing', async () => {
    const judged: string[] = [];
    const judge: RulesJudge = (rules) => {
      judged.push(rules);
      return Promise.resolve(passing);
    };
    expect(await rulesRefusal(await liveFirestoreRules(apis, 'p-merged'), 'p-merged', judge)).toBeUndefined();
    expect(judged).toEqual([mergedRules]);
  });

  it('are refused with the failing check and the statement that let it through, line and text', async () => {
    const refusal = await rulesRefusal(await liveFirestoreRules(apis, 'p-wildcard'), 'p-wildcard', wildcardJudge);
    expect(refusal?.reason).toContain('let a client read, change or delete contact messages');
    expect(refusal?.reason).toContain('line 5 `allow read, write: if request.auth != null;` lets through:');
    expect(refusal?.reason).toContain('✖ a signed-in member may not update Mail/x (its delivery, to RETRY)');
    expect(refusal?.fix).toMatch(/narrow each statement named above .* npm run rules:check -- <that file>/);
  });

  it('refuse a project with no rules released, without judging anything', async () => {
    const judge: RulesJudge = () => Promise.reject(new Error('nothing to judge'));
    expect((await rulesRefusal(await liveFirestoreRules(apis, 'p-none'), 'p-none', judge))?.reason).toMatch(
      /no Firestore rules released/,
    );
  });

  it('are refused, saying why, when the emulator cannot judge them', async () => {
    const judge: RulesJudge = () => Promise.reject(new Error('the Firestore emulator could not start'));
    const refusal = await rulesRefusal(await liveFirestoreRules(apis, 'p-merged'), 'p-merged', judge);
    expect(refusal?.reason).toMatch(/could not be checked: the Firestore emulator could not start/);
  });
});

describe("the project's functions", () => {
  it('are this codebase’s index.ts exports', () => {
    expect(ourFunctionNames().sort()).toEqual(
      [
        'cleanUpDeletedAccount',
        'exportMemberData',
        'retryContactMail',
        'sendContactMail',
        'sendHelpReport',
        'siteNotice',
      ].sort(),
    );
  });

  it('refuse a function of another codebase with one of our names in our region, across pages', async () => {
    const refusals = await functionClashes(apis, 'p-foreign', 'europe-west1', ourFunctionNames());
    expect(refusals).toHaveLength(1);
    expect(refusals[0]?.reason).toMatch(/sendContactMail in europe-west1 .*codebase "default"/);
  });

  it('let our own functions be replaced', async () => {
    expect(await functionClashes(apis, 'p-merged', 'europe-west1', ourFunctionNames())).toEqual([]);
  });
});

describe('the Hosting site', () => {
  it('must be named; the default site only when the operator says so', () => {
    const refusal = hostingSite(['--project', 'p'], {}, 'p');
    expect(typeof refusal === 'object' && refusal.reason).toMatch(/No Hosting site named/);
    expect(hostingSite(['--site', 'fishing-site'], {}, 'p')).toBe('fishing-site');
    expect(hostingSite([], { SITE_ID: 'from-env' }, 'p')).toBe('from-env');
    expect(hostingSite(['--site', 'default'], {}, 'p')).toBe('p');
    expect(typeof hostingSite(['--site', '--with-rules'], {}, 'p')).toBe('object');
  });
});

it('asked the stand-in with the token, for every call', () => {
  expect(requests.length).toBeGreaterThan(0);
});

describe("the service worker's file", () => {
  const rule = (value: string) => [{ source: '/service-worker.js', headers: [{ key: 'Cache-Control', value }] }];

  it('passes when firebase.json serves it with no-store, as it does', () => {
    expect(serviceWorkerCacheRefusal(readFirebaseJson().hosting.headers ?? [], '/service-worker.js')).toBeUndefined();
    expect(serviceWorkerCacheRefusal(rule('no-cache, no-store'), '/service-worker.js')).toBeUndefined();
  });

  it('refuses a deploy that lets the CDN or the browser keep it', () => {
    expect(serviceWorkerCacheRefusal(rule('no-cache'), '/service-worker.js')?.reason).toMatch(/no-store/);
    expect(serviceWorkerCacheRefusal([], '/service-worker.js')?.reason).toMatch(/it says nothing/);
  });
});
