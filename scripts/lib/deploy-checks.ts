// What `npm run deploy` checks in the project before it changes anything there, so a deploy
// into the app's own project cannot silently stop the contact form or replace what is the
// app's: the Firestore rules that are live (the Rules API), the functions that exist (the
// Cloud Functions API), and which Hosting site the files go to. Each check reads only; a
// refusal says exactly why and the command that fixes it. The APIs' addresses and the access
// token are passed in, so the tests answer them with a local stand-in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './project.ts';

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

/** Rules text without its comments and with one space for any run of white space. */
function normalized(rules: string): string {
  return rules
    .split('\n')
    .map((line) => line.replace(/^\s*\/\/.*$/, ''))
    .join('\n')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The block that starts at `start` (the index of its `{`), braces balanced, strings skipped. */
function blockAt(text: string, start: number): string {
  let depth = 0;
  let quote: string | undefined;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === '\\') index++;
      else if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return text.slice(start, index + 1);
  }
  return text.slice(start);
}

/**
 * The site's part of a rules file: its `match /Mail/{…}` block and every function that file
 * defines, each as normalized text.
 */
export function sitePart(rules: string): string[] {
  const parts: string[] = [];
  for (const found of rules.matchAll(/match \/Mail\/\{\w+\} \{|function \w+\([^)]*\) \{/g)) {
    parts.push(normalized(found[0].slice(0, -1) + blockAt(rules, found.index + found[0].length - 1)));
  }
  return parts;
}

/**
 * Whether rules let everyone read or write every document: a recursive match (`/{document=**}`)
 * that allows without a condition, with `if true`, or until a date (Firestore's "test mode").
 */
export function openToEveryone(rules: string): boolean {
  const text = normalized(rules);
  for (const found of text.matchAll(/match \/\{\w+=\*\*\} \{/g)) {
    const block = blockAt(text, found.index + found[0].length - 1);
    for (const allow of block.matchAll(/allow [\w ,]+(?::\s*if ([^;]*))?;/g)) {
      const condition = allow[1]?.trim();
      if (condition === undefined || condition === 'true' || /^request\.time < timestamp\.date\(/.test(condition))
        return true;
    }
  }
  return false;
}

/**
 * Whether the live rules let the deploy go on without `--with-rules`: they must hold the site's
 * part as `firestore.rules` has it (else every visitor's message would be refused, or a script
 * could write a shape the function no longer expects), and must not be open to everyone.
 */
export function rulesRefusal(live: string | undefined, ours: string, project: string): Refusal | undefined {
  const withRules = `npm run deploy -- --project ${project} --with-rules (only for a project without app data)`;
  const merge =
    "merge the Mail block and the functions of firestore.rules into the app's rules file, deploy that, and run this again; or";
  if (live === undefined) {
    return {
      reason: 'The project has no Firestore rules released: the contact form could not write.',
      fix: `${merge} ${withRules}`,
    };
  }
  if (openToEveryone(live)) {
    return {
      reason:
        'The live Firestore rules let everyone read and write every document (open, or "test mode" until a date): anyone can read the app\'s data and the contact messages.',
      fix: `Close them: ${merge} ${withRules}`,
    };
  }
  const have = new Set(sitePart(live));
  const missing = sitePart(ours).filter((part) => !have.has(part));
  if (missing.length > 0) {
    const first = missing[0]?.slice(0, 60) ?? '';
    return {
      reason: `The live Firestore rules do not hold this site's part as firestore.rules has it (${String(missing.length)} of its blocks differ or are missing, the first: "${first}…"): the new contact form's messages would be refused, or an older shape let through.`,
      fix: `${merge} ${withRules}`,
    };
  }
  return undefined;
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
