import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageAsked } from './send-failures.js';
import type { SmtpAuth, SmtpSettings } from './transport.js';
import {
  closeTransport,
  getTransport,
  isLoopback,
  maxConnections,
  smtpTransportOptions,
  tokenRequestTimeoutMs,
} from './transport.js';

// The pooled transport of an instance: built on first use (building one opens no connection),
// shared while the settings stay, replaced when they change; and the nodemailer options each
// login method becomes.

const smtp: SmtpSettings = { host: '127.0.0.1', port: 2525, secure: false, auth: { method: 'none' } };

const oauth2: Extract<SmtpAuth, { method: 'oauth2' }> = {
  method: 'oauth2',
  user: 'support@example.com',
  clientId: 'client-id.apps.example',
  clientSecret: 'client-secret-value',
  refreshToken: 'refresh-token-value',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  scope: '',
};

afterEach(() => {
  closeTransport();
});

describe('smtpTransportOptions', () => {
  it('logs in to no server when the method is none', () => {
    const options = smtpTransportOptions(smtp);
    expect(options).toEqual({
      pool: true,
      maxConnections,
      host: '127.0.0.1',
      port: 2525,
      secure: false,
      requireTLS: false,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      logger: expect.any(Object) as unknown,
      transactionLog: true,
      debug: false,
    });
    expect(options).not.toHaveProperty('auth');
  });

  it('logs in with the user and password', () => {
    const options = smtpTransportOptions({
      ...smtp,
      port: 465,
      secure: true,
      auth: { method: 'password', user: 'support@example.com', password: 'p4ss' },
    });
    expect(options).toMatchObject({ port: 465, secure: true, pool: true, debug: false });
    expect(options.auth).toEqual({ user: 'support@example.com', pass: 'p4ss' });
  });

  it("logs in with XOAUTH2, the access token got at the settings' token endpoint", () => {
    const options = smtpTransportOptions({ ...smtp, auth: oauth2 });
    expect(options.auth).toEqual({
      type: 'OAuth2',
      user: 'support@example.com',
      clientId: 'client-id.apps.example',
      clientSecret: 'client-secret-value',
      refreshToken: 'refresh-token-value',
      accessUrl: 'https://oauth2.googleapis.com/token',
      requestTimeout: tokenRequestTimeoutMs,
    });
    expect(options).toMatchObject({ pool: true, maxConnections, debug: false });
  });

  it('sends the scope with the refresh only when one is set (Microsoft 365)', () => {
    const tokenUrl = 'https://login.microsoftonline.com/00000000-0000-0000-0000-000000000000/oauth2/v2.0/token';
    const scope = 'https://outlook.office.com/SMTP.Send offline_access';
    const options = smtpTransportOptions({ ...smtp, auth: { ...oauth2, tokenUrl, scope } });
    expect(options.auth).toMatchObject({ type: 'OAuth2', accessUrl: tokenUrl, customParams: { scope } });
  });

  it('lets nothing of nodemailer’s log out, whatever the method: its lines go to a tracker that keeps one flag', () => {
    const methods: SmtpAuth[] = [{ method: 'none' }, { method: 'password', user: 'u', password: 'p' }, oauth2];
    const written = vi.spyOn(process.stdout, 'write');
    const printed = vi.spyOn(console, 'log');
    for (const auth of methods) {
      const { logger, debug } = smtpTransportOptions({ ...smtp, auth });
      expect(debug).toBe(false);
      const log = logger as Record<string, (meta: unknown, ...rest: unknown[]) => void>;
      for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal']) {
        log[level]?.({ tnx: 'client' }, 'AUTH PLAIN AHVAcA==');
      }
    }
    expect(written).not.toHaveBeenCalled();
    expect(printed).not.toHaveBeenCalled();
    written.mockRestore();
    printed.mockRestore();
  });

  it('marks a failed send with whether the server had asked for its message (354) in that session', () => {
    const log = smtpTransportOptions(smtp).logger as Record<string, (meta: unknown, ...rest: unknown[]) => void>;
    const failAt = (reply?: string) => {
      const err: Record<string, unknown> = {};
      log.info?.({ tnx: 'send' }, 'Sending message %s using #%s to <%s>');
      log.debug?.({ tnx: 'server' }, '250 Accepted');
      if (reply) log.debug?.({ tnx: 'server' }, reply);
      log.error?.({ tnx: 'smtp', err }, '%s', 'Connection closed unexpectedly');
      return err[messageAsked];
    };
    expect(failAt()).toBe(false);
    expect(failAt('354 End data with <CR><LF>.<CR><LF>')).toBe(true);
    // The next send starts again from nothing.
    expect(failAt()).toBe(false);
  });

  it('gives the options to the transport it builds', () => {
    const transporter = getTransport({ ...smtp, auth: oauth2 });
    const options = (transporter.transporter as unknown as { options: { auth?: { type?: string; user?: string } } })
      .options;
    expect(options.auth).toMatchObject({ type: 'OAuth2', user: 'support@example.com' });
  });
});

describe('getTransport', () => {
  it('gives every invocation of the instance the same pooled transport', () => {
    const first = getTransport(smtp);
    expect(getTransport({ ...smtp })).toBe(first);
    expect(first.isIdle()).toBe(true); // a pool: isIdle exists only on pooled transports
  });

  it('builds a new transport when the settings change', () => {
    const first = getTransport(smtp);
    const withPassword: SmtpSettings = {
      ...smtp,
      auth: { method: 'password', user: 'support@example.com', password: 'rotated' },
    };
    const second = getTransport(withPassword);
    expect(second).not.toBe(first);
    expect(getTransport({ ...withPassword, auth: { ...withPassword.auth } })).toBe(second);
  });

  it('builds a new transport when a refresh token is rotated', () => {
    const first = getTransport({ ...smtp, auth: oauth2 });
    const second = getTransport({ ...smtp, auth: { ...oauth2, refreshToken: 'rotated-refresh-token' } });
    expect(second).not.toBe(first);
  });

  it('starts afresh after closeTransport', () => {
    const first = getTransport(smtp);
    closeTransport();
    expect(getTransport(smtp)).not.toBe(first);
  });
});

describe('TLS', () => {
  it('requires STARTTLS on a connection that does not start with TLS', () => {
    expect(smtpTransportOptions({ ...smtp, host: 'smtp.example.com', port: 587 })).toMatchObject({
      secure: false,
      requireTLS: true,
    });
  });

  it('needs no upgrade on an implicit TLS connection', () => {
    expect(smtpTransportOptions({ ...smtp, host: 'smtp.example.com', port: 465, secure: true })).toMatchObject({
      secure: true,
      requireTLS: false,
    });
  });

  it.each(['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.53'])(
    'lets %s, on this machine, go without TLS',
    (host) => {
      expect(smtpTransportOptions({ ...smtp, host }).requireTLS).toBe(false);
    },
  );

  it.each(['127.0.0.1.example.com', 'localhost.example.com', '10.0.0.1'])('requires it of %s', (host) => {
    expect(isLoopback(host)).toBe(false);
  });
});
