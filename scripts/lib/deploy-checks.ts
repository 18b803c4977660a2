// What `npm run deploy` checks in the project before it changes anything there, so a deploy
// into the app's own project cannot silently stop the contact form, open the contact messages
// or replace what is the app's: the Firestore rules that are live (the Rules API; judged by
// what they let through in a Firestore emulator), the functions that exist (the Cloud
// Functions API), and which Hosting site the files go to. Each check reads only; a
// refusal says exactly why and the command that fixes it. The APIs' addresses and the access
// token are passed in, so the tests answer them with a local stand-in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './project.ts';
import type { RulesReport } from './rules-checks.ts';
import { describeRulesFailures } from './rules-report.ts';

/** Where the Google APIs are, and the operator's access token for them. */
export type DeployApis = { rulesOrigin: string; functionsOrigin: string; token: string };

export const googleApis = {
  rulesOrigin: 'https://firebaserules.googleapis.com',
  functionsOrigin: 'https://cloudfunctions.googleapis.com',
};

/** Why the deploy stops, and what the operator does about it. */
export type Refusal = { reason: string; fix: string };

/** The functions' codebase in firebase.json: the deploy replaces only functions of this one. */
export const codebase = 'support-site';

async function getJson(apis: DeployApis, url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${apis.token}` } });
  const body: unknown = response.headers.get('content-type')?.includes('json') ? await response.json() : undefined;
  if (response.status !== 404 && !response.ok) {
    throw new Error(`${url} answered ${String(response.status)}: ${JSON.stringify(body ?? null).slice(0, 300)}`);
  }
  return { status: response.status, body };
}

/** The source of the project's live Firestore rules, or undefined when none were ever released. */
export async function liveFirestoreRules(apis: DeployApis, project: string): Promise<string | undefined> {
  const release = await getJson(apis, `${apis.rulesOrigin}/v1/projects/${project}/releases/cloud.firestore`);
  const rulesetName = (release.body as { rulesetName?: unknown } | undefined)?.rulesetName;
  if (release.status === 404 || typeof rulesetName !== 'string') return undefined;
  const ruleset = await getJson(apis, `${apis.rulesOrigin}/v1/${rulesetName}`);
  const files =
    (ruleset.body as { source?: { files?: Array<{ content?: unknown }> } } | undefined)?.source?.files ?? [];
  return files.map((file) => (typeof file.content === 'string' ? file.content : '')).join('\n');
}

/** Runs the site's rules checks on a rules text (scripts/lib/rules-checks.ts) and reports. */
export type RulesJudge = (rules: string) => Promise<RulesReport>;

/**
 * Whether the live rules let the deploy go on without `--with-rules`, judged by what they let
 * through, never by their text: Firestore grants a request when any `allow` matches, so an app
 * rule beside the site's block (`match /{document=**}` for every signed-in member, say) can
 * open the contact messages as surely as a missing block closes the form. `judge` runs the
 * site's rules checks on the live rules in a Firestore emulator; the refusal names each check
 * that failed and the statement that let it through.
 */
export async function rulesRefusal(
  live: string | undefined,
  project: string,
  judge: RulesJudge,
): Promise<Refusal | undefined> {
  const withRules = `npm run deploy -- --project ${project} --with-rules (only for a project without app data)`;
  const merge =
    "merge the Mail block and the functions of firestore.rules into the app's rules file, prove the merge with npm run rules:check -- <that file>, deploy it from the app's repository, and run this again; or";
  if (live === undefined) {
    return {
      reason: 'The project has no Firestore rules released: the contact form could not write.',
      fix: `${merge} ${withRules}`,
    };
  }
  let report: RulesReport;
  try {
    report = await judge(live);
  } catch (error) {
    return {
      reason: `The live Firestore rules could not be checked: ${error instanceof Error ? error.message : String(error)}`,
      fix: 'See that the Firestore emulator starts here (npm run rules:check -- firestore.rules), then run this again.',
    };
  }
  const reason = describeRulesFailures(report, 'The live Firestore rules');
  if (reason === undefined) return undefined;
  const open = report.failures.some(({ topic }) => topic === 'everyone');
  // Only an app's statement left to narrow: the site's part is there (its message goes through).
  const onlyNarrow = report.failures.every(({ expect }) => expect === 'refused');
  const narrow =
    "In the app's rules file, narrow each statement named above to the app's own collections (no wildcard match that reaches Mail or the functions' data), prove the file with npm run rules:check -- <that file>, deploy it from the app's repository, and run this again; or";
  return {
    reason,
    fix: open ? `Close them: ${merge} ${withRules}` : onlyNarrow ? `${narrow} ${withRules}` : `${merge} ${withRules}`,
  };
}

/** The functions index.ts exports, by name: the ones a deploy of this codebase creates or replaces. */
export function ourFunctionNames(index = readFileSync(join(root, 'functions', 'src', 'index.ts'), 'utf8')): string[] {
  return [...index.matchAll(/^export const (\w+) =/gm)].map((found) => found[1] ?? '');
}

type ListedFunction = { name?: string; labels?: Record<string, string> };

/**
 * The project's functions in `region` that have one of our names but belong to another
 * codebase (the app's, or deployed by other tools): deploying would replace them.
 */
export async function functionClashes(
  apis: DeployApis,
  project: string,
  region: string,
  names: readonly string[],
): Promise<Refusal[]> {
  const found: ListedFunction[] = [];
  let pageToken = '';
  do {
    const page = await getJson(
      apis,
      `${apis.functionsOrigin}/v2/projects/${project}/locations/-/functions?pageSize=1000${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`,
    );
    const body = (page.body ?? {}) as { functions?: ListedFunction[]; nextPageToken?: string };
    found.push(...(body.functions ?? []));
    pageToken = body.nextPageToken ?? '';
  } while (pageToken);
  return found.flatMap((listed) => {
    const [, , , location, , id] = (listed.name ?? '').split('/');
    const theirs = listed.labels?.['firebase-functions-codebase'] ?? 'default';
    if (location !== region || !id || !names.includes(id) || theirs === codebase) return [];
    return [
      {
        reason: `The project already has a function ${id} in ${region} that is not this site's (codebase "${theirs}"): deploying would replace it.`,
        fix: `Rename or move that function in the app's codebase (or rename this site's in functions/src/index.ts), then run this again.`,
      },
    ];
  });
}

/**
 * The Hosting site the files go to: `--site <id>`, or SITE_ID. The project's default site
 * (which the app's own pages may use) only when named, or as `--site default`.
 */
export function hostingSite(argv: readonly string[], env: NodeJS.ProcessEnv, project: string): string | Refusal {
  const index = argv.indexOf('--site');
  const named = (index >= 0 ? argv[index + 1] : undefined) ?? env.SITE_ID;
  if (!named || named.startsWith('--')) {
    return {
      reason:
        "No Hosting site named: a deploy replaces every file of the site it goes to, and the project's default site may be the app's.",
      fix: `npm run deploy -- --project ${project} --site <site-id> (a new site: firebase hosting:sites:create <site-id> --project ${project}); for the project's default site, say so: --site default`,
    };
  }
  return named === 'default' ? project : named;
}

/**
 * A refusal unless Hosting serves the service worker's file with `no-store`: a worker file kept
 * by the CDN or the browser would keep visitors on an old build (issue 78: a new deploy is picked
 * up without a stale site).
 */
export function serviceWorkerCacheRefusal(
  headers: readonly { source?: string; headers: readonly { key: string; value: string }[] }[],
  path: string,
): Refusal | undefined {
  const cacheControl = headers
    .filter((rule) => rule.source === path)
    .flatMap((rule) => rule.headers)
    .find((header) => header.key.toLowerCase() === 'cache-control')?.value;
  if (cacheControl?.split(',').some((directive) => directive.trim() === 'no-store')) return undefined;
  return {
    reason: `firebase.json serves ${path} without Cache-Control: no-store (it says ${cacheControl ?? 'nothing'}): visitors' browsers could keep an old service worker, and with it an old copy of the help centre.`,
    fix: `Give "${path}" its own rule in firebase.json's hosting.headers with Cache-Control "no-cache, no-store, must-revalidate".`,
  };
}
