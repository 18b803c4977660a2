import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  googleTokenUrl,
  parseSmtpAuthMethod,
  readMailConfig,
  smtpOAuthClientId,
  smtpOAuthClientSecret,
  smtpOAuthRefreshToken,
  smtpPassword,
  smtpSecrets,
} from './config.js';
import { allSmtpSecretNames } from './smtp-secrets.js';

// The login the parameters choose, and which secrets reading them touches. At run time a
// parameter's value is the environment variable of its name (the deploy sets every one).

const settings = {
  SMTP_HOST: 'smtp.example.com',
  SMTP_PORT: '587',
  SMTP_SECURE: 'false',
  MAIL_FROM: 'Support <no-reply@example.com>',
  SUPPORT_EMAIL: 'support@example.com',
  MAIL_LIMIT_PER_SENDER_PER_HOUR: '5',
  MAIL_LIMIT_PER_HOUR: '100',
  MAIL_RETENTION_MONTHS: '12',
  SMTP_PASSWORD: 'the-password',
  SMTP_OAUTH_CLIENT_ID: 'the-client-id',
  SMTP_OAUTH_CLIENT_SECRET: 'the-client-secret',
  SMTP_OAUTH_REFRESH_TOKEN: 'the-refresh-token',
};

const secretParams = [smtpPassword, smtpOAuthClientId, smtpOAuthClientSecret, smtpOAuthRefreshToken];

/** Reads the configuration with these parameters set; returns it and the secrets read. */
function read(params: Record<string, string>) {
  for (const [name, value] of Object.entries({ ...settings, ...params })) vi.stubEnv(name, value);
  const spies = secretParams.map((secret) => vi.spyOn(secret, 'value'));
  const config = readMailConfig();
  const secretsRead = secretParams.filter((_, index) => spies[index]?.mock.calls.length).map(({ name }) => name);
  return { config, secretsRead };
}

beforeEach(() => {
  for (const name of ['SMTP_AUTH', 'SMTP_USER', 'SMTP_OAUTH_TOKEN_URL', 'SMTP_OAUTH_SCOPE']) vi.stubEnv(name, '');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('the SMTP secrets', () => {
  it('are declared once each, under the names the emulator scripts write', () => {
    expect(smtpSecrets.map(({ name }) => name)).toEqual([...allSmtpSecretNames]);
    expect(allSmtpSecretNames).toEqual([
      'SMTP_PASSWORD',
      'SMTP_OAUTH_CLIENT_ID',
      'SMTP_OAUTH_CLIENT_SECRET',
      'SMTP_OAUTH_REFRESH_TOKEN',
    ]);
  });
});

describe('readMailConfig', () => {
  it('logs in nowhere when SMTP_USER is empty, and reads no secret', () => {
    const { config, secretsRead } = read({});
    expect(config.smtp).toEqual({ host: 'smtp.example.com', port: 587, secure: false, auth: { method: 'none' } });
    expect(secretsRead).toEqual([]);
  });

  it('logs in with the password by default, reading only SMTP_PASSWORD', () => {
    const { config, secretsRead } = read({ SMTP_USER: 'support@example.com' });
    expect(config.smtp.auth).toEqual({ method: 'password', user: 'support@example.com', password: 'the-password' });
    expect(secretsRead).toEqual(['SMTP_PASSWORD']);
  });

  it('logs in with OAuth2 when SMTP_AUTH says so, reading only the OAuth2 secrets', () => {
    const { config, secretsRead } = read({
      SMTP_AUTH: 'oauth2',
      SMTP_USER: 'support@example.com',
      SMTP_OAUTH_TOKEN_URL: 'https://login.microsoftonline.com/tenant/oauth2/v2.0/token',
      SMTP_OAUTH_SCOPE: ' https://outlook.office.com/SMTP.Send offline_access ',
    });
    expect(config.smtp.auth).toEqual({
      method: 'oauth2',
      user: 'support@example.com',
      clientId: 'the-client-id',
      clientSecret: 'the-client-secret',
      refreshToken: 'the-refresh-token',
      tokenUrl: 'https://login.microsoftonline.com/tenant/oauth2/v2.0/token',
      scope: 'https://outlook.office.com/SMTP.Send offline_access',
    });
    expect(secretsRead).toEqual(['SMTP_OAUTH_CLIENT_ID', 'SMTP_OAUTH_CLIENT_SECRET', 'SMTP_OAUTH_REFRESH_TOKEN']);
  });

  it("uses Google's token endpoint and no scope unless told otherwise", () => {
    const { config } = read({ SMTP_AUTH: 'oauth2', SMTP_USER: 'support@example.com' });
    expect(config.smtp.auth).toMatchObject({ method: 'oauth2', tokenUrl: googleTokenUrl, scope: '' });
  });

  it('keeps the rest of the configuration as it was', () => {
    const { config } = read({});
    expect(config).toMatchObject({
      from: 'Support <no-reply@example.com>',
      supportEmail: 'support@example.com',
      limits: { perSenderPerHour: 5, perHour: 100 },
      retentionMonths: 12,
    });
  });
});

describe('parseSmtpAuthMethod', () => {
  it.each([
    ['password', 'password'],
    ['', 'password'],
    ['oauth2', 'oauth2'],
    [' OAuth2 ', 'oauth2'],
  ])('reads %j as %s', (value, method) => {
    expect(parseSmtpAuthMethod(value)).toBe(method);
  });

  it('refuses an unknown method, naming the ones there are', () => {
    expect(() => parseSmtpAuthMethod('xoauth')).toThrow('SMTP_AUTH must be one of password, oauth2; it is "xoauth"');
  });
});
