import { describe, expect, it } from 'vitest';
import { oobCodesUrl, siteActionLink } from './auth-emails.ts';

const emulatorLink = (mode: string) =>
  `http://127.0.0.1:9099/emulator/action?mode=${mode}&lang=en&oobCode=Xy_z-1&apiKey=fake-api-key&continueUrl=http%3A%2F%2F127.0.0.1%3A5000%2F`;

describe('siteActionLink', () => {
  it('points the emulator’s link at the site’s action page, keeping its query', () => {
    expect(siteActionLink(emulatorLink('resetPassword'), 'http://127.0.0.1:5000')).toBe(
      'http://127.0.0.1:5000/email-verification?mode=resetPassword&lang=en&oobCode=Xy_z-1&apiKey=fake-api-key&continueUrl=http%3A%2F%2F127.0.0.1%3A5000%2F',
    );
  });

  it('leaves out the links the site does not handle', () => {
    expect(siteActionLink(emulatorLink('signIn'), 'http://127.0.0.1:5000')).toBeUndefined();
    expect(siteActionLink('http://127.0.0.1:9099/emulator/action', 'http://127.0.0.1:5000')).toBeUndefined();
  });

  it('reads the emulator’s list for the demo project', () => {
    expect(oobCodesUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/emulator\/v1\/projects\/demo-[\w-]+\/oobCodes$/);
  });
});
