import { describe, expect, it } from 'vitest';
import { appLinks } from '../config/site';
import { appLinkPaths, appleAppSiteAssociation, assetLinks, wellKnownFiles, type AppFacts } from './app-links';

const facts: AppFacts = {
  androidPackage: 'com.example.app',
  androidCertificateSha256: [Array.from({ length: 32 }, () => '0F').join(':')],
  appleTeamId: 'TEAM123456',
  iosBundleId: 'com.example.app',
};

describe('app links', () => {
  it('hands the email action page to the app, in every language', () => {
    expect(appLinkPaths).toEqual(['/email-verification', '/it/email-verification']);
  });

  it('names the Android app and its signing certificates', () => {
    expect(assetLinks(facts)).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'com.example.app',
          sha256_cert_fingerprints: facts.androidCertificateSha256,
        },
      },
    ]);
  });

  it('gives iOS the action links that carry a code', () => {
    const { details } = appleAppSiteAssociation(facts).applinks;
    expect(details).toHaveLength(1);
    expect(details[0]?.appIDs).toEqual(['TEAM123456.com.example.app']);
    expect(details[0]?.components.map((component) => [component['/'], component['?']])).toEqual([
      ['/email-verification', { oobCode: '?*' }],
      ['/it/email-verification', { oobCode: '?*' }],
    ]);
  });

  it('refuses facts the stores would reject', () => {
    expect(() => assetLinks({ ...facts, androidCertificateSha256: ['AB:CD'] })).toThrow(/SHA-256/);
    expect(() => assetLinks({ ...facts, androidCertificateSha256: [] })).toThrow(/SHA-256/);
    expect(() => appleAppSiteAssociation({ ...facts, appleTeamId: 'short' })).toThrow(/team/i);
  });

  it('writes both files as JSON from the site’s facts', () => {
    const files = wellKnownFiles();
    expect(files.map((file) => file.path)).toEqual([
      '/.well-known/assetlinks.json',
      '/.well-known/apple-app-site-association',
    ]);
    expect(JSON.parse(files[0]?.json ?? '')).toEqual(assetLinks(appLinks));
    expect(JSON.parse(files[1]?.json ?? '')).toEqual(appleAppSiteAssociation(appLinks));
  });
});
