import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codebase,
  functionClashes,
  hostingSite,
  liveFirestoreRules,
  openToEveryone,
  ourFunctionNames,
  rulesRefusal,
  type DeployApis,
} from './deploy-checks.ts';
import { root } from './project.ts';

// The deploy's checks against a local stand-in for the Rules API and the Cloud Functions API
// (the same requests, paths and answers as Google's), one project per case.

const ours = readFileSync(join(root, 'firestore.rules'), 'utf8');
const appRules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /users/{uid} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
  }
}`;
/** The app's rules with the site's part merged in, as README says to do. */
// (A function as the replacement: the rules hold `$'`, which a replacement string would expand.)
const merged = appRules.replace(
  'match /databases/{database}/documents {',
  () =>
    `match /databases/{database}/documents {\n${/match \/Mail[\s\S]*?\n {4}\}\n/.exec(ours)?.[0] ?? ''}\n${/ {4}\/\/ Exactly the document[\s\S]*(?=\n {2}\}\n\}\s*$)/.exec(ours)?.[0] ?? ''}`,
);
/** The previous site's rules: a message as `to` and `message.html`, rendered as it was written. */
const previousSite = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /Mail/{mailId} {
      allow create: if request.resource.data.keys().hasOnly(['to', 'message'])
        && request.resource.data.message.html is string;
    }
  }
}`;
const testMode = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} {
      allow read, write: if request.time < timestamp.date(2026, 12, 25);
    }
  }
}`;
const openToAll = testMode.replace('if request.time < timestamp.date(2026, 12, 25)', 'if true');

/** Each project's live rules (undefined: none released) and functions, as the stand-in answers. */
const projects: Record<
  string,
  { rules?: string; functions: Array<{ id: string; region: string; codebase?: string }> }
> = {
  'p-merged': { rules: merged, functions: [{ id: 'sendContactMail', region: 'europe-west1', codebase }] },
  'p-previous': { rules: previousSite, functions: [] },
  'p-test-mode': { rules: `${testMode}\n${merged}`, functions: [] },
  'p-open': { rules: openToAll, functions: [] },
  'p-none': { functions: [] },
  'p-foreign': {
    rules: merged,
    functions: [
      { id: 'sendContactMail', region: 'europe-west1' },
      { id: 'exportMemberData', region: 'us-central1' },
      { id: 'onNewCatch', region: 'europe-west1', codebase: 'default' },
    ],
  },
};

let server: Server;
let apis: DeployApis;
const requests: string[] = [];

/** What the stand-in answers a request: the status and the JSON body Google's APIs would send. */
function answer(url: URL, authorization: string | undefined): [number, unknown] {
  if (authorization !== 'Bearer test-token') return [401, { error: { code: 401 } }];
  let found = /^\/v1\/projects\/([\w-]+)\/releases\/cloud\.firestore$/.exec(url.pathname);
  if (found) {
    const project = found[1] ?? '';
    return projects[project]?.rules === undefined
      ? [404, { error: { code: 404, status: 'NOT_FOUND' } }]
      : [200, { name: url.pathname.slice(4), rulesetName: `projects/${project}/rulesets/r1` }];
  }
  found = /^\/v1\/projects\/([\w-]+)\/rulesets\/r1$/.exec(url.pathname);
  if (found) {
    const rules = projects[found[1] ?? '']?.rules ?? '';
    return [200, { source: { files: [{ name: 'firestore.rules', content: rules }] } }];
  }
  found = /^\/v2\/projects\/([\w-]+)\/locations\/-\/functions$/.exec(url.pathname);
  if (found) {
    const project = found[1] ?? '';
    const all = (projects[project]?.functions ?? []).map(({ id, region, codebase: label }) => ({
      name: `projects/${project}/locations/${region}/functions/${id}`,
      labels: { 'deployment-tool': 'cli-firebase', ...(label ? { 'firebase-functions-codebase': label } : {}) },
    }));
    // Two pages, as the API may answer.
    return url.searchParams.get('pageToken') === 'next'
      ? [200, { functions: all.slice(1) }]
      : [200, { functions: all.slice(0, 1), nextPageToken: 'next' }];
  }
  return [404, { error: { code: 404 } }];
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(url.pathname);
    const [status, body] = answer(url, request.headers.authorization);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  apis = { rulesOrigin: origin, functionsOrigin: origin, token: 'test-token' };
});
afterAll(() => {
  server.close();
});

const rulesCheck = async (project: string) => rulesRefusal(await liveFirestoreRules(apis, project), ours, project);

describe('the live Firestore rules', () => {
  it("let the deploy go on when they hold the site's part as firestore.rules has it", async () => {
    expect(await rulesCheck('p-merged')).toBeUndefined();
  });

  it("refuse the previous site's rules, which would deny every message of the new form", async () => {
    const refusal = await rulesCheck('p-previous');
    expect(refusal?.reason).toMatch(/do not hold this site's part/);
    expect(refusal?.fix).toMatch(/merge the Mail block .* --with-rules/);
  });

  it('refuse rules open to everyone, in test mode or with if true, even beside the site’s part', async () => {
    for (const project of ['p-test-mode', 'p-open']) expect((await rulesCheck(project))?.reason).toMatch(/everyone/);
  });

  it('refuse a project with no rules released', async () => {
    expect((await rulesCheck('p-none'))?.reason).toMatch(/no Firestore rules released/);
  });

  it('know an open rule from a closed one', () => {
    expect(openToEveryone(ours)).toBe(false);
    expect(openToEveryone(appRules)).toBe(false);
    expect(openToEveryone(testMode)).toBe(true);
    expect(openToEveryone(openToAll)).toBe(true);
  });
});

describe("the project's functions", () => {
  it('are this codebase’s index.ts exports', () => {
    expect(ourFunctionNames().sort()).toEqual(
      ['cleanUpDeletedAccount', 'exportMemberData', 'retryContactMail', 'sendContactMail'].sort(),
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
