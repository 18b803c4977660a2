// A local stand-in for the Google APIs `npm run deploy` reads before it changes anything (the
// Rules API's release and ruleset, the Cloud Functions API's list, in two pages), answering
// the same paths with the same JSON for made-up projects; and sample rules files a project
// may have live. The deploy checks' unit tests (deploy-checks.test.ts) and the live rules'
// emulator tests (tests/emulators/deploy-rules.test.ts) both run against it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { DeployApis } from './deploy-checks.ts';
import { root } from './project.ts';

/** What the stand-in holds for one project: its live rules (none released: undefined) and functions. */
export type StandInProject = {
  rules?: string;
  functions: Array<{ id: string; region: string; codebase?: string }>;
};

/** The token the stand-in accepts; any other is answered 401. */
export const standInToken = 'test-token';

/** A status and the JSON body sent with it. */
type Answer = [number, unknown];
type Projects = Record<string, StandInProject>;

/** The project's release of its Firestore rules: none when it has no rules live. */
function release(projects: Projects, project: string, url: URL): Answer {
  return projects[project]?.rules === undefined
    ? [404, { error: { code: 404, status: 'NOT_FOUND' } }]
    : [200, { name: url.pathname.slice(4), rulesetName: `projects/${project}/rulesets/r1` }];
}

/** The ruleset the release names, holding the project's rules file. */
function ruleset(projects: Projects, project: string): Answer {
  const rules = projects[project]?.rules ?? '';
  return [200, { source: { files: [{ name: 'firestore.rules', content: rules }] } }];
}

/** The project's functions, labelled as the Firebase CLI deploys them. */
function functionsList(projects: Projects, project: string, url: URL): Answer {
  const all = (projects[project]?.functions ?? []).map(({ id, region, codebase: label }) => ({
    name: `projects/${project}/locations/${region}/functions/${id}`,
    labels: { 'deployment-tool': 'cli-firebase', ...(label ? { 'firebase-functions-codebase': label } : {}) },
  }));
  // Two pages, as the API may answer.
  return url.searchParams.get('pageToken') === 'next'
    ? [200, { functions: all.slice(1) }]
    : [200, { functions: all.slice(0, 1), nextPageToken: 'next' }];
}

/** The paths the stand-in answers, each with the project it names as its first group. */
const routes: Array<[RegExp, (projects: Projects, project: string, url: URL) => Answer]> = [
  [/^\/v1\/projects\/([\w-]+)\/releases\/cloud\.firestore$/, release],
  [/^\/v1\/projects\/([\w-]+)\/rulesets\/r1$/, ruleset],
  [/^\/v2\/projects\/([\w-]+)\/locations\/-\/functions$/, functionsList],
];

/** The status and JSON body Google's APIs would answer a request with. */
function answer(projects: Projects, url: URL, authorization: string | undefined): Answer {
  if (authorization !== `Bearer ${standInToken}`) return [401, { error: { code: 401 } }];
  for (const [path, answerFor] of routes) {
    const found = path.exec(url.pathname);
    if (found) return answerFor(projects, found[1] ?? '', url);
  }
  return [404, { error: { code: 404 } }];
}

/** Starts the stand-in on a free loopback port for these projects. */
export async function startGoogleApisStandIn(
  projects: Record<string, StandInProject>,
): Promise<{ apis: DeployApis; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(url.pathname);
    const [status, body] = answer(projects, url, request.headers.authorization);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    apis: { rulesOrigin: origin, functionsOrigin: origin, token: standInToken },
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The repository's own rules. */
export const ourRules = readFileSync(join(root, 'firestore.rules'), 'utf8');

/** An app's rules: each member reads and writes their own profile. */
export const appRules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /users/{uid} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
  }
}`;

const documentsBlock = 'match /databases/{database}/documents {';

/** `rules` with `statements` (match blocks) added at the top of its documents block. */
export function withAppStatements(rules: string, statements: string): string {
  // A function as the replacement: the rules hold `$'`, which a replacement string would expand.
  return rules.replace(documentsBlock, () => `${documentsBlock}\n${statements}\n`);
}

/**
 * The app's rules with the site's part merged in, as docs/operating.md says to do: the Mail and HelpSignals
 * blocks and the functions they call, the catch-all left out (the app's rules decide the rest).
 */
export const mergedRules = withAppStatements(
  appRules,
  `${/ {4}\/\/ Contact messages[\s\S]*?\n {4}\}\n\n {4}\/\/ What the help centre writes[\s\S]*?\n {4}\}\n/.exec(ourRules)?.[0] ?? ''}\n${/ {4}\/\/ Exactly the document[\s\S]*(?=\n {2}\}\n\}\s*$)/.exec(ourRules)?.[0] ?? ''}`,
);

/** The previous site's rules: a message as `to` and `message.html`, rendered as it was written. */
export const previousSiteRules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /Mail/{mailId} {
      allow create: if request.resource.data.keys().hasOnly(['to', 'message'])
        && request.resource.data.message.html is string;
    }
  }
}`;

/** Firebase's "test mode": everything to everyone until a date (a future one here). */
export const testModeRules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} {
      allow read, write: if request.time < timestamp.date(2099, 12, 25);
    }
  }
}`;
