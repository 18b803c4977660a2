// The two files that let a phone open the app for the site's links instead of the browser,
// made from the site's facts (config/site.ts appLinks) and the route table: Android's Digital Asset
// Links (App Links) and Apple's app-site association (Universal Links). The links that should
// open the app are the ones in account emails: the email action page, in every language.
import { languages } from '../config/languages';
import { localizedPath, paths } from '../config/paths';
import { appLinks } from '../config/site';

export const assetLinksPath = '/.well-known/assetlinks.json';
/** No file extension and served as application/json, as iOS requires (firebase.json). */
export const appleAssociationPath = '/.well-known/apple-app-site-association';

/** The addresses the app handles: the email action page in every language. */
export const appLinkPaths: readonly string[] = languages.map((language) =>
  localizedPath(paths.emailVerification, language),
);

const fingerprint = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;
const teamId = /^[A-Z0-9]{10}$/;

/** The facts the two files are made of (config/site.ts's appLinks, or a test's). */
export type AppFacts = {
  androidPackage: string;
  androidCertificateSha256: readonly string[];
  appleTeamId: string;
  iosBundleId: string;
};

/** Android: the app with this package, signed with these certificates, may handle the site's links. */
export function assetLinks(app: AppFacts = appLinks) {
  const bad = app.androidCertificateSha256.filter((value) => !fingerprint.test(value));
  if (bad.length > 0 || app.androidCertificateSha256.length === 0)
    throw new Error(`appLinks.androidCertificateSha256 needs SHA-256 fingerprints like AA:BB:…; got ${bad.join(', ')}`);
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: app.androidPackage,
        sha256_cert_fingerprints: [...app.androidCertificateSha256],
      },
    },
  ];
}

/**
 * iOS: the app may open the email action links, that is the action page's addresses when they
 * carry a code (`?oobCode=…`). The page opened without one (where the app sends members after
 * verifying) stays on the web.
 */
export function appleAppSiteAssociation(app: AppFacts = appLinks) {
  if (!teamId.test(app.appleTeamId)) throw new Error(`appLinks.appleTeamId must be 10 letters or digits`);
  return {
    applinks: {
      details: [
        {
          appIDs: [`${app.appleTeamId}.${app.iosBundleId}`],
          components: appLinkPaths.map((path) => ({
            '/': path,
            '?': { oobCode: '?*' },
            comment: 'Account email links (Firebase Auth email actions)',
          })),
        },
      ],
    },
  };
}

/** Each file's address under the site's root and its JSON. */
export function wellKnownFiles(): Array<{ path: string; json: string }> {
  return [
    { path: assetLinksPath, json: `${JSON.stringify(assetLinks(), null, 2)}\n` },
    { path: appleAssociationPath, json: `${JSON.stringify(appleAppSiteAssociation(), null, 2)}\n` },
  ];
}
